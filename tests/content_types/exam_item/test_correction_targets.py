"""Weakest dimension -> component, validation errors -> their fields, and the loop's failure paths."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.content_types.exam_item import EXAM_ITEM
from editorial_ai.content_types.exam_item.nodes import make_exam_correct_node, make_exam_score_node
from editorial_ai.content_types.exam_item.service import (
    CorrectionPlan,
    ExamEvaluation,
    ExamItemService,
    plan_correction,
    weakest_dimension,
)
from editorial_ai.content_types.exam_item.validators import validate_exam_item
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.models.exam_item import ExamItem, ExamRequest
from editorial_ai.models.review import CriterionResult, ReviewResult

from .fixtures import MOCK_INVALID_QUESTION, MOCK_VALID_QUESTION, REQUEST, exam_deps, exam_state, merge, uniform_judge

RUBRIC = EXAM_ITEM.rubric()
ITEM = ExamItem.model_validate(MOCK_VALID_QUESTION)


def _evaluation(scores: dict[str, float], feedback: str = "needs work") -> ExamEvaluation:
    criteria = [CriterionResult(criterion=n, passed=s >= 0.7, reason=feedback, score=s, source="judge")
                for n, s in scores.items()]
    return ExamEvaluation(review=ReviewResult(passed=False, criteria=criteria))


def _scores(**low: float) -> dict[str, float]:
    base = dict.fromkeys(("clinical_accuracy", "pedagogical_alignment", "distractor_quality", "slo_coverage",
                          "blooms_match"), 0.8)
    return {**base, **low}


@pytest.mark.parametrize(("low", "target", "components"), [
    ({"clinical_accuracy": 0.3}, "vignette", ["vignette"]),
    ({"distractor_quality": 0.3}, "distractors", ["options[1]", "options[2]", "options[3]", "options[4]"]),
    ({"pedagogical_alignment": 0.3}, "stem", ["stem"]),
    ({"blooms_match": 0.3}, "stem", ["stem"]),
    ({"slo_coverage": 0.3}, "stem", ["stem"]),
])
def test_weakest_dimension_maps_to_its_component(low: dict[str, float], target: str, components: list[str]) -> None:
    plan = plan_correction(_evaluation(_scores(**low)), validate_exam_item(ITEM), ITEM, RUBRIC)
    assert plan is not None and (plan.target, plan.components) == (target, components)
    assert plan.dimension == next(iter(low))


def test_slo_coverage_points_at_the_vignette_when_the_feedback_is_about_the_case() -> None:
    evaluation = _evaluation(_scores(slo_coverage=0.3), feedback="The vignette never shows the finding the SLO names.")
    plan = plan_correction(evaluation, validate_exam_item(ITEM), ITEM, RUBRIC)
    assert plan is not None and plan.components == ["vignette"]


def test_ties_go_to_the_heavier_dimension() -> None:
    evaluation = _evaluation(_scores(blooms_match=0.4, distractor_quality=0.4, clinical_accuracy=0.4))
    weakest = weakest_dimension(evaluation.review, RUBRIC)
    assert weakest is not None and weakest.criterion == "clinical_accuracy"


def test_validation_errors_target_their_fields() -> None:
    plan = plan_correction(_evaluation({}), validate_exam_item(MOCK_INVALID_QUESTION),
                           ExamItem.model_validate(MOCK_INVALID_QUESTION), RUBRIC)
    assert plan is not None and plan.components == ["vignette", "answer_key"] and plan.dimension == "validation"
    two_correct = copy.deepcopy(MOCK_VALID_QUESTION)
    two_correct["options"][2]["is_correct"] = True
    plan = plan_correction(_evaluation({}), validate_exam_item(two_correct), ExamItem.model_validate(two_correct),
                           RUBRIC)
    assert plan is not None and plan.components == ["options", "answer_key"] and plan.target == "distractors"


async def test_distractor_correction_keeps_the_correct_option_and_keeps_distractors_wrong() -> None:
    patch = {f"options_{i}": {"text": f"Plausible alternative {i}", "is_correct": i == 2, "explanation": "why"}
             for i in range(1, 5)}
    client = ScriptedClient({"correction": [{"json": patch}]})
    plan = CorrectionPlan(target="distractors", components=[f"options[{i}]" for i in range(1, 5)])
    revised = await ExamItemService(client).correct(item=ITEM, plan=plan, request=ExamRequest.model_validate(REQUEST))
    assert revised.options[0] == ITEM.options[0]
    assert [o.text for o in revised.options[1:]] == [f"Plausible alternative {i}" for i in range(1, 5)]
    assert revised.correct_indexes() == [0], "a rewritten distractor stays a wrong option"
    assert (revised.vignette, revised.stem, revised.answer_key) == (ITEM.vignette, ITEM.stem, ITEM.answer_key)


async def test_an_invalid_item_is_not_sent_to_the_judge(settings: Settings) -> None:
    async with exam_deps(settings, {"judge": [{"json": uniform_judge(0.9)}]}) as (deps, client):
        update = await make_exam_score_node(deps)(exam_state(MOCK_INVALID_QUESTION))
    assert client.calls == []
    review = update["review_result"]
    assert review["passed"] is False and review["composite_score"] is None
    # key_consistency compares the key with the explanation: not run either while the structure is broken.
    assert [c["criterion"] for c in review["criteria"] if c["skipped"]] == [
        "key_consistency", "clinical_accuracy", "pedagogical_alignment", "distractor_quality", "slo_coverage",
        "blooms_match"]
    assert update["correction_targets"] == ["vignette", "answer_key"]


async def test_judge_outage_goes_to_a_human_flagged(settings: Settings) -> None:
    async with exam_deps(settings, {"judge": [{"error": "fatal", "message": "judge down"}]}) as (deps, _):
        update = await make_exam_score_node(deps)(exam_state())
    assert update["pipeline_status"] == "needs_human_review"
    assert {"judge_skipped", "escalated"} <= set(update["flags"])
    assert "judge down" in update["review_history"][0]["stop_reason"]


async def test_a_correction_that_changes_nothing_stops_the_loop(settings: Settings) -> None:
    responses: dict[str, list[dict[str, Any]]] = {"judge": [{"json": uniform_judge(0.5)}],
                                                  "correction": [{"error": "fatal", "message": "no patch"}]}
    async with exam_deps(settings, responses) as (deps, _):
        state = exam_state()
        for node in (make_exam_score_node, make_exam_correct_node, make_exam_score_node):
            state = merge(state, await node(deps)(state))
    assert state["exam_correction"]["similarity"] == 1.0 and "no patch" in state["exam_correction"]["error"]
    assert state["current_review_cycle"] == 2 and state["pipeline_status"] == "needs_human_review"
    assert "stopped changing" in state["review_history"][-1]["stop_reason"]


async def test_a_broken_option_list_is_rewritten_whole_with_its_key(settings: Settings) -> None:
    no_correct = copy.deepcopy(MOCK_VALID_QUESTION)
    for option in no_correct["options"]:
        option["is_correct"] = False
    fixed_options = copy.deepcopy(MOCK_VALID_QUESTION["options"][:4])
    responses: dict[str, list[dict[str, Any]]] = {
        "judge": [{"json": uniform_judge(0.5)}],
        "correction": [{"json": {"options": fixed_options, "answer_key": "A"}}]}
    async with exam_deps(settings, responses) as (deps, _):
        state = exam_state(no_correct)
        state = merge(state, await make_exam_score_node(deps)(state))
        assert state["review_history"][-1]["correction_target"] == "distractors"
        state = merge(state, await make_exam_correct_node(deps)(state))
    assert state["pipeline_status"] == "revising" and state["current_review_cycle"] == 2
    assert state["current_draft"]["options"] == fixed_options and validate_exam_item(state["current_draft"]).is_valid


async def test_escalation_shows_an_earlier_version_only_when_it_scored_higher(settings: Settings) -> None:
    earlier = {**exam_state()["current_draft"], "stem": "Which diagnosis best explains these findings?"}
    async with exam_deps(settings, {"judge": [{"json": uniform_judge(0.5)}]}) as (deps, _):
        better = exam_state(cycle=3, exam_correction={"similarity": 0.5}, best_draft=earlier, best_score=0.6)
        shown_best = merge(better, await make_exam_score_node(deps)(better))
        tie = exam_state(cycle=3, exam_correction={"similarity": 0.5}, best_draft=earlier, best_score=0.5)
        shown_last = merge(tie, await make_exam_score_node(deps)(tie))
    assert shown_best["current_draft"] == earlier and "best-scoring version" in shown_best["error_log"][-1]
    assert shown_last["current_draft"] == tie["current_draft"] and len(shown_last["error_log"]) == 1
