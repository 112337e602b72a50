"""Product spec nodes (seed 003): categorize -> extract -> supervisor review -> (gate | correct -> review ...).

The supervisor is deterministic (content_types/product_spec/validators.py). Failing specs are corrected with the
findings in the prompt, at most MAX_SPEC_CORRECTIONS times; then, or when a correction changes nothing, the
best spec (fewest errors) goes to the human gate flagged. Each generation step reads the learning loop's
guidance for its placeholder and logs the injection decisions in `tool_calls_log`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import JsonValue, ValidationError

from editorial_ai.content_types.product_spec.models import ProductRequest, ProductSpec, SpecCheck
from editorial_ai.content_types.product_spec.service import (
    MAX_SPEC_CORRECTIONS,
    PRODUCT_SPEC_CONTENT_TYPE,
    ProductNotFoundError,
    ProductSpecService,
    product_request_from_input,
)
from editorial_ai.content_types.product_spec.state import SpecNode, SpecState
from editorial_ai.content_types.product_spec.validators import check_product_spec
from editorial_ai.llm.base import LLMError
from editorial_ai.models.review import CriterionResult, ReviewResult
from editorial_ai.models.status import Decision, PipelineStatus
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes._common import run_model
from editorial_ai.pipeline.registry import content_type_for
from editorial_ai.pipeline.review_loop import (
    Correction,
    ReviewedAttempt,
    ReviewLoop,
    now_iso,
    review_node_maker,
)
from editorial_ai.pipeline.state import Draft, HistoryEntry
from editorial_ai.review.policy import LoopPolicy
from editorial_ai.review.rubric import Rubric
from editorial_ai.review.scoring import composite_score, decide_pass
from editorial_ai.services.learning import LearningSignal
from editorial_ai.services.learning_context import learning_for

SPEC_NODE_ORDER = ("spec_categorize", "spec_extract", "spec_review", "spec_correct")


async def _learning(state: Mapping[str, Any], deps: PipelineDeps, subcategory: str) -> LearningSignal:
    content_type = content_type_for(state.get("content_type"))
    return await learning_for(deps.contents, content_type, subcategory, disabled=deps.settings.learning_switches_off(),
                              thread_id=str(state.get("thread_id") or "") or None, log_dir=deps.settings.data_dir)


def _decisions(signal: LearningSignal, placeholders: tuple[str, ...]) -> list[JsonValue]:  # for the tool-call log
    return [d.as_dict() for d in signal.decisions if d.placeholder in placeholders]


def _request(state: Mapping[str, Any]) -> ProductRequest:
    return product_request_from_input(state.get("curation_input"))


def _draft(spec: ProductSpec, request: ProductRequest) -> Draft:
    """The stored draft: the spec plus what it was read from (the reviewer checks one against the other)."""
    data = spec.model_dump(mode="json")
    title = content_type_for(PRODUCT_SPEC_CONTENT_TYPE).title_of(data)  # what run summaries and lists show
    return {**data, "title": title, "keyword": request.name or spec.name, "source_description": request.description}


# --- nodes ------------------------------------------------------------------------------------------------
def make_spec_categorize_node(deps: PipelineDeps) -> SpecNode:
    """Pick the product category (the learning subcategory of everything after)."""

    async def spec_categorize(state: SpecState) -> SpecState:
        try:
            request = _request(state)
        except (ProductNotFoundError, ValidationError) as exc:
            return {"pipeline_status": PipelineStatus.FAILED, "error_log": [f"spec_categorize: {exc}"]}
        signal = await _learning(state, deps, "")  # the category is not known yet: every review counts
        llm = deps.llm("editorial_content", run_model(state, deps.settings), 0)
        try:
            chosen = await ProductSpecService(llm).categorize(request, signal.guidance())
        except LLMError as exc:
            return {"pipeline_status": PipelineStatus.FAILED, "error_log": [f"spec_categorize: {exc}"]}
        return {
            "product_category": chosen.category,
            "current_draft": None,
            "pipeline_status": PipelineStatus.DRAFTING,
            "tool_calls_log": [
                {
                    "tool": "product_spec.categorize",
                    "model": llm.name,
                    "category": chosen.category,
                    "how": chosen.how,
                    "learning": _decisions(signal, ("{{CATEGORIZER_REVIEW}}",)),
                }
            ],
        }

    return spec_categorize


def make_spec_extract_node(deps: PipelineDeps) -> SpecNode:
    """Extract the whole spec; a human's revision request is quoted into the prompt."""

    async def spec_extract(state: SpecState) -> SpecState:
        version = int(state.get("draft_version", 0)) + 1
        request, category = _request(state), str(state.get("product_category") or "")
        signal = await _learning(state, deps, category)
        revising = state.get("admin_decision") == Decision.REVISION_REQUESTED
        feedback = [str(state.get("admin_feedback") or "")] if revising else []
        llm = deps.llm("editorial_content", run_model(state, deps.settings), 0)
        try:
            spec, repairs = await ProductSpecService(llm).extract(request, category, signal.guidance(), feedback)
        except (LLMError, ValidationError) as exc:
            return {
                "pipeline_status": PipelineStatus.FAILED,
                "draft_version": version,
                "error_log": [f"spec_extract: extraction failed on attempt {version}: {exc}"],
            }
        return {
            "current_draft": _draft(spec, request),
            "draft_version": version,
            "revision_count": 0,
            "best_draft": None,
            "best_score": None,
            "escalated": False,
            "flags": [],
            "pipeline_status": PipelineStatus.DRAFTING,
            "tool_calls_log": [
                {
                    "tool": "product_spec.extract",
                    "model": llm.name,
                    "attempt": version,
                    "repairs": repairs,
                    "with_admin_feedback": bool(feedback),
                    "learning": _decisions(signal, ("{{EXTRACTION_REVIEW}}", "{{EXAMPLE_ITEM}}")),
                }
            ],
        }

    return spec_extract


def spec_review_result(check: SpecCheck, rubric: Rubric) -> ReviewResult:
    """The supervisor's findings as rubric verdicts (one criterion per check)."""
    results = []
    for criterion in rubric.criteria:
        errors = check.errors(criterion.name)  # type: ignore[arg-type]
        warnings = [i for i in check.issues if i.check == criterion.name and i.severity == "warning"]
        reason = "; ".join(f"{i.field}: {i.message}" for i in errors) or "no problem found"
        results.append(
            CriterionResult(
                criterion=criterion.name,
                passed=not errors,
                reason=reason[:600],
                severity=criterion.severity,
                score=0.0 if errors else 1.0,
                source="validation",
                evidence=[f"{i.severity}: {i.field}: {i.message}" for i in errors + warnings],
            )
        )
    passed = decide_pass(rubric, results)
    failed = [r.criterion for r in results if not r.passed]
    return ReviewResult(
        passed=passed,
        criteria=results,
        composite_score=composite_score(rubric, results),
        summary="supervisor checks passed" if passed else f"failed: {', '.join(failed)}",
        suggestions=[i.message for i in check.errors()][:5],
    )


class SpecReviewLoop(ReviewLoop[SpecState]):
    """Seed 003's supervisor in the shared loop: deterministic plausibility checks (no judge), at most
    MAX_SPEC_CORRECTIONS corrections, and a correction that leaves the same problems escalates."""

    node = "spec_review"
    correct_node = "spec_correct"
    records_feedback = False  # the corrector reads the supervisor's findings from the history entry

    async def assess(self, state: SpecState, deps: PipelineDeps, rubric: Rubric) -> ReviewedAttempt:
        """Check the spec against the description it was read from."""
        draft = state.get("current_draft") or {}
        spec = ProductSpec.model_validate(draft)
        check = check_product_spec(
            spec, str(draft.get("source_description") or ""), str(state.get("product_category") or "")
        )
        review = spec_review_result(check, rubric)
        entry: HistoryEntry = {
            "cycle": int(state.get("revision_count", 0)) + 1,
            "attempt": int(state.get("draft_version", 0)),
            "passed": review.passed,
            "composite_score": review.composite_score,
            "errors": [i.model_dump() for i in check.errors()],
            "warnings": len(check.issues) - len(check.errors()),
            "at": now_iso(),
        }
        return ReviewedAttempt(review=review, entry=entry, draft=draft, title=spec.name, findings=check)

    def keep_best_score(self, review: ReviewResult) -> float:
        """The share of checks passed."""
        return review.composite_score or 0.0

    def failure_fields(self, state: SpecState) -> SpecState:
        """The correct node counts corrections."""
        return {}

    def stop_reason(self, state: SpecState, attempt: ReviewedAttempt, policy: LoopPolicy) -> str | None:
        """The correction cap, or a correction that changed none of the problems."""
        corrections = int(state.get("revision_count", 0))
        previous = state.get("review_history") or []
        unchanged = corrections > 0 and previous and previous[-1].get("errors") == attempt.entry.get("errors")
        if unchanged:
            return "the correction left the same problems"
        if corrections >= MAX_SPEC_CORRECTIONS:
            return f"max corrections reached: {corrections} of {MAX_SPEC_CORRECTIONS}"
        return None

    def plan(self, state: SpecState, attempt: ReviewedAttempt, rubric: Rubric) -> Correction | None:
        """The supervisor's error messages, for the corrector's prompt."""
        check: SpecCheck = attempt.findings
        return Correction(targets=None, entry={"correction": [i.message for i in check.errors()]})

    def escalation_note(self, review: ReviewResult) -> str:
        """The spec log line names the reason only."""
        return ""


SPEC_REVIEW_LOOP = SpecReviewLoop()
make_spec_review_node = review_node_maker(SPEC_REVIEW_LOOP)


def make_spec_correct_node(deps: PipelineDeps) -> SpecNode:
    """Write the spec again with the supervisor's findings (and the learned supervisor guidance)."""

    async def spec_correct(state: SpecState) -> SpecState:
        corrections = int(state.get("revision_count", 0)) + 1
        version = int(state.get("draft_version", 0)) + 1
        request, category = _request(state), str(state.get("product_category") or "")
        problems = list((state.get("review_history") or [{}])[-1].get("correction") or [])
        signal = await _learning(state, deps, category)
        previous = ProductSpec.model_validate(state.get("current_draft") or {})
        llm = deps.llm("editorial_content", run_model(state, deps.settings), corrections)
        try:
            spec, repairs = await ProductSpecService(llm).correct(
                request, category, previous, problems, signal.guidance()
            )
        except (LLMError, ValidationError) as exc:
            spec, repairs = previous, 0
            error = f"spec_correct: correction failed: {exc}"
        else:
            error = ""
        update: SpecState = {
            "current_draft": _draft(spec, request),
            "draft_version": version,
            "revision_count": corrections,
            "pipeline_status": PipelineStatus.REVISING,
            "tool_calls_log": [
                {
                    "tool": "product_spec.correct",
                    "model": llm.name,
                    "attempt": version,
                    "problems": problems,
                    "repairs": repairs,
                    "learning": _decisions(signal, ("{{SUPERVISOR_REVIEW}}",)),
                }
            ],
        }
        if error:
            update["error_log"] = [error]
        return update

    return spec_correct


SPEC_NODE_MAKERS = {
    "spec_categorize": make_spec_categorize_node,
    "spec_extract": make_spec_extract_node,
    "spec_review": make_spec_review_node,
    "spec_correct": make_spec_correct_node,
}
