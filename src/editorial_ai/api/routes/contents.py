"""/api/contents: list, show, decide (approve / reject / revise), then publish, unpublish or revert.

Approving does not publish: `POST .../publish` with `confirm: true` does, as a second step. A decision on an item
another editor is reviewing on the desk (`in_review_by`) asks first: 409 unless it says `take_over: true`.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Query, Request

from editorial_ai.api import publish_steps
from editorial_ai.api.actions import decide_in_background, decide_now, revision_decision
from editorial_ai.api.assignments import ask_first, assignments_of
from editorial_ai.api.deps import PipelineDep, RunsDep, reject_unknown_query, require_api_key
from editorial_ai.api.errors import ApiError
from editorial_ai.api.publish_steps import (
    PublishRequest,
    RevertRequest,
    StepResponse,
    UnpublishRequest,
    response_of,
)
from editorial_ai.api.schemas import (
    API_ERRORS,
    MAX_OFFSET,
    WHOLE_NUMBER,
    ApproveRequest,
    ContentDetail,
    ContentListResponse,
    ContentStatusFilter,
    ContentSummary,
    DecisionAccepted,
    DecisionEvent,
    DecisionResponse,
    ErrorResponse,
    ReaderInfo,
    RejectRequest,
    ReviseRequest,
)
from editorial_ai.api.security import decision_reviewer
from editorial_ai.api.views import needs_confirmation
from editorial_ai.models.content_record import ContentRecord
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.models.status import AWAITING_DECISION
from editorial_ai.pipeline.runner import Pipeline

Responses = dict[int | str, dict[str, Any]]
_NOT_FOUND: Responses = {404: {"model": ErrorResponse, "description": "Unknown content id"}}
_CONFLICT: Responses = {409: {"model": ErrorResponse,
                              "description": "Not awaiting a decision, or another editor is reviewing it and "
                                             "`take_over` was not sent (nothing was changed)"}}

router = APIRouter(prefix="/api/contents", tags=["contents"],
                   dependencies=[Depends(require_api_key), Depends(reject_unknown_query)],
                   responses=API_ERRORS)


def summary_of(item: ContentRecord) -> ContentSummary:
    """A stored content row as a list entry."""
    return ContentSummary.model_validate(item.model_dump(mode="json", include=set(ContentSummary.model_fields)))


async def load_content(pipeline: Pipeline, content_id: str) -> ContentRecord:
    """A stored content row, or 404."""
    item = await pipeline.deps.contents.get(content_id)
    if item is None:
        raise ApiError(404, f"no content with id {content_id!r}", "list contents with GET /api/contents/")
    return item


@router.get("/", response_model=ContentListResponse)
async def list_contents(
    pipeline: PipelineDep,
    status: Annotated[ContentStatusFilter | None, Query(description="Only this status.")] = None,
    limit: Annotated[int, Query(ge=1, le=200), WHOLE_NUMBER] = 20,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET), WHOLE_NUMBER] = 0,
) -> ContentListResponse:
    """A page of contents, newest first, with the total count for the filter."""
    items, total = await pipeline.deps.contents.list(status, limit, offset)
    return ContentListResponse(items=[summary_of(i) for i in items], total=total, limit=limit, offset=offset)


@router.get("/{content_id}", response_model=ContentDetail, responses=_NOT_FOUND)
async def get_content(content_id: str, request: Request, pipeline: PipelineDep) -> ContentDetail:
    """One content with its layout, last review, decision log and the editors reviewing it now (`in_review_by`:
    a decision by anyone else is refused with 409 unless it says `take_over`)."""
    item = await load_content(pipeline, content_id)
    events = [DecisionEvent.model_validate(e.model_dump(mode="json"))
              for e in await pipeline.deps.contents.events(content_id)]
    readers = await assignments_of(request).others(content_id, decision_reviewer(request, ""))
    return ContentDetail(**summary_of(item).model_dump(), layout=item.layout_json, review=item.review_json,
                         admin_feedback=item.admin_feedback, rejection_reason=item.rejection_reason,
                         published_path=item.published_path, events=events,
                         in_review_by=[ReaderInfo.model_validate(r.as_dict()) for r in readers])


@router.post("/{content_id}/approve", response_model=StepResponse, responses=_NOT_FOUND | _CONFLICT)
async def approve(content_id: str, request: Request, pipeline: PipelineDep, runs: RunsDep,
                  body: Annotated[ApproveRequest | None, Body()] = None) -> StepResponse:
    """Approve a draft awaiting a decision. Nothing is published: publish it with `POST .../publish`, or take the
    approval back with `POST .../revert`. An escalated or flagged draft needs `confirm: true` and a `note` (409
    otherwise, nothing changes)."""
    reviewer = decision_reviewer(request, body.reviewer if body else "admin")
    note = (body.note or "").strip() if body else ""
    item = await pipeline.deps.contents.get(content_id)
    if item is not None and item.status in AWAITING_DECISION and needs_confirmation(item) and not (
            body and body.confirm and note):
        raise ApiError(409, f"content {content_id} is escalated or flagged: approving it needs a confirmation",
                       'read it first, then send {"confirm": true, "note": "why it can be published"}')
    await ask_first(request, content_id, reviewer, bool(body and body.take_over))
    decision = AdminDecision(decision="approved", reviewer=reviewer, note=note or None)
    return response_of(await publish_steps.approve(pipeline, runs, content_id, decision))


@router.post("/{content_id}/publish", response_model=StepResponse, responses=_NOT_FOUND | _CONFLICT)
async def publish(content_id: str, request: Request, body: PublishRequest, pipeline: PipelineDep,
                  runs: RunsDep) -> StepResponse:
    """Publish an approved content now (served at `/articles/{id}` and written to the publish folder), or with
    `at` schedule it (`step: scheduled`; `editorial-ai publish --due` publishes it then). Needs `confirm: true`
    (422 otherwise, nothing changes); 409 unless the content is approved, or for a time that has passed."""
    if not body.confirm:
        raise ApiError(422, "publishing needs a confirmation: the article becomes public",
                       'send {"confirm": true} once you have read it')
    reviewer = decision_reviewer(request, body.reviewer)
    await ask_first(request, content_id, reviewer, body.take_over)
    if body.at is not None:
        return response_of(await publish_steps.schedule(pipeline, runs, content_id, reviewer, body.at, body.note))
    return response_of(await publish_steps.publish(pipeline, runs, content_id, reviewer, body.note))


@router.post("/{content_id}/unschedule", response_model=StepResponse, responses=_NOT_FOUND | _CONFLICT)
async def unschedule(content_id: str, request: Request, pipeline: PipelineDep, runs: RunsDep,
                     body: Annotated[RevertRequest | None, Body()] = None) -> StepResponse:
    """Cancel a scheduled publication: the content stays approved and not public (409 when none is scheduled)."""
    reviewer = decision_reviewer(request, body.reviewer if body else "admin")
    await ask_first(request, content_id, reviewer, bool(body and body.take_over))
    return response_of(await publish_steps.unschedule(pipeline, runs, content_id, reviewer))


@router.post("/{content_id}/unpublish", response_model=StepResponse, responses=_NOT_FOUND | _CONFLICT)
async def unpublish(content_id: str, request: Request, body: UnpublishRequest, pipeline: PipelineDep,
                    runs: RunsDep) -> StepResponse:
    """Take a published article down: `/articles/{id}` answers 410, the file is removed, the event is kept and
    the content is approved again (publish it again, or leave it down). Needs `confirm: true` and a reason."""
    if not body.confirm:
        raise ApiError(422, "unpublishing needs a confirmation: readers lose the page",
                       'send {"confirm": true, "reason": "why it comes down"}')
    reviewer = decision_reviewer(request, body.reviewer)
    await ask_first(request, content_id, reviewer, body.take_over)
    return response_of(await publish_steps.unpublish(pipeline, runs, content_id, reviewer, body.reason))


@router.post("/{content_id}/revert", response_model=StepResponse, responses=_NOT_FOUND | _CONFLICT)
async def revert(content_id: str, request: Request, pipeline: PipelineDep, runs: RunsDep,
                 body: Annotated[RevertRequest | None, Body()] = None) -> StepResponse:
    """Take an approval back before publication: the content awaits a decision again (pending or escalated, as
    before), and can be edited, approved, rejected or revised."""
    reviewer = decision_reviewer(request, body.reviewer if body else "admin")
    await ask_first(request, content_id, reviewer, bool(body and body.take_over))
    return response_of(await publish_steps.revert(pipeline, runs, content_id, reviewer, body.note if body else None))


@router.post("/{content_id}/reject", response_model=DecisionResponse, responses=_NOT_FOUND | _CONFLICT)
async def reject(content_id: str, request: Request, body: RejectRequest, pipeline: PipelineDep,
                 runs: RunsDep) -> DecisionResponse:
    """Reject with a reason: the pipeline ends."""
    decision = AdminDecision(decision="rejected", reason=body.reason,
                             reviewer=decision_reviewer(request, body.reviewer))
    await ask_first(request, content_id, decision.reviewer, body.take_over)
    return await decide_now(pipeline, runs, content_id, decision)


@router.post("/{content_id}/revise", status_code=202, response_model=DecisionAccepted,
             responses=_NOT_FOUND | _CONFLICT)
async def revise(content_id: str, request: Request, body: ReviseRequest, pipeline: PipelineDep,
                 runs: RunsDep) -> DecisionAccepted:
    """Request a revision: the new attempt is written in the background; follow it via status or events."""
    body = body.model_copy(update={"reviewer": decision_reviewer(request, body.reviewer)})
    await ask_first(request, content_id, body.reviewer, body.take_over)
    return await decide_in_background(pipeline, runs, content_id, revision_decision(body))
