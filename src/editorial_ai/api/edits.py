"""An editor's inline edit before a decision: stored as the content's next attempt, by the human, re-checked at once.

The edit is written in two places: the content row with its `edited` event (one transaction, compare-and-set on the
row's version, exactly like a decision's claim, so an edit and a decision can never both win) and the paused run's
state (so approving publishes the edited text and the attempt history shows it). The in-process decision lock keeps
a decision of this server from slipping between the two writes; a run whose state missed an edit (a crash between
the writes) is brought up to date from the content row before the page is shown (`sync_edit`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from editorial_ai.api.errors import ApiError
from editorial_ai.api.runs import RunManager
from editorial_ai.content_types.article.nodes.review import ARTICLE_REVIEW_LOOP, draft_text
from editorial_ai.models.content_record import ContentRecord
from editorial_ai.pipeline.review_loop import review_setup
from editorial_ai.pipeline.runner import Pipeline
from editorial_ai.review.engine import ReviewContext
from editorial_ai.review.sources import Sources
from editorial_ai.services.human_edit import EditError, apply_edit, is_editable, recheck
from editorial_ai.store.contents import AWAITING

# The node the edit is recorded as: the graph then still waits at the human decision that follows it.
EDIT_AS_NODE = "admin_gate"


def _config(thread_id: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread_id}}


@dataclass(frozen=True)
class EditResult:
    """The attempt an edit created and its deterministic verdict."""

    attempt: int
    changed: list[str]
    passed: bool
    summary: str


def _state_update(
    layout: dict[str, Any], review: dict[str, Any], attempt: int, editor: str, changed: list[str]
) -> dict[str, Any]:
    entry = {
        "attempt": attempt,
        "passed": review.get("passed"),
        "composite_score": review.get("composite_score"),
        "failed": [c["criterion"] for c in review.get("criteria", []) if not c["passed"] and not c["skipped"]],
        "skipped": [c["criterion"] for c in review.get("criteria", []) if c["skipped"]],
        "author": editor,
        "edited_fields": changed,
        "at": datetime.now(UTC).isoformat(),
    }
    return {
        "current_draft": layout,
        "draft_version": attempt,
        "review_result": review,
        "last_reviewed_text": draft_text(layout),
        "review_history": [entry],
    }


async def _checked_content(pipeline: Pipeline, runs: RunManager, content_id: str, version: int) -> ContentRecord:
    content = await pipeline.deps.contents.get(content_id)
    if content is None:
        raise ApiError(404, f"no content with id {content_id!r}", "pick a content from the queue")
    if content.status not in AWAITING:
        raise ApiError(
            409,
            f"content {content_id} is {content.status!r}, not awaiting a decision",
            "only pending or escalated drafts can be edited",
        )
    if runs.is_running(content.thread_id):
        raise ApiError(
            409, f"the run of content {content_id} is still in progress", "wait until it stops at the approval gate"
        )
    if content.version != version:
        raise ApiError(
            409,
            f"content {content_id} changed since the edit form was opened",
            "reload the page, then make the edit again on the latest draft",
        )
    if not is_editable(content.layout_json):
        raise ApiError(422, f"content {content_id} is not an article layout", "edit articles only")
    return content


async def save_edit(
    pipeline: Pipeline, runs: RunManager, content_id: str, *, version: int, form: Mapping[str, str], editor: str
) -> EditResult:
    """Apply the form to the draft, re-check it and store it as the next attempt by `editor`."""
    lock = runs.lock(content_id)
    if lock.locked():
        raise ApiError(
            409,
            f"a decision on content {content_id} is being applied",
            "wait for it to finish, then reload the content",
        )
    async with lock:
        content = await _checked_content(pipeline, runs, content_id, version)
        outcome = await pipeline.outcome(content.thread_id)
        if not outcome.waiting_for_human:
            raise ApiError(
                409,
                f"the run of content {content_id} is not waiting for a decision",
                "reload the page: the draft has moved on",
            )
        try:
            layout, changed = apply_edit(content.layout_json, form)
        except EditError as exc:
            raise ApiError(422, str(exc), f"fix the field {exc.field}") from exc
        if not changed:
            raise ApiError(422, "the edit changes nothing", "change a field's text, or leave the form")
        state = outcome.state
        rubric, _ = review_setup(state, pipeline.deps)
        context = ReviewContext(
            sources=Sources(curated_topics=state.get("curated_topics", []),
                            enriched_contexts=state.get("enriched_contexts", [])),
            known_entities=await pipeline.deps.catalog.known_entities(),
            profile=ARTICLE_REVIEW_LOOP.review_profile(state, pipeline.deps),
        )
        review = recheck(layout, rubric, context, editor).model_dump(mode="json")
        attempt = max(content.attempt, int(state.get("draft_version") or 0)) + 1
        payload = {
            "attempt": attempt,
            "previous_attempt": content.attempt,
            "fields": changed,
            "passed": review["passed"],
            "summary": review["summary"],
        }
        event_id = await pipeline.deps.contents.save_edit(
            content_id,
            version=version,
            expected=AWAITING,
            attempt=attempt,
            title=str(layout.get("title", "")),
            layout=layout,
            review=review,
            reviewer=editor,
            payload=payload,
        )
        if event_id is None:
            raise ApiError(
                409,
                f"content {content_id} changed while the edit was saved",
                "reload the page, then make the edit again on the latest draft",
            )
        await pipeline.graph.aupdate_state(
            _config(content.thread_id), _state_update(layout, review, attempt, editor, changed), as_node=EDIT_AS_NODE
        )
    return EditResult(attempt, changed, bool(review["passed"]), str(review["summary"]))


async def sync_edit(pipeline: Pipeline, runs: RunManager, content: ContentRecord) -> bool:
    """Bring a paused run's state up to the content row's edited attempt when a crash came between the two writes.

    True when the state was updated. Only a row ahead of the state whose latest event is that edit qualifies."""
    if content.status not in AWAITING or runs.lock(content.id).locked():
        return False
    try:
        outcome = await pipeline.outcome(content.thread_id)
    except LookupError:
        return False
    attempt = content.attempt
    if not outcome.waiting_for_human or attempt <= int(outcome.state.get("draft_version") or 0):
        return False
    events = await pipeline.deps.contents.events(content.id)
    last = events[-1] if events else None
    if last is None or last.decision != "edited" or int(last.payload.get("attempt") or 0) != attempt:
        return False
    async with runs.lock(content.id):
        await pipeline.graph.aupdate_state(
            _config(content.thread_id),
            _state_update(
                content.layout_json,
                content.review_json,
                attempt,
                last.reviewer,
                list(last.payload.get("fields") or []),
            ),
            as_node=EDIT_AS_NODE,
        )
    return True
