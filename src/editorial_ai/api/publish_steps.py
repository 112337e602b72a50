"""The publishing steps as the API and the admin UI both take them: approve, publish, unpublish, revert.

Each runs under the content's in-process decision lock (a second click while one is applied gets 409, as the
decisions do) and maps a refused step to an error that names the fix.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TypeVar

from pydantic import BaseModel, Field, StrictBool

from editorial_ai.api.actions import service_of
from editorial_ai.api.edits import sync_edit
from editorial_ai.api.errors import ApiError
from editorial_ai.api.runs import RunManager
from editorial_ai.api.schema_docs import LINE_NON_BLANK, TEXT_NON_BLANK
from editorial_ai.api.schemas import TAKE_OVER_DOC, _Request
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.models.status import ContentStatus
from editorial_ai.pipeline import publishing
from editorial_ai.pipeline.publishing import StepRefused, StepResult
from editorial_ai.pipeline.runner import NotFoundError, Pipeline
from editorial_ai.worker.service import is_active

T = TypeVar("T")


class PublishRequest(_Request):
    """Publish an approved content now. `confirm: true` is required: publishing makes the page public."""

    reviewer: str = Field("admin", min_length=1, max_length=80, json_schema_extra={"pattern": LINE_NON_BLANK})
    confirm: bool = Field(False, description="Must be true: the article becomes public at /articles/{id}.")
    note: str | None = Field(None, max_length=2000, description="Kept in the decision log.")
    at: datetime | None = Field(None, description="Publish at this time (UTC when no offset is given) instead of "
                                                  "now: `editorial-ai publish --due` publishes it then.")
    take_over: StrictBool = Field(False, description=TAKE_OVER_DOC)


class UnpublishRequest(_Request):
    """Take a published article down: its page answers 410 and its file is removed; the log keeps the event."""

    reason: str = Field(min_length=1, max_length=2000, json_schema_extra={"pattern": TEXT_NON_BLANK})
    reviewer: str = Field("admin", min_length=1, max_length=80, json_schema_extra={"pattern": LINE_NON_BLANK})
    confirm: bool = Field(False, description="Must be true: readers lose the page.")
    take_over: StrictBool = Field(False, description=TAKE_OVER_DOC)


class RevertRequest(_Request):
    """Take an approval back before publication: the content awaits a decision again."""

    reviewer: str = Field("admin", min_length=1, max_length=80, json_schema_extra={"pattern": LINE_NON_BLANK})
    note: str | None = Field(None, max_length=2000, description="Kept in the decision log.")
    take_over: StrictBool = Field(False, description=TAKE_OVER_DOC)


class StepResponse(BaseModel):
    """200: the step was taken. `public_url` is set while the article is public."""

    content_id: str
    thread_id: str
    step: str
    content_status: str
    public_url: str | None = None
    published_path: str | None = None


def response_of(result: StepResult) -> StepResponse:
    return StepResponse(content_id=result.content_id, thread_id=result.thread_id, step=result.step,
                        content_status=result.status, public_url=result.public_url,
                        published_path=result.published_path)


async def _locked(runs: RunManager, content_id: str, step: Callable[[], Awaitable[T]]) -> T:
    lock = runs.lock(content_id)
    if lock.locked():
        raise ApiError(409, f"a decision on content {content_id} is already being applied",
                       "wait for it to finish, then reload the content")
    async with lock:
        try:
            return await step()
        except NotFoundError as exc:
            raise ApiError(404, str(exc), "list contents with GET /api/contents/") from exc
        except StepRefused as exc:
            raise ApiError(409, exc.detail, exc.fix) from exc


async def approve(pipeline: Pipeline, runs: RunManager, content_id: str, decision: AdminDecision) -> StepResult:
    """Approve only: nothing becomes public. 409 while the content's run is still writing (a revision)."""
    item = await pipeline.deps.contents.get(content_id)
    if item is not None:
        thread_id = item.thread_id
        row = await runs.service.store.get(thread_id) if runs.service is not None else None
        if runs.is_running(thread_id) or is_active(row):
            raise ApiError(409, f"the run of content {content_id} is still in progress",
                           "wait until it stops at the approval gate")
        await sync_edit(pipeline, runs, item)  # an edit cut off before the run's state: publish it, not the old text
    return await _locked(runs, content_id, lambda: publishing.approve(pipeline, content_id, decision))


async def revert(pipeline: Pipeline, runs: RunManager, content_id: str, reviewer: str,
                 note: str | None) -> StepResult:
    return await _locked(runs, content_id,
                         lambda: publishing.revert_to_draft(pipeline, content_id, reviewer=reviewer, note=note))


async def unpublish(pipeline: Pipeline, runs: RunManager, content_id: str, reviewer: str, reason: str) -> StepResult:
    return await _locked(runs, content_id,
                         lambda: publishing.unpublish(pipeline, content_id, reviewer=reviewer, reason=reason))


async def publish(pipeline: Pipeline, runs: RunManager, content_id: str, reviewer: str,
                  note: str | None) -> StepResult:
    """Publish an approved content: its paused run resumes into the publish node, executed here under the run's
    lease (no model call); a content whose run ended (it was unpublished) is rendered from its stored layout."""

    async def step() -> StepResult:
        claim = await publishing.claim_publication(pipeline, content_id, reviewer=reviewer, note=note)
        if claim is None:
            return await publishing.republish(pipeline, content_id, reviewer=reviewer, note=note)
        await service_of(runs).decided(claim.thread_id, inline=True)
        await publishing.refresh_public_file(pipeline, content_id)
        result = await publishing.current(pipeline, content_id, "published")
        # Another process held the run's lease: the request is durable and that process (or the sweeper) publishes.
        return result if result.status == ContentStatus.PUBLISHED else StepResult(
            content_id, claim.thread_id, "publish_queued", result.status, None, None)

    return await _locked(runs, content_id, step)


async def schedule(pipeline: Pipeline, runs: RunManager, content_id: str, reviewer: str, at: datetime,
                   note: str | None) -> StepResult:
    return await _locked(runs, content_id,
                         lambda: publishing.schedule(pipeline, content_id, at, reviewer=reviewer, note=note))


async def unschedule(pipeline: Pipeline, runs: RunManager, content_id: str, reviewer: str) -> StepResult:
    return await _locked(runs, content_id, lambda: publishing.unschedule(pipeline, content_id, reviewer=reviewer))
