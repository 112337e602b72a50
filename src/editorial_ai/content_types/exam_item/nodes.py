"""Exam item nodes (seed 002): generate -> validate -> score -> (pass | correct -> validate ... | human).

The item then goes through the shared admin_gate / human_decision / publish nodes. `review_history` gets one
entry per scored cycle (validation result, dimension scores, composite, the correction applied before it and
the one it asks for, timestamp); `current_review_cycle` is 1 for the generated item and grows by one with
each self-correction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from editorial_ai.content_types.exam_item.service import (
    EXAM_MAX_CORRECTIONS,
    CorrectionPlan,
    ExamItemService,
    components_text,
    exam_request_from_input,
    plan_correction,
)
from editorial_ai.content_types.exam_item.state import ExamNode, ExamState
from editorial_ai.content_types.exam_item.validators import validate_exam_item
from editorial_ai.llm.base import LLMError
from editorial_ai.models.exam_item import ExamItem, ExamRequest, ValidationResult
from editorial_ai.models.review import ReviewResult
from editorial_ai.models.run_request import EXAM_CONTENT_TYPE
from editorial_ai.models.status import Decision, FinalStatus, PipelineStatus
from editorial_ai.pipeline.content_type import GATE_NODE
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.loop_wiring import route_after_review
from editorial_ai.pipeline.nodes._common import judge_model, run_model
from editorial_ai.pipeline.registry import content_type_for
from editorial_ai.pipeline.review_loop import (
    Correction,
    GateOutcome,
    ReviewedAttempt,
    ReviewLoop,
    now_iso,
    review_node_maker,
    review_setup,
)
from editorial_ai.pipeline.state import HistoryEntry
from editorial_ai.review.policy import LoopPolicy, draft_similarity
from editorial_ai.review.rubric import Rubric

EXAM_NODE_ORDER = ("exam_generate", "exam_validate", "exam_score", "exam_correct")


# --- routing ----------------------------------------------------------------------------------------------
# Seed 002 reviewRouter: pass -> admin_gate; fail with corrections left -> exam_correct; corrections exhausted ->
# admin_gate flagged needs_human_review (the flow is wired by review_loop_flow with the same router).
route_after_exam_score = route_after_review("exam_correct", GATE_NODE)


# --- nodes ------------------------------------------------------------------------------------------------
def make_exam_generate_node(deps: PipelineDeps) -> ExamNode:
    """Write a whole item from the request (topic, SLO, Bloom's level); a human's revision request is fed in."""

    async def exam_generate(state: ExamState) -> ExamState:
        version = int(state.get("draft_version", 0)) + 1
        try:
            request = exam_request_from_input(state.get("curation_input"))
        except ValidationError as exc:
            return {"pipeline_status": PipelineStatus.FAILED,
                    "error_log": [f"exam_generate: invalid exam request: {exc}"]}
        rubric, _ = review_setup(state, deps, EXAM_REVIEW_LOOP)
        llm = deps.llm("editorial_content", run_model(state, deps.settings), 0)
        admin_feedback = ([e for e in state.get("feedback_history", []) if e.get("source") == "admin"][-1:]
                          if state.get("admin_decision") == Decision.REVISION_REQUESTED else [])
        try:
            item, repairs = await ExamItemService(llm).generate(request=request, rubric=rubric,
                                                                feedback_history=admin_feedback)
        except LLMError as exc:
            return {"current_draft": None, "draft_version": version, "pipeline_status": PipelineStatus.FAILED,
                    "error_log": [f"exam_generate: generation failed on attempt {version}: {exc}"]}
        return {
            "exam_request": request.model_dump(mode="json"), "current_draft": item.model_dump(mode="json"),
            "draft_version": version, "current_review_cycle": 1, "revision_count": 0, "correction_targets": [],
            "exam_correction": None, "best_draft": None, "best_score": None, "escalated": False,
            "final_status": FinalStatus.PENDING, "pipeline_status": PipelineStatus.DRAFTING,
            "tool_calls_log": [{"tool": "exam_item.generate", "model": llm.name, "repairs": repairs,
                                "attempt": version, "with_admin_feedback": bool(admin_feedback)}],
        }

    return exam_generate


def make_exam_validate_node(deps: PipelineDeps) -> ExamNode:
    """Seed 002 ValidationCheckNode, the exam type's validator: deterministic structural rules, field-specific
    findings."""

    async def exam_validate(state: ExamState) -> ExamState:
        validation = validate_exam_item(state.get("current_draft") or {})
        return {"exam_validation": validation.model_dump(mode="json"), "pipeline_status": PipelineStatus.REVIEWING}

    return exam_validate


def exam_rubric() -> Rubric:
    """The exam rubric (this package's rubric.yaml, through the registered type)."""
    return content_type_for(EXAM_CONTENT_TYPE).rubric()


class ExamReviewLoop(ReviewLoop[ExamState]):
    """Seed 002 QualityScoreNode in the shared loop: the five judged dimensions plus the structural validation,
    at most EXAM_MAX_CORRECTIONS self-corrections of the weakest component, a judge outage escalates."""

    node = "exam_score"
    correct_node = "exam_correct"
    judge_outage = "escalate"
    shows_on_escalation = "latest_unless_worse"

    def base_rubric(self, state: Mapping[str, Any], deps: PipelineDeps) -> Rubric:
        """The exam rubric, whatever the run's settings name."""
        return exam_rubric()

    def max_loops(self, state: Mapping[str, Any], deps: PipelineDeps) -> int:
        """Seed 002: two self-corrections, then a human (unless the run asks for another cap)."""
        asked = (state.get("curation_input") or {}).get("max_revisions")
        return int(asked) if asked else EXAM_MAX_CORRECTIONS

    async def assess(self, state: ExamState, deps: PipelineDeps, rubric: Rubric) -> ReviewedAttempt:
        """Judge the item (its validation comes from exam_validate) and record the seed's cycle entry."""
        item = ExamItem.model_validate(state.get("current_draft") or {})
        request = ExamRequest.model_validate(state.get("exam_request") or exam_request_from_input(
            state.get("curation_input")).model_dump())
        validation = (ValidationResult.model_validate(state["exam_validation"]) if state.get("exam_validation")
                      else validate_exam_item(item))
        cycle = int(state.get("current_review_cycle") or 1)
        judge = deps.llm("review", judge_model(state, deps.settings), cycle - 1)
        evaluation = await ExamItemService(judge).evaluate(item=item, validation=validation, request=request,
                                                           rubric=rubric)
        review, score = evaluation.review, evaluation.review.composite_score
        applied = state.get("exam_correction") if cycle > 1 else None
        now = now_iso()
        entry: HistoryEntry = {
            "cycle": cycle, "attempt": int(state.get("draft_version", 0)), "content_type": EXAM_CONTENT_TYPE,
            "passed": review.passed, "composite_score": score, "threshold": rubric.threshold,
            "passes_threshold": score is not None and score >= rubric.threshold, "pass_rule": rubric.pass_rule,
            "scores": {d["name"]: d["score"] for d in evaluation.dimensions(rubric)},
            "dimensions": evaluation.dimensions(rubric), "validation": validation.model_dump(mode="json"),
            "failed": [c.criterion for c in review.failed()],
            "skipped": [c.criterion for c in review.criteria if c.skipped],
            "correction_applied": applied is not None, "applied_correction": applied,
            "correction_target": None, "correction": None, "timestamp": now, "at": now,
        }
        return ReviewedAttempt(review=review, entry=entry, draft=state.get("current_draft"), title=item.stem,
                               judge_error=evaluation.judge_error, findings=(evaluation, validation, item))

    def keep_best_score(self, review: ReviewResult) -> float:
        """The composite (0 when the judge gave none)."""
        return review.composite_score or 0.0

    def corrections_done(self, state: ExamState) -> int:
        """Self-corrections made so far (the review cycle counts the generated item as 1)."""
        return int(state.get("current_review_cycle") or 1) - 1

    def loops_done(self, state: ExamState) -> int:
        """The cap counts self-corrections, checked by `cap_reason` before the shared rule."""
        return self.corrections_done(state)

    def failure_fields(self, state: ExamState) -> ExamState:
        """The correct node counts corrections, not the review."""
        return {}

    def similarity(self, state: ExamState, attempt: ReviewedAttempt) -> float:
        """How little the last correction changed the components it rewrote."""
        applied = state.get("exam_correction") if self.corrections_done(state) else None
        return float((applied or {}).get("similarity") or 0.0)

    def cap_reason(self, state: ExamState, policy: LoopPolicy) -> str | None:
        """Seed 002's cap on self-corrections."""
        corrections = self.corrections_done(state)
        if corrections >= policy.max_loops:
            return f"max self-corrections reached: {corrections} of {policy.max_loops}, still below the bar"
        return None

    def plan(self, state: ExamState, attempt: ReviewedAttempt, rubric: Rubric) -> Correction | None:
        """The weakest dimension's component (or the components validation flagged)."""
        evaluation, validation, item = attempt.findings
        plan = plan_correction(evaluation, validation, item, rubric)
        if plan is None:
            return None
        return Correction(targets=plan.components, entry={"correction_target": plan.target,
                                                          "correction": plan.as_dict(),
                                                          "weakest_dimension": plan.dimension})

    def gate_fields(self, state: ExamState, outcome: GateOutcome) -> ExamState:
        """Seed 002's final_status."""
        if outcome != GateOutcome.PASSED:
            return {"final_status": FinalStatus.NEEDS_HUMAN_REVIEW}
        corrected = int(state.get("current_review_cycle") or 1) > 1
        return {"final_status": FinalStatus.CORRECTED if corrected else FinalStatus.PASSED}

    def escalation_note(self, review: ReviewResult) -> str:
        """The exam log line names the reason only."""
        return ""


def make_exam_correct_node(deps: PipelineDeps) -> ExamNode:
    """Seed 002 SelfCorrectionNode, the exam type's corrector: regenerate only the planned component(s) with the
    dimension's feedback."""

    async def exam_correct(state: ExamState) -> ExamState:
        cycle = int(state.get("current_review_cycle") or 1)
        version = int(state.get("draft_version", 0)) + 1
        planned = (state.get("review_history") or [{}])[-1].get("correction") or {}
        plan = CorrectionPlan(target=str(planned.get("target") or ""), dimension=planned.get("dimension"),
                              components=list(state.get("correction_targets") or planned.get("components") or []),
                              feedback=list(planned.get("feedback") or []))
        item = ExamItem.model_validate(state.get("current_draft") or {})
        request = ExamRequest.model_validate(state.get("exam_request") or exam_request_from_input(
            state.get("curation_input")).model_dump())
        llm = deps.llm("editorial_content", run_model(state, deps.settings), cycle)
        error = None
        try:
            corrected = await ExamItemService(llm).correct(item=item, plan=plan, request=request)
        except (LLMError, ValidationError) as exc:
            corrected, error = item, f"exam_correct: correction of {plan.target or 'the item'} failed: {exc}"
        similarity = draft_similarity(components_text(item, plan.components),
                                       components_text(corrected, plan.components))
        record = {**plan.as_dict(), "requested_by_cycle": cycle, "similarity": round(similarity, 4), "error": error,
                  "at": now_iso()}
        update: ExamState = {
            "current_draft": corrected.model_dump(mode="json"), "current_review_cycle": cycle + 1,
            "revision_count": cycle, "draft_version": version, "exam_correction": record, "correction_targets": [],
            "pipeline_status": PipelineStatus.REVISING,
            "tool_calls_log": [{"tool": "exam_item.correct", "model": llm.name, "target": plan.target,
                                "components": [*plan.components], "attempt": version}],
        }
        if error:
            update["error_log"] = [error]
        return update

    return exam_correct


EXAM_REVIEW_LOOP = ExamReviewLoop()
make_exam_score_node = review_node_maker(EXAM_REVIEW_LOOP)
EXAM_NODE_MAKERS = {
    "exam_generate": make_exam_generate_node, "exam_validate": make_exam_validate_node,
    "exam_score": make_exam_score_node, "exam_correct": make_exam_correct_node,
}
