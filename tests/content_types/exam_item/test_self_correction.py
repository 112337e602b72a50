"""Seed 002 section 10: SelfCorrectionNode and reviewRouter."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from langgraph.graph import END

from editorial_ai.config import Settings
from editorial_ai.content_types.exam_item.nodes import (
    make_exam_correct_node,
    make_exam_score_node,
    make_exam_validate_node,
    route_after_exam_score,
)

from .fixtures import (
    MOCK_FAILING_SCORE,
    MOCK_PASSING_SCORE,
    MOCK_VALID_QUESTION,
    exam_deps,
    exam_state,
    judge_json,
    merge,
)

NEW_VIGNETTE = ("A 45-year-old woman has 40 minutes of crushing chest pain radiating to her left arm with sweating. "
                "She has hypertension and hyperlipidemia. ECG shows ST-elevation in leads V1-V4 with reciprocal "
                "ST-depression in II, III and aVF.")
FAILING = {"json": judge_json(MOCK_FAILING_SCORE)}
PASSING = {"json": judge_json(MOCK_PASSING_SCORE)}


async def _score_then_correct(settings: Settings, responses: dict[str, list[dict[str, Any]]],
                              state: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any], Any]:
    """Score a failing item, then run the correction it asks for; return (state before, state after, client)."""
    async with exam_deps(settings, responses) as (deps, client):
        before = merge(state or exam_state(), await make_exam_score_node(deps)(state or exam_state()))
        after = merge(before, await make_exam_correct_node(deps)(before))
    return before, after, client


async def test_regenerates_only_the_weakest_component(settings: Settings) -> None:
    before, after, _ = await _score_then_correct(settings, {"judge": [FAILING],
                                                            "correction": [{"json": {"vignette": NEW_VIGNETTE}}]})
    # MOCK_FAILING_SCORE: clinical_accuracy (0.4) is the weakest dimension -> the vignette, and only it
    assert before["review_history"][-1]["correction_target"] == "vignette"
    assert before["correction_targets"] == ["vignette"]
    old, new = before["current_draft"], after["current_draft"]
    assert new["vignette"] == NEW_VIGNETTE != old["vignette"]
    assert {k: v for k, v in new.items() if k != "vignette"} == {k: v for k, v in old.items() if k != "vignette"}


async def test_passes_dimension_feedback_as_context_to_regeneration_prompt(settings: Settings) -> None:
    _, after, client = await _score_then_correct(settings, {"judge": [FAILING],
                                                            "correction": [{"json": {"vignette": NEW_VIGNETTE}}]})
    (request,) = [c for c in client.calls if c.purpose == "correction"]
    assert "clinical_accuracy (score 0.40): Inaccurate ECG interpretation" in request.prompt
    assert MOCK_VALID_QUESTION["stem"] in request.prompt and "Answer key: A" in request.prompt  # the item as context
    assert request.output_schema is not None and list(request.output_schema.model_fields) == ["vignette"]
    assert after["exam_correction"]["feedback"] == ["clinical_accuracy (score 0.40): Inaccurate ECG interpretation"]


async def test_increments_current_review_cycle_in_state(settings: Settings) -> None:
    before, after, _ = await _score_then_correct(settings, {"judge": [FAILING],
                                                            "correction": [{"json": {"vignette": NEW_VIGNETTE}}]})
    assert before["current_review_cycle"] == 1
    assert after["current_review_cycle"] == 2 and after["revision_count"] == 1
    assert after["draft_version"] == before["draft_version"] + 1


async def test_appends_correction_record_to_state_review_history(settings: Settings) -> None:
    responses = {"judge": [FAILING, PASSING], "correction": [{"json": {"vignette": NEW_VIGNETTE}}]}
    async with exam_deps(settings, responses) as (deps, _):
        state = exam_state()
        for node in (make_exam_score_node, make_exam_correct_node, make_exam_validate_node, make_exam_score_node):
            state = merge(state, await node(deps)(state))
    first, second = state["review_history"]
    assert first["cycle"] == 1 and first["correction_applied"] is False
    assert first["correction"]["target"] == "vignette" and first["correction"]["dimension"] == "clinical_accuracy"
    assert second["cycle"] == 2 and second["correction_applied"] is True and second["passed"] is True
    record = second["applied_correction"]
    assert record["target"] == "vignette" and record["components"] == ["vignette"]
    assert record["requested_by_cycle"] == 1 and record["similarity"] < 0.9 and record["error"] is None
    assert record["at"] and second["timestamp"] >= first["timestamp"]
    assert state["final_status"] == "corrected"


# --- reviewRouter ------------------------------------------------------------------------------------------
async def test_routes_to_format_output_when_score_passes_threshold(settings: Settings) -> None:
    async with exam_deps(settings, {"judge": [PASSING]}) as (deps, _):
        state = merge(exam_state(), await make_exam_score_node(deps)(exam_state()))
    assert route_after_exam_score(state) == "admin_gate"  # seed's format_output: the human gate, then publish
    assert state["pipeline_status"] == "awaiting_approval" and not state["escalated"]


async def test_routes_to_self_correction_when_score_fails_and_retries_remain(settings: Settings) -> None:
    for cycle in (1, 2):
        async with exam_deps(settings, {"judge": [FAILING]}) as (deps, _):
            state = exam_state(cycle=cycle, exam_correction={"similarity": 0.5} if cycle > 1 else None)
            state = merge(state, await make_exam_score_node(deps)(state))
        assert route_after_exam_score(state) == "exam_correct", cycle
        assert state["pipeline_status"] == "revising" and not state.get("escalated")


async def test_routes_to_human_review_when_max_retries_exceeded(settings: Settings,
                                                                make_settings: Callable[..., Settings],
                                                                tmp_path: Path) -> None:
    async with exam_deps(settings, {"judge": [FAILING]}) as (deps, _):
        state = exam_state(cycle=3, exam_correction={"similarity": 0.5})  # the initial item + 2 corrections
        state = merge(state, await make_exam_score_node(deps)(state))
    assert route_after_exam_score(state) == "admin_gate"
    assert state["pipeline_status"] == "needs_human_review" and state["final_status"] == "needs_human_review"
    assert state["escalated"] is True and "escalated" in state["flags"]
    assert "max self-corrections reached: 2 of 2" in state["review_history"][-1]["stop_reason"]
    # a tenant may allow fewer corrections
    tenants = tmp_path / "tenants.yaml"
    tenants.write_text("tenants:\n  quick: {max_loops: 1}\n", encoding="utf-8")
    async with exam_deps(make_settings(EDITORIAL_AI_TENANTS_FILE=tenants), {"judge": [FAILING]}) as (deps, _):
        state = exam_state(cycle=2, tenant="quick", exam_correction={"similarity": 0.5})
        state = merge(state, await make_exam_score_node(deps)(state))
    assert route_after_exam_score(state) == "admin_gate" and state["pipeline_status"] == "needs_human_review"
    assert route_after_exam_score({"pipeline_status": "failed"}) == END
    assert MOCK_VALID_QUESTION["answer_key"] == "A"
