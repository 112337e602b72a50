"""Seed 002 section 10: QualityScoreNode (LLM-as-judge on five weighted dimensions, composite vs threshold)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.content_types.exam_item import EXAM_ITEM
from editorial_ai.content_types.exam_item.nodes import make_exam_score_node
from editorial_ai.content_types.exam_item.service import ExamItemService
from editorial_ai.content_types.exam_item.validators import validate_exam_item
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.models.exam_item import ExamItem, ExamRequest

from .fixtures import (
    MOCK_FAILING_SCORE,
    MOCK_LLM_SCORE_RESPONSE,
    MOCK_PASSING_SCORE,
    MOCK_REVIEW_CONFIG,
    MOCK_VALID_QUESTION,
    REQUEST,
    exam_deps,
    exam_state,
    judge_json,
    uniform_judge,
)

RUBRIC = EXAM_ITEM.rubric()


async def _evaluate(judge: dict[str, Any] | str, rubric: Any = RUBRIC) -> tuple[Any, ScriptedClient]:
    response = {"text": judge} if isinstance(judge, str) else {"json": judge}
    client = ScriptedClient({"judge": [response]})
    item = ExamItem.model_validate(MOCK_VALID_QUESTION)
    evaluation = await ExamItemService(client).evaluate(item=item, validation=validate_exam_item(item),
                                                        request=ExamRequest.model_validate(REQUEST), rubric=rubric)
    return evaluation, client


async def test_invokes_llm_with_rubric_prompt_and_question_content() -> None:
    evaluation, client = await _evaluate(MOCK_LLM_SCORE_RESPONSE["content"])
    (request,) = client.calls
    assert request.purpose == "judge" and request.temperature == 0.0
    assert request.output_schema is not None
    assert list(request.output_schema.model_fields) == list(MOCK_REVIEW_CONFIG["dimensionWeights"])
    for criterion in RUBRIC.by_check("judge"):  # the same rubric text the generator is shown
        assert f"- {criterion.name}: {criterion.description}" in request.prompt
    assert MOCK_VALID_QUESTION["vignette"] in request.prompt and MOCK_VALID_QUESTION["stem"] in request.prompt
    assert all(o["text"] in request.prompt for o in MOCK_VALID_QUESTION["options"])
    assert REQUEST["slo"] in request.prompt and "Answer key: A" in request.prompt
    by_name = {c.criterion: c for c in evaluation.review.criteria}
    assert by_name["clinical_accuracy"].score == 0.9 and by_name["clinical_accuracy"].reason == "Accurate presentation"


@pytest.mark.parametrize("fixture", [MOCK_PASSING_SCORE, MOCK_FAILING_SCORE], ids=["passing", "failing"])
async def test_calculates_weighted_composite_score_from_5_dimensions(fixture: dict[str, Any]) -> None:
    weights = {c.name: c.weight for c in RUBRIC.by_check("judge")}
    assert weights == MOCK_REVIEW_CONFIG["dimensionWeights"] and sum(weights.values()) == pytest.approx(1.0)
    evaluation, _ = await _evaluate(judge_json(fixture))
    assert evaluation.review.composite_score == pytest.approx(fixture["compositeScore"])
    assert evaluation.dimensions(RUBRIC) == fixture["dimensions"]


async def test_marks_passes_threshold_true_when_composite_at_or_above_threshold() -> None:
    evaluation, _ = await _evaluate(judge_json(MOCK_PASSING_SCORE))
    assert RUBRIC.threshold == MOCK_PASSING_SCORE["threshold"] == MOCK_REVIEW_CONFIG["qualityThreshold"]
    assert evaluation.review.passed is True and evaluation.judge_error is None
    at_the_bar, _ = await _evaluate(uniform_judge(0.7))
    assert at_the_bar.review.composite_score == pytest.approx(0.7) and at_the_bar.review.passed is True


async def test_marks_passes_threshold_false_when_composite_below_threshold() -> None:
    evaluation, _ = await _evaluate(judge_json(MOCK_FAILING_SCORE))
    assert evaluation.review.passed is False
    assert {c.criterion for c in evaluation.review.failed()} == {
        "clinical_accuracy", "pedagogical_alignment", "distractor_quality", "blooms_match"}
    just_below, _ = await _evaluate(uniform_judge(0.69))
    assert just_below.review.passed is False


async def test_uses_institution_specific_threshold_when_configured(make_settings: Callable[..., Settings],
                                                                   tmp_path: Path) -> None:
    tenants = tmp_path / "tenants.yaml"
    tenants.write_text("tenants:\n  strict: {threshold: 0.9}\n  lenient: {threshold: 0.5}\n", encoding="utf-8")
    settings = make_settings(EDITORIAL_AI_TENANTS_FILE=tenants)
    outcomes = {}
    for tenant, judge in [(None, MOCK_PASSING_SCORE), ("strict", MOCK_PASSING_SCORE), ("lenient", MOCK_FAILING_SCORE)]:
        async with exam_deps(settings, {"judge": [{"json": judge_json(judge)}]}) as (deps, _):
            update = await make_exam_score_node(deps)(exam_state(tenant=tenant))
        (entry,) = update["review_history"]
        outcomes[tenant] = (entry["threshold"], entry["passed"], update["pipeline_status"])
    assert outcomes == {None: (0.7, True, "awaiting_approval"), "strict": (0.9, False, "revising"),
                        "lenient": (0.5, True, "awaiting_approval")}


async def test_appends_score_to_state_review_history(settings: Settings) -> None:
    async with exam_deps(settings, {"judge": [{"json": judge_json(MOCK_PASSING_SCORE)}]}) as (deps, _):
        update = await make_exam_score_node(deps)(exam_state())
    (entry,) = update["review_history"]  # the graph's reducer appends this list to state.review_history
    assert entry["cycle"] == 1 and entry["passed"] is True and entry["passes_threshold"] is True
    assert entry["composite_score"] == pytest.approx(MOCK_PASSING_SCORE["compositeScore"])
    assert entry["threshold"] == 0.7 and entry["pass_rule"] == "weighted_threshold"
    assert entry["dimensions"] == MOCK_PASSING_SCORE["dimensions"]
    assert entry["scores"] == {d["name"]: d["score"] for d in MOCK_PASSING_SCORE["dimensions"]}
    assert entry["validation"] == {"is_valid": True, "issues": []}
    assert entry["correction_applied"] is False and entry["correction_target"] is None and entry["timestamp"]
    assert update["review_result"]["composite_score"] == entry["composite_score"]
    assert update["final_status"] == "passed"
