"""Exam item nodes (seed 002): generate -> validate -> score -> (pass | correct -> validate ... | human).

The item then goes through the shared admin_gate / human_decision / publish nodes. `review_history` gets one
entry per scored cycle (validation result, dimension scores, composite, the correction applied before it and
the one it asks for, timestamp); `current_review_cycle` is 1 for the generated item and grows by one with
each self-correction.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from langgraph.graph import END
from pydantic import ValidationError

from editorial_ai.llm.base import LLMError
from editorial_ai.models.exam_item import ExamItem, ExamRequest, ValidationResult
from editorial_ai.models.review import FeedbackEntry
from editorial_ai.observability.node_wrapper import NodeFn
from editorial_ai.observability.tokens import peek_tokens
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes._common import run_model
from editorial_ai.pipeline.state import total_tokens
from editorial_ai.review.policy import LoopPolicy, apply_tenant, decide_next, load_tenants
from editorial_ai.review.rubric import Rubric, load_rubric
from editorial_ai.review.validators.exam_item import validate_exam_item
from editorial_ai.services.exam_item import (
    EXAM_CONTENT_TYPE,
    EXAM_MAX_CORRECTIONS,
    CorrectionPlan,
    ExamEvaluation,
    ExamItemService,
    change_similarity,
    components_text,
    exam_request_from_input,
    plan_correction,
)

EXAM_NODE_ORDER = ("exam_generate", "exam_validate", "exam_score", "exam_correct")


def _now() -> str:
    return datetime.now(UTC).isoformat()


def exam_review_setup(state: dict[str, Any], deps: PipelineDeps) -> tuple[Rubric, LoopPolicy]:
    """The exam rubric and loop policy (max_loops = self-corrections, seed default 2), after tenant overrides."""
    rubric = load_rubric(EXAM_CONTENT_TYPE)
    policy = LoopPolicy(max_loops=EXAM_MAX_CORRECTIONS, token_budget=deps.settings.token_budget)
    tenant_name = (state.get("curation_input") or {}).get("tenant")
    tenant = load_tenants(deps.settings.tenants_file).tenants.get(tenant_name) if tenant_name else None
    return apply_tenant(rubric, policy, tenant)


# --- routing ----------------------------------------------------------------------------------------------
def route_after_exam_generate(state: dict[str, Any]) -> str:
    """Validate the new item; stop when there is none."""
    return END if state.get("pipeline_status") == "failed" or not state.get("current_draft") else "exam_validate"


def route_after_exam_correct(state: dict[str, Any]) -> str:
    """Re-validate the corrected item; stop when the correction node itself crashed."""
    return END if state.get("pipeline_status") == "failed" else "exam_validate"


def route_after_exam_score(state: dict[str, Any]) -> str:
    """Seed 002 reviewRouter: pass -> admin_gate; fail with corrections left -> exam_correct;
    corrections exhausted -> admin_gate flagged needs_human_review."""
    status = state.get("pipeline_status")
    if status == "failed":
        return END
    if status in ("awaiting_approval", "needs_human_review"):
        return "admin_gate"
    return "exam_correct"


# --- nodes ------------------------------------------------------------------------------------------------
def make_exam_generate_node(deps: PipelineDeps) -> NodeFn:
    """Write a whole item from the request (topic, SLO, Bloom's level); a human's revision request is fed in."""

    async def exam_generate(state: dict[str, Any]) -> dict[str, Any]:
        version = int(state.get("draft_version", 0)) + 1
        try:
            request = exam_request_from_input(state.get("curation_input"))
        except ValidationError as exc:
            return {"pipeline_status": "failed", "error_log": [f"exam_generate: invalid exam request: {exc}"]}
        rubric, _ = exam_review_setup(state, deps)
        llm = deps.llm("editorial_content", run_model(state, deps.settings), 0)
        admin_feedback = ([e for e in state.get("feedback_history", []) if e.get("source") == "admin"][-1:]
                          if state.get("admin_decision") == "revision_requested" else [])
        try:
            item, repairs = await ExamItemService(llm).generate(request=request, rubric=rubric,
                                                                feedback_history=admin_feedback)
        except LLMError as exc:
            return {"current_draft": None, "draft_version": version, "pipeline_status": "failed",
                    "error_log": [f"exam_generate: generation failed on attempt {version}: {exc}"]}
        return {
            "exam_request": request.model_dump(mode="json"), "current_draft": item.model_dump(mode="json"),
            "draft_version": version, "current_review_cycle": 1, "revision_count": 0, "correction_targets": [],
            "exam_correction": None, "best_draft": None, "best_score": None, "escalated": False,
            "final_status": "pending", "pipeline_status": "drafting",
            "tool_calls_log": [{"tool": "exam_item.generate", "model": llm.name, "repairs": repairs,
                                "attempt": version, "with_admin_feedback": bool(admin_feedback)}],
        }

    return exam_generate


def make_exam_validate_node(deps: PipelineDeps) -> NodeFn:
    """Seed 002 ValidationCheckNode: deterministic structural rules, field-specific findings."""

    async def exam_validate(state: dict[str, Any]) -> dict[str, Any]:
        validation = validate_exam_item(state.get("current_draft") or {})
        return {"exam_validation": validation.model_dump(mode="json"), "pipeline_status": "reviewing"}

    return exam_validate


def _history_entry(state: dict[str, Any], evaluation: ExamEvaluation, validation: ValidationResult,
                   rubric: Rubric, cycle: int) -> dict[str, Any]:
    review = evaluation.review
    score = review.composite_score
    applied = state.get("exam_correction") if cycle > 1 else None
    now = _now()
    return {
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


def _escalate(state: dict[str, Any], update: dict[str, Any], entry: dict[str, Any], reason: str,
              flags: list[str]) -> dict[str, Any]:
    entry["stop_reason"] = reason
    current = state.get("current_draft")
    best = update.get("best_draft", state.get("best_draft")) or current
    best_score = float(update.get("best_score", state.get("best_score")) or 0.0)
    log = [f"exam_score: escalated to a human -- {reason}"]
    if best != current and best_score > float(entry.get("composite_score") or 0.0):
        log.append(f"exam_score: the gate shows the best-scoring version (composite {best_score:.2f}), "
                   "not the last one")
    else:
        best = current  # on a tie the latest version, which has had every correction, is shown
    update.update(escalated=True, current_draft=best, flags=[*flags, "escalated"], pipeline_status="needs_human_review",
                  final_status="needs_human_review", review_history=[entry], error_log=log)
    return update


def _stop_reason(state: dict[str, Any], score: float | None, cycle: int, policy: LoopPolicy) -> str | None:
    """Why the loop must stop now (None: correct once more)."""
    corrections = cycle - 1
    if corrections >= policy.max_loops:
        return f"max self-corrections reached: {corrections} of {policy.max_loops}, still below the bar"
    history = state.get("review_history", [])[-corrections:] if corrections else []
    prior = [h.get("composite_score") or 0.0 for h in history]
    applied = state.get("exam_correction") if corrections else None
    decision = decide_next(passed=False, scores=[*prior, score or 0.0], loops_done=corrections,
                           tokens_used=total_tokens(state)["total_tokens"] + peek_tokens(),
                           similarity=float((applied or {}).get("similarity") or 0.0), policy=policy)
    return decision.reason if decision.action == "escalate" else None


def make_exam_score_node(deps: PipelineDeps) -> NodeFn:
    """Seed 002 QualityScoreNode: judge the five dimensions, composite + pass rule, then route."""

    async def exam_score(state: dict[str, Any]) -> dict[str, Any]:
        rubric, policy = exam_review_setup(state, deps)
        item = ExamItem.model_validate(state.get("current_draft") or {})
        request = ExamRequest.model_validate(state.get("exam_request") or exam_request_from_input(
            state.get("curation_input")).model_dump())
        validation = (ValidationResult.model_validate(state["exam_validation"]) if state.get("exam_validation")
                      else validate_exam_item(item))
        cycle = int(state.get("current_review_cycle") or 1)
        judge = deps.llm("review", run_model(state, deps.settings), cycle - 1)
        evaluation = await ExamItemService(judge).evaluate(item=item, validation=validation, request=request,
                                                           rubric=rubric)
        review, score = evaluation.review, evaluation.review.composite_score
        entry = _history_entry(state, evaluation, validation, rubric, cycle)
        flags = list(state.get("flags") or [])
        update: dict[str, Any] = {"review_result": review.model_dump(mode="json")}
        if state.get("best_score") is None or (score or 0.0) > float(state["best_score"]):
            update["best_draft"], update["best_score"] = state.get("current_draft"), score or 0.0
        if review.passed:
            update.update(pipeline_status="awaiting_approval", final_status="corrected" if cycle > 1 else "passed",
                          flags=flags, review_history=[entry])
            return update
        if review.flags:  # the pass hangs on an advisory dimension: a human settles it, no self-correction
            entry["stop_reason"] = "; ".join(review.flags)
            update.update(pipeline_status="awaiting_approval", final_status="needs_human_review",
                          flags=[*flags, *review.flags], review_history=[entry])
            return update
        update["feedback_history"] = [FeedbackEntry(attempt=int(state.get("draft_version", 0)),
                                                    failed_criteria=review.failed(), suggestions=review.suggestions[:3],
                                                    draft_title=item.stem).model_dump(mode="json")]
        if evaluation.judge_error:
            return _escalate(state, update, entry, f"the judge could not score the item ({evaluation.judge_error})",
                             [*flags, "judge_skipped"])
        reason = _stop_reason(state, score, cycle, policy)
        plan = plan_correction(evaluation, validation, item, rubric) if reason is None else None
        if plan is None:
            return _escalate(state, update, entry, reason or "no component to correct", flags)
        entry["correction_target"], entry["correction"] = plan.target, plan.as_dict()
        entry["weakest_dimension"] = plan.dimension
        update.update(pipeline_status="revising", correction_targets=plan.components, flags=flags,
                      review_history=[entry])
        return update

    return exam_score


def make_exam_correct_node(deps: PipelineDeps) -> NodeFn:
    """Seed 002 SelfCorrectionNode: regenerate only the planned component(s) with the dimension's feedback."""

    async def exam_correct(state: dict[str, Any]) -> dict[str, Any]:
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
        similarity = change_similarity(components_text(item, plan.components),
                                       components_text(corrected, plan.components))
        record = {**plan.as_dict(), "requested_by_cycle": cycle, "similarity": round(similarity, 4), "error": error,
                  "at": _now()}
        update: dict[str, Any] = {
            "current_draft": corrected.model_dump(mode="json"), "current_review_cycle": cycle + 1,
            "revision_count": cycle, "draft_version": version, "exam_correction": record, "correction_targets": [],
            "pipeline_status": "revising",
            "tool_calls_log": [{"tool": "exam_item.correct", "model": llm.name, "target": plan.target,
                                "components": plan.components, "attempt": version}],
        }
        if error:
            update["error_log"] = [error]
        return update

    return exam_correct


EXAM_NODE_MAKERS = {
    "exam_generate": make_exam_generate_node, "exam_validate": make_exam_validate_node,
    "exam_score": make_exam_score_node, "exam_correct": make_exam_correct_node,
}
