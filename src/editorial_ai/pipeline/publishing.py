"""Approve, publish, unpublish and revert: the steps between an editor's approval and a public page.

Approving does not publish. An approved content waits, its run still paused at the human gate, until an editor
publishes it (a second, confirmed step) or reverts it to a draft awaiting a decision. Publishing resumes the run,
whose publish node writes the page. A published article can be taken down: the page then answers 410, its file
is removed, and every step stays in the decision log (events are appended, never changed or deleted).

A content unpublished after its run ended is published again here, from its stored layout, without the run.
"""

from __future__ import annotations

import contextlib
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from editorial_ai.models.content_record import ContentRecord, DecisionEvent
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.models.state_json import SourcePostJson
from editorial_ai.models.status import AWAITING_DECISION, ContentStatus, Decision
from editorial_ai.pipeline.registry import content_type_for
from editorial_ai.pipeline.runner import ConflictError, DecisionClaim, NotFoundError, Pipeline
from editorial_ai.services.publish import ArticleMeta, meta_for, render_article_html, write_published_article

# Event kinds of the decision log beside the decisions themselves (approved, rejected, revision_requested).
PUBLISH_EVENT = "publish"  # an editor asked to publish: the run resumes and its publish node writes the page
PUBLISHED_EVENT = "published"  # written here when the run had already ended (a republish after a takedown)
UNPUBLISHED_EVENT = "unpublished"
REVERTED_EVENT = "reverted"


class StepRefused(ConflictError):
    """A publishing step that cannot be taken on the content as it is; `fix` says what to do instead."""

    def __init__(self, detail: str, fix: str) -> None:
        super().__init__(f"{detail}; {fix}")
        self.detail, self.fix = detail, fix


@dataclass(frozen=True)
class StepResult:
    """Where a content stands after a step, and its public address when it has one."""

    content_id: str
    thread_id: str
    step: str
    status: str
    public_url: str | None
    published_path: str | None


def public_url(content_id: str) -> str:
    return f"/articles/{content_id}"


async def _load(pipeline: Pipeline, content_id: str) -> ContentRecord:
    item = await pipeline.deps.contents.get(content_id)
    if item is None:
        raise NotFoundError(f"no content with id {content_id!r}; see `editorial-ai contents list`")
    return item


async def current(pipeline: Pipeline, content_id: str, step: str) -> StepResult:
    """The content as it stands now, reported as the outcome of `step`."""
    item = await _load(pipeline, content_id)
    published = item.status == ContentStatus.PUBLISHED
    return StepResult(content_id, item.thread_id, step, item.status, public_url(content_id) if published else None,
                      item.published_path)


def _refuse_status(item: ContentRecord, step: str, wanted: str, fix: str) -> StepRefused:
    return StepRefused(f"content {item.id} is {item.status!r}; {step} needs a content that is {wanted}", fix)


async def approve(pipeline: Pipeline, content_id: str, decision: AdminDecision) -> StepResult:
    """Approve a draft awaiting a decision. Nothing becomes public: the run stays paused at the gate."""
    if decision.decision != Decision.APPROVED:
        raise ValueError("approve() takes an approval")
    item = await _load(pipeline, content_id)
    if item.status not in AWAITING_DECISION:
        raise _refuse_status(item, "approving", "pending or escalated",
                             "only a draft awaiting a decision can be approved; a published one can be unpublished")
    payload = {**decision.model_dump(mode="json"), "from_status": item.status}
    # Compare-and-set and the event in one transaction: of two editors approving at once, one moves the status and
    # only that one is logged; a failure in between leaves neither.
    if await pipeline.deps.contents.transition_with_event(
            content_id, expected=(item.status,), new_status=ContentStatus.APPROVED.value,
            decision=Decision.APPROVED.value, reviewer=decision.reviewer, payload=payload) is None:
        latest = await _load(pipeline, content_id)
        raise StepRefused(f"content {content_id} is {latest.status!r}: another decision was applied first",
                          "reload the content and see the decision log")
    return await current(pipeline, content_id, "approved")


def _approval_of(events: list[DecisionEvent]) -> DecisionEvent | None:
    approvals = [e for e in events if e.decision == Decision.APPROVED]
    return approvals[-1] if approvals else None


async def revert_to_draft(pipeline: Pipeline, content_id: str, *, reviewer: str, note: str | None = None) -> StepResult:
    """Take an approval back before publication: the content awaits a decision again, as it did before."""
    item = await _load(pipeline, content_id)
    if item.status != ContentStatus.APPROVED:
        fix = ("unpublish it first" if item.status == ContentStatus.PUBLISHED
               else "only an approved content that is not public can be reverted to a draft")
        raise _refuse_status(item, "reverting", "approved and not published", fix)
    outcome = await pipeline.outcome(item.thread_id)
    if not outcome.waiting_for_human:
        raise StepRefused(f"the run of content {content_id} has ended ({outcome.state.get('pipeline_status')}): "
                          "there is no draft stage to go back to", "publish it again, or leave it unpublished")
    approval = _approval_of(await pipeline.deps.contents.events(content_id))
    earlier = str((approval.payload if approval else {}).get("from_status") or "")
    back_to: Literal["pending", "escalated"] = "escalated" if earlier == ContentStatus.ESCALATED else "pending"
    if await pipeline.deps.contents.transition_with_event(
            content_id, expected=(ContentStatus.APPROVED.value,), new_status=back_to, decision=REVERTED_EVENT,
            reviewer=reviewer, payload={"note": note, "to_status": back_to}) is None:
        raise StepRefused(f"content {content_id} moved on meanwhile", "reload the content")
    return await current(pipeline, content_id, "reverted")


async def claim_publication(pipeline: Pipeline, content_id: str, *, reviewer: str,
                            note: str | None = None) -> DecisionClaim | None:
    """Record the request to publish an approved content, as a claim on its paused run (the caller hands the run
    to the run service, which resumes it into the publish node). None when the run has ended: publish it with
    `republish` instead."""
    item = await _load(pipeline, content_id)
    if item.status != ContentStatus.APPROVED:
        fix = ("approve it first: publishing is the step after an approval"
               if item.status in AWAITING_DECISION else f"it is already {item.status}; nothing to publish")
        raise _refuse_status(item, "publishing", "approved", fix)
    thread_id = item.thread_id
    if item.claim_token:
        raise StepRefused(f"the publication of content {content_id} is already under way",
                          "reload the content in a moment: it will be published")
    if not (await pipeline.outcome(thread_id)).waiting_for_human:
        return None
    decision = AdminDecision(decision="approved", reviewer=reviewer, note=note or None)
    token = _token()
    event_id = await pipeline.deps.contents.claim_decision(
        content_id, version=item.version, expected=(ContentStatus.APPROVED.value,),
        new_status=ContentStatus.APPROVED.value, token=token, decision=PUBLISH_EVENT, reviewer=reviewer,
        payload=decision.model_dump(mode="json"))
    if event_id is None:
        raise StepRefused(f"content {content_id} moved on meanwhile (another request published it or is "
                          "publishing it)", "reload the content")
    return DecisionClaim(content_id, thread_id, token, event_id, decision.model_dump(mode="json"))


def _token() -> str:
    return uuid.uuid4().hex


async def republish(pipeline: Pipeline, content_id: str, *, reviewer: str, note: str | None = None) -> StepResult:
    """Publish an approved content whose run has ended (it was unpublished): render its stored layout here."""
    item = await _load(pipeline, content_id)
    if item.status != ContentStatus.APPROVED:
        raise _refuse_status(item, "publishing", "approved", "approve it first")
    publisher = content_type_for(item.content_type)
    path = publisher.publish(item.layout_json, pipeline.deps.settings.resolved_publish_dir, content_id)
    if await pipeline.deps.contents.transition_with_event(
            content_id, expected=(ContentStatus.APPROVED.value,), new_status=ContentStatus.PUBLISHED.value,
            decision=PUBLISHED_EVENT, reviewer=reviewer, payload={"note": note, "path": str(path)},
            published_at=datetime.now(UTC).isoformat(), published_path=str(path)) is None:
        raise StepRefused(f"content {content_id} moved on meanwhile", "reload the content")
    await refresh_public_file(pipeline, content_id)
    return await current(pipeline, content_id, "published")


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True


async def unpublish(pipeline: Pipeline, content_id: str, *, reviewer: str, reason: str) -> StepResult:
    """Take a published article down: the status goes back to approved (so it can be published again), the public
    page answers 410 Gone, the file in the publish folder is removed, and the decision log keeps the takedown."""
    if not reason.strip():
        raise StepRefused("unpublishing needs a reason", 'say why it comes down, e.g. --reason "wrong price"')
    item = await _load(pipeline, content_id)
    if item.status != ContentStatus.PUBLISHED:
        raise _refuse_status(item, "unpublishing", "published", "only a published article can be taken down")
    stored = item.published_path
    # Only a file in the publish folder is ours to delete; a path stored by hand elsewhere is left alone.
    removed = str(stored) if stored and _inside(Path(stored), pipeline.deps.settings.resolved_publish_dir) else None
    # The status and the takedown's event in one transaction; the file goes once both are written (a crash before
    # that leaves a file nobody serves: /articles/{id} answers 410 from the status).
    if await pipeline.deps.contents.transition_with_event(
            content_id, expected=(ContentStatus.PUBLISHED.value,), new_status=ContentStatus.APPROVED.value,
            decision=UNPUBLISHED_EVENT, reviewer=reviewer,
            payload={"reason": reason.strip(), "removed_file": removed, "was_published_at": item.published_at},
            published_at=None, published_path=None) is None:
        raise StepRefused(f"content {content_id} moved on meanwhile", "reload the content")
    if removed is not None:
        with contextlib.suppress(FileNotFoundError):
            Path(removed).unlink()
    return await current(pipeline, content_id, "unpublished")


def approver_of(events: list[DecisionEvent]) -> str | None:
    """Who approved the content last (the name the page may print)."""
    approval = _approval_of(events)
    return approval.reviewer if approval else None


async def _sources(pipeline: Pipeline, thread_id: str) -> list[SourcePostJson]:
    """The run's sourced posts (for "seen on" lines on product cards); none when the run's state is gone."""
    try:
        state = (await pipeline.outcome(thread_id)).state
    except NotFoundError:
        return []
    return list(state.get("enriched_contexts") or [])


async def page_meta(pipeline: Pipeline, item: ContentRecord, *, preview: bool = False) -> ArticleMeta:
    """What the page says around the article: publication, byline, date and approver (or the preview banner)."""
    published = item.status == ContentStatus.PUBLISHED
    if preview and not published:
        return meta_for(pipeline.deps.settings, preview_status=item.status)
    return meta_for(pipeline.deps.settings, published_at=item.published_at if published else None,
                    approved_by=approver_of(await pipeline.deps.contents.events(item.id)))


async def public_page(pipeline: Pipeline, item: ContentRecord, *, preview: bool = False) -> str:
    """The content as readers see it (or, with `preview`, as they would): the same HTML at /articles/{id}, in the
    publish folder's file, and at /preview/{id}."""
    content_type = content_type_for(item.content_type)
    if not content_type.magazine_page:  # exam items, product specs: the type's own page
        return content_type.render_html(item.layout_json)
    return render_article_html(item.layout_json, meta=await page_meta(pipeline, item, preview=preview),
                               sources=await _sources(pipeline, item.thread_id))


async def refresh_public_file(pipeline: Pipeline, content_id: str) -> None:
    """Rewrite a published article's file with what /articles/{id} serves: the publish node writes the page before
    the approval's editor, the publication's name and the run's sources are at hand."""
    item = await _load(pipeline, content_id)
    if item.status != ContentStatus.PUBLISHED or not content_type_for(item.content_type).magazine_page:
        return
    meta = await page_meta(pipeline, item)
    write_published_article(item.layout_json, pipeline.deps.settings.resolved_publish_dir, content_id,
                            meta=meta, sources=await _sources(pipeline, item.thread_id))


def was_unpublished(events: list[DecisionEvent]) -> bool:
    """Whether the content was public once and taken down (its page answers 410, not 404)."""
    return any(e.decision == UNPUBLISHED_EVENT for e in events)


# --- publishing at a time ------------------------------------------------------------------------------------------

SCHEDULED_EVENT = "publish_scheduled"
UNSCHEDULED_EVENT = "publish_unscheduled"
# Events after which an earlier schedule no longer holds (published, taken back, or scheduled anew).
_ENDS_SCHEDULE = frozenset({PUBLISH_EVENT, PUBLISHED_EVENT, REVERTED_EVENT, UNSCHEDULED_EVENT, UNPUBLISHED_EVENT})


def scheduled_at(events: list[DecisionEvent]) -> datetime | None:
    """When the content is scheduled to go public (None: no schedule in force)."""
    for event in reversed(events):
        kind = event.decision
        if kind == SCHEDULED_EVENT:
            return datetime.fromisoformat(str(event.payload.get("at")))
        if kind in _ENDS_SCHEDULE:
            return None
    return None


async def schedule(pipeline: Pipeline, content_id: str, at: datetime, *, reviewer: str,
                   note: str | None = None) -> StepResult:
    """Schedule an approved content to go public at `at` (UTC); `publish --due` publishes it then. A time in the
    past is refused: publish it now instead."""
    item = await _load(pipeline, content_id)
    if item.status != ContentStatus.APPROVED:
        raise _refuse_status(item, "scheduling", "approved", "approve it first")
    when = at if at.tzinfo else at.replace(tzinfo=UTC)
    if when <= datetime.now(UTC):
        raise StepRefused(f"{when:%Y-%m-%d %H:%M} UTC has passed", "pick a later time, or publish it now")
    await pipeline.deps.contents.record_event(content_id=content_id, thread_id=item.thread_id,
                                              decision=SCHEDULED_EVENT, reviewer=reviewer,
                                              payload={"at": when.isoformat(), "note": note})
    return StepResult(content_id, item.thread_id, "scheduled", item.status, None, None)


async def unschedule(pipeline: Pipeline, content_id: str, *, reviewer: str) -> StepResult:
    """Cancel a content's schedule: it stays approved, not public."""
    item = await _load(pipeline, content_id)
    if scheduled_at(await pipeline.deps.contents.events(content_id)) is None:
        raise StepRefused(f"content {content_id} has no publication scheduled", "nothing to cancel")
    await pipeline.deps.contents.record_event(content_id=content_id, thread_id=item.thread_id,
                                              decision=UNSCHEDULED_EVENT, reviewer=reviewer, payload={})
    return await current(pipeline, content_id, "unscheduled")


async def due_publications(pipeline: Pipeline, now: datetime | None = None) -> list[tuple[str, str]]:
    """(content id, who scheduled it) of the approved contents whose scheduled time has come."""
    now = now or datetime.now(UTC)
    due: list[tuple[str, str]] = []
    offset = 0
    while True:
        rows, total = await pipeline.deps.contents.list(ContentStatus.APPROVED.value, 200, offset)
        for row in rows:
            events = await pipeline.deps.contents.events(row.id)
            at = scheduled_at(events)
            if at is not None and at <= now:
                who = next(e.reviewer for e in reversed(events) if e.decision == SCHEDULED_EVENT)
                due.append((row.id, who))
        offset += 200
        if offset >= total:
            return due
