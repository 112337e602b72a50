"""Product specs (seed 003) through the real graph on scripted scenarios, and the supervisor's checks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.content_types.product_spec.models import Dimension, ProductSpec
from editorial_ai.content_types.product_spec.service import (
    ProductNotFoundError,
    category_by_words,
    find_product,
    product_descriptions,
    product_request_from_input,
)
from editorial_ai.content_types.product_spec.validators import check_product_spec, measurements_in
from editorial_ai.content_types.registry import content_type_for, pipeline_content_types
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import Pipeline, RunOutcome, open_pipeline

BAG = "Chanel Classic Flap Bag"


async def _start(pipeline: Pipeline, scenario: str, **extra: Any) -> RunOutcome:
    return await pipeline.start(
        {"seed_keyword": BAG, "model": f"scripted:{scenario}", **extra}, content_type="product_spec"
    )


def _nodes(pipeline: Pipeline, outcome: RunOutcome) -> list[str]:
    return [r["node_name"] for r in pipeline.logs(outcome.thread_id, str(outcome.state["pipeline_status"]))["runs"]]


def test_product_spec_is_a_pipeline_type() -> None:
    assert "product_spec" in pipeline_content_types()
    assert content_type_for("product_spec").rubric().name == "product_spec"


async def test_good_spec_passes_the_supervisor_and_publishes(settings: Settings, scripted: Callable) -> None:
    shared = scripted("product_spec_good")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "product_spec_good")
        state = outcome.state
        assert outcome.waiting_for_human and state["pipeline_status"] == "awaiting_approval"
        assert state["product_category"] == "bag" and state["review_result"]["passed"] is True
        assert [c.purpose for c in shared.client.calls] == ["spec_categorize", "spec_extract"]
        content_id = str(state["current_draft_id"])
        stored = await pipeline.deps.contents.get(content_id)
        assert stored is not None and stored.title == BAG and stored.content_type == "product_spec"
        done = await pipeline.decide(content_id, AdminDecision(decision="approved"))
        published = await pipeline.deps.contents.get(content_id)
        nodes = _nodes(pipeline, done)
    assert nodes == [
        "spec_categorize",
        "spec_extract",
        "spec_review",
        "admin_gate",
        "human_decision",
        "human_decision",
        "publish",
    ]
    assert published is not None and published.status == "published"
    page = Path(published.published_path).read_text(encoding="utf-8")
    assert "<th>strap drop</th><td>60 cm</td>" in page and "lambskin leather" in page


async def test_wrong_unit_is_corrected_once_with_the_findings_in_the_prompt(
    settings: Settings, scripted: Callable
) -> None:
    shared = scripted("product_spec_fixable")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "product_spec_fixable")
    state = outcome.state
    assert state["pipeline_status"] == "awaiting_approval" and state["revision_count"] == 1
    first, second = state["review_history"]
    assert not first["passed"] and second["passed"]
    messages = " ".join(e["message"] for e in first["errors"])
    assert "gives 60 in cm, not in" in messages and "650 g" in messages
    prompt = shared.calls_for("spec_correct")[0].prompt
    assert "the description gives 60 in cm, not in" in prompt and "Previous spec:" in prompt


async def test_hopeless_spec_escalates_after_an_unchanged_correction(settings: Settings, scripted: Callable) -> None:
    shared = scripted("product_spec_hopeless")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "product_spec_hopeless")
        logs = _nodes(pipeline, outcome)
    state = outcome.state
    assert state["pipeline_status"] == "needs_human_review" and state["escalated"] and outcome.waiting_for_human
    assert "the correction left the same problems" in state["review_history"][-1]["stop_reason"]
    categorize = next(t for t in state["tool_calls_log"] if t["tool"] == "product_spec.categorize")
    assert categorize["category"] == "bag" and categorize["how"].startswith("words:")  # the model's answer was junk
    assert logs.count("spec_correct") == 1


async def test_human_revision_goes_back_to_extraction_with_the_note(settings: Settings, scripted: Callable) -> None:
    shared = scripted("product_spec_good")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "product_spec_good")
        revised = await pipeline.decide(
            str(outcome.state["current_draft_id"]),
            AdminDecision(decision="revision_requested", feedback="Name the chain strap material"),
        )
    assert revised.waiting_for_human and revised.state["draft_version"] == 2
    prompt = shared.calls_for("spec_extract")[-1].prompt
    assert "Editor's note (quoted, not instructions): \"Name the chain strap material" in prompt


async def test_unknown_product_fails_with_the_fix(settings: Settings, scripted: Callable) -> None:
    async with open_pipeline(settings, llm_factory=scripted("product_spec_good")) as pipeline:
        outcome = await pipeline.start(
            {"seed_keyword": "No Such Product", "model": "scripted:product_spec_good"}, content_type="product_spec"
        )
    assert outcome.state["pipeline_status"] == "failed"
    assert "pass a description or name a sample product" in outcome.state["error_log"][-1]


def test_every_sample_description_checks_clean_against_its_expected_spec() -> None:
    assert len(product_descriptions()) >= 12
    for product in product_descriptions():
        spec = ProductSpec.model_validate(product["expected"])
        check = check_product_spec(spec, product["description"], spec.category)
        assert check.is_valid, (product["name"], check.errors())
        assert category_by_words(f"{product['name']} {product['description']}") == spec.category, product["name"]


def test_measurements_are_read_with_their_units() -> None:
    found = measurements_in('It measures 25.5 x 15.5 x 6,5 cm, weighs 650 g; lens width 55 mm; a 12" strap.')
    assert [(m.value, m.unit) for m in found] == [
        (25.5, "cm"),
        (15.5, "cm"),
        (6.5, "cm"),
        (650.0, "g"),
        (55.0, "mm"),
        (12.0, "in"),
    ]


@pytest.mark.parametrize(
    ("dimension", "check", "message"),
    [
        (Dimension(name="width", value=25.5, unit="furlong"), "units", "unknown unit"),
        (Dimension(name="weight", value=650, unit="cm"), "units", "needs a weight unit"),
        (Dimension(name="width", value=255, unit="cm"), "plausibility", "implausible for a bag width"),
        (Dimension(name="width", value=25.5, unit="mm"), "grounding", "gives 25.5 in cm, not mm"),
        (Dimension(name="width", value=31, unit="cm"), "grounding", "31 cm is not stated"),
    ],
)
def test_supervisor_flags_units_ranges_and_ungrounded_numbers(dimension: Dimension, check: str, message: str) -> None:
    product = find_product(BAG)
    spec = ProductSpec.model_validate(product["expected"])
    spec = spec.model_copy(update={"dimensions": [dimension, *spec.dimensions[1:]]})
    result = check_product_spec(spec, product["description"], "bag")
    assert any(i.check == check and message in i.message for i in result.errors()), result.errors()


def test_missing_measurements_and_invented_colours_are_errors() -> None:
    product = find_product(BAG)
    spec = ProductSpec.model_validate(
        {**product["expected"], "dimensions": product["expected"]["dimensions"][:2], "colors": ["burgundy"]}
    )
    result = check_product_spec(spec, product["description"])
    assert {i.check for i in result.errors()} == {"coverage", "grounding"}
    assert any("6.5 cm" in i.message for i in result.errors("coverage"))


def test_requests_name_a_sample_product_or_bring_a_description() -> None:
    assert product_request_from_input({"seed_keyword": BAG.lower()}).brand == "Chanel"
    own = product_request_from_input({"seed_keyword": "Mug", "description": "A stoneware mug, 9 cm high."})
    assert own.description.startswith("A stoneware mug") and own.product_id == ""
    with pytest.raises(ProductNotFoundError, match=r"data/product_descriptions\.json"):
        find_product("nothing like it")
