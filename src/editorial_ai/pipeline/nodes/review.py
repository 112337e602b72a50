"""Review node: hybrid review, feedback history, keep-best and escalation (seed 000 pattern 5)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from editorial_ai.models.review import FeedbackEntry, ReviewResult
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes._common import run_model
from editorial_ai.review.engine import ReviewContext, review_draft
from editorial_ai.review.rubric import load_rubric


def _score(result: ReviewResult) -> float:
    return result.composite_score if result.composite_score is not None else (1.0 if result.passed else 0.0)


def make_review_node(deps: PipelineDeps):
    """Review the current draft; on failure count the revision and record actionable feedback."""

    async def review(state: dict[str, Any]) -> dict[str, Any]:
        revision = int(state.get("revision_count", 0))
        rubric = load_rubric(state.get("content_type") or deps.settings.content_type)
        judge = deps.llm("review", run_model(state, deps.settings), revision)
        context = ReviewContext(curated_topics=state.get("curated_topics", []),
                                enriched_contexts=state.get("enriched_contexts", []),
                                known_entities=await deps.catalog.known_entities())
        draft = state.get("current_draft")
        result = await review_draft(draft, rubric, context, judge)
        update: dict[str, Any] = {
            "review_result": result.model_dump(mode="json"),
            "review_history": [{
                "attempt": state.get("draft_version", 0), "passed": result.passed,
                "composite_score": result.composite_score, "failed": [c.criterion for c in result.failed()],
                "skipped": [c.criterion for c in result.criteria if c.skipped], "at": datetime.now(UTC).isoformat(),
            }],
        }
        flags = list(state.get("flags") or [])
        if draft and (state.get("best_score") is None or _score(result) > float(state["best_score"])):
            update["best_draft"], update["best_score"] = draft, _score(result)
        deterministic_failed = any(c.source in ("format", "grounding") for c in result.failed())
        if result.passed or (result.judge_skipped and not deterministic_failed and not result.failed()):
            if result.judge_skipped:
                flags.append("judge_skipped")
            update.update(flags=flags, pipeline_status="awaiting_approval")
            return update
        revision += 1
        update["revision_count"] = revision
        update["feedback_history"] = [FeedbackEntry(
            attempt=int(state.get("draft_version", revision)), failed_criteria=result.failed(),
            suggestions=result.suggestions[:3], draft_title=(draft or {}).get("title", ""),
        ).model_dump(mode="json")]
        if revision >= deps.settings.max_revisions:
            best = update.get("best_draft", state.get("best_draft")) or draft
            update.update(
                escalated=True, current_draft=best, flags=[*flags, "escalated"], pipeline_status="needs_human_review",
                error_log=[f"review: escalated to a human after {revision} failed reviews; last failures: "
                           + ", ".join(c.criterion for c in result.failed())],
            )
        else:
            update["pipeline_status"] = "revising"
        return update

    return review
