"""Each bundled type's package brings its own rubric and scenarios, found beside the type: nothing else lists them."""

from __future__ import annotations

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
