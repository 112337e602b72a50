"""Each bundled type's package brings its own rubric and scenarios, found beside the type: nothing else lists them."""

from __future__ import annotations

import importlib.util

import pytest

from editorial_ai.content_types.registry import all_content_types, content_type_for
from editorial_ai.llm.scripted import load_scenario, scenario_names
from editorial_ai.review.rubric import available_rubrics

PACKAGED = ["exam_item", "product_spec", "research_brief", "social_post"]


@pytest.mark.parametrize("name", PACKAGED)
def test_a_type_package_brings_its_rubric(name: str) -> None:
    content_type = content_type_for(name)
    path = content_type.rubric_file()
    assert path is not None and path.parent.name == name and path.name == "rubric.yaml"
    rubric = content_type.rubric()
    assert rubric.name == name and rubric.criteria
    assert len({c.name for c in rubric.criteria}) == len(rubric.criteria)
    assert all(c.description for c in rubric.criteria)


def test_the_shared_rubrics_are_only_those_no_package_brings() -> None:
    packaged = {t.name for t in all_content_types() if t.rubric_file() is not None}
    assert set(PACKAGED) <= packaged
    assert not packaged & set(available_rubrics())


@pytest.mark.parametrize(("name", "scenarios"), [
    ("exam_item", ["exam_good", "exam_fixable", "exam_hopeless"]),
    ("product_spec", ["product_spec_good", "product_spec_fixable", "product_spec_hopeless"]),
])
def test_a_type_package_brings_its_scenarios(name: str, scenarios: list[str]) -> None:
    folder = content_type_for(name).scenario_dir()
    assert folder is not None and folder.parent.name == name
    assert set(scenarios) <= set(scenario_names())
    assert all(load_scenario(s) for s in scenarios)


# The article's writer and page modules live in its package; what stays below it is shared or read by the review.
ARTICLE_MODULES = [
    "writer.editorial", "writer.chat_writer", "writer.chat_text", "writer.chat_prompts", "writer.prompts",
    "writer.guard", "writer.outline", "writer.leads", "writer.targets", "writer.source_support",
    "layout.planner", "layout.vision", "layout.prompts", "layout.design_spec", "layout.design_prompts",
    "layout.enrich",
]
MOVED_OUT = [
    "services.editorial", "services.chat_writer", "services.chat_text", "services.editorial_guard",
    "services.editorial_outline", "services.editorial_leads", "services.editorial_targets", "services.source_support",
    "services.layout_planner", "services.layout_vision", "services.design_spec", "services.enrich",
    "prompts.chat_editorial", "prompts.layout", "prompts.design_spec",
]


@pytest.mark.parametrize("module", ARTICLE_MODULES)
def test_the_article_package_holds_its_writer(module: str) -> None:
    assert importlib.util.find_spec(f"editorial_ai.content_types.article.{module}") is not None


@pytest.mark.parametrize("module", MOVED_OUT)
def test_no_article_writer_module_is_left_in_the_shared_layers(module: str) -> None:
    assert importlib.util.find_spec(f"editorial_ai.{module}") is None
