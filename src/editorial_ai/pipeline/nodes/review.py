"""Review node: hybrid review, loop control, keep-best and escalation (seed 000 pattern 5, seed 002)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.review import FeedbackEntry, ReviewResult
from editorial_ai.observability.tokens import peek_tokens
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes._common import run_model
from editorial_ai.pipeline.state import total_tokens
from editorial_ai.review.engine import ReviewContext, review_draft
from editorial_ai.review.policy import LoopPolicy, apply_tenant, decide_next, draft_similarity, load_tenants
from editorial_ai.review.rubric import Rubric, load_rubric
from editorial_ai.services.editorial_targets import correction_targets


def _score(result: ReviewResult) -> float:
    return result.composite_score if result.composite_score is not None else (1.0 if result.passed else 0.0)


def draft_text(draft: dict[str, Any] | None) -> str:
    """The words of a layout, for similarity checks."""
    if not draft:
        return ""
    parts = [draft.get("title", "")]
    for block in draft.get("blocks", []):
        parts += [*block.get("paragraphs", []), block.get("quote", "")]
    return "\n".join(p for p in parts if p)


def review_setup(state: dict[str, Any], deps: PipelineDeps) -> tuple[Rubric, LoopPolicy]:
    """The rubric and loop policy for this run (content type + tenant overrides + settings)."""
    rubric = load_rubric(state.get("content_type") or deps.settings.content_type)
    policy = LoopPolicy(max_loops=deps.settings.max_revisions, token_budget=deps.settings.token_budget)
    tenant_name = (state.get("curation_input") or {}).get("tenant")
    tenant = load_tenants(deps.settings.tenants_file).tenants.get(tenant_name) if tenant_name else None
    return apply_tenant(rubric, policy, tenant)


def make_review_node(deps: PipelineDeps):
    """Review the current draft; on failure decide between targeted/full revision and escalation."""

    async def review(state: dict[str, Any]) -> dict[str, Any]:
        revision = int(state.get("revision_count", 0))
        rubric, policy = review_setup(state, deps)
        judge = deps.llm("review", run_model(state, deps.settings), revision)
        context = ReviewContext(
            curated_topics=state.get("curated_topics", []),
            enriched_contexts=state.get("enriched_contexts", []),
            known_entities=await deps.catalog.known_entities(),
        )
        draft = state.get("current_draft")
        result = await review_draft(draft, rubric, context, judge)
        flags = list(state.get("flags") or [])
        update: dict[str, Any] = {
            "review_result": result.model_dump(mode="json"),
            "last_reviewed_text": draft_text(draft),
        }
        if draft and (state.get("best_score") is None or _score(result) > float(state["best_score"])):
            update["best_draft"], update["best_score"] = draft, _score(result)
            update["best_content"] = state.get("current_content")
        history_entry: dict[str, Any] = {
            "cycle": len(state.get("review_history", [])) + 1,
            "attempt": state.get("draft_version", 0),
            "passed": result.passed,
            "composite_score": result.composite_score,
            "pass_rule": rubric.pass_rule,
            "threshold": rubric.threshold,
            "scores": {c.criterion: c.score for c in result.criteria},
            "validation": [c.model_dump(mode="json") for c in result.criteria if c.source in ("format", "grounding")],
            "failed": [c.criterion for c in result.failed()],
            "skipped": [c.criterion for c in result.criteria if c.skipped],
            "correction_target": None,
            "at": datetime.now(UTC).isoformat(),
        }
        # A pass that hangs on a criterion the judge cannot measure reliably is for a human to settle:
        # regenerating cannot make an unreliable judge reliable.
        if not result.passed and result.flags:
            history_entry["stop_reason"] = "; ".join(result.flags)
            update.update(flags=[*flags, *result.flags], pipeline_status="awaiting_approval",
                          review_history=[history_entry])
            return update
        # A judge outage with nothing else failing goes to the human flagged, not round the loop.
        if result.passed or (result.judge_skipped and not result.failed()):
            if result.judge_skipped:
                flags.append("judge_skipped")
            update.update(flags=flags, pipeline_status="awaiting_approval", review_history=[history_entry])
            return update
        revision += 1
        prior = (
            [h.get("composite_score") or 0.0 for h in state.get("review_history", [])[-(revision - 1) :]]
            if revision > 1
            else []
        )
        decision = decide_next(
            passed=False,
            scores=[*prior, _score(result)],
            loops_done=revision,
            tokens_used=total_tokens(state)["total_tokens"] + peek_tokens(),
            similarity=draft_similarity(state.get("last_reviewed_text") or "", draft_text(draft)),
            policy=policy,
        )
        update["revision_count"] = revision
        update["feedback_history"] = [
            FeedbackEntry(
                attempt=int(state.get("draft_version", revision)),
                failed_criteria=result.failed(),
                suggestions=result.suggestions[:3],
                draft_title=(draft or {}).get("title", ""),
            ).model_dump(mode="json")
        ]
        if decision.action == "escalate":
            best = update.get("best_draft", state.get("best_draft")) or draft
            history_entry["stop_reason"] = decision.reason
            update.update(
                escalated=True,
                current_draft=best,
                flags=[*flags, "escalated"],
                pipeline_status="needs_human_review",
                review_history=[history_entry],
                error_log=[
                    f"review: escalated to a human -- {decision.reason}; last failures: "
                    + ", ".join(c.criterion for c in result.failed())
                ],
            )
            return update
        targets = None
        if state.get("current_content"):
            targets = correction_targets(result, EditorialContent.model_validate(state["current_content"]))
        history_entry["correction_target"] = targets or "full"
        update.update(pipeline_status="revising", correction_targets=targets or [], review_history=[history_entry])
        return update

    return review
