"""What the API and the admin UI both do: start runs, check models, apply decisions."""

from __future__ import annotations

import uuid
from typing import Any

from editorial_ai.api.errors import ApiError
from editorial_ai.api.model_choice import requested_model
from editorial_ai.api.redact import public_error
from editorial_ai.api.runs import RunManager
from editorial_ai.api.schemas import (
    DecisionAccepted,
    DecisionResponse,
    PipelineStatusResponse,
    ReviseRequest,
    TriggerRequest,
)
from editorial_ai.models.decisions import AdminDecision, ReviewForm
from editorial_ai.pipeline.runner import ConflictError, DecisionClaim, NotFoundError, Pipeline


def start_run(pipeline: Pipeline, runs: RunManager, request: TriggerRequest) -> str:
    """Start a pipeline in the background and return its thread id at once."""
    settings = pipeline.deps.settings
    model = requested_model(request.model, settings)  # 422 naming `model` unless allowed and available
    thread_id = str(uuid.uuid4())
    curation_input = {"seed_keyword": request.seed_keyword, "category": request.category,
                      "tone": request.tone, "style": request.style, "target_celeb": request.target_celeb,
                      "target_brand": request.target_brand, "model": model}
    content_type = request.content_type or settings.content_type
    runs.launch(thread_id,
                lambda: pipeline.start(curation_input, thread_id=thread_id, content_type=content_type))
    return thread_id


async def run_status(pipeline: Pipeline, runs: RunManager, thread_id: str) -> PipelineStatusResponse:
    """Status of a thread from its checkpoint and this server's background tasks; 404 when unknown."""
    running, node, error = runs.is_running(thread_id), runs.current_node(thread_id), runs.error(thread_id)
    try:
        outcome = await pipeline.outcome(thread_id)
    except NotFoundError as exc:
        if not runs.knows(thread_id):
            raise ApiError(404, f"no pipeline run with thread_id {thread_id!r}",
                           "use the thread_id returned by POST /api/pipeline/trigger") from exc
        # Started here, but no checkpoint yet (or the task died before writing one).
        return PipelineStatusResponse(thread_id=thread_id, pipeline_status="failed" if error else "queued",
                                      error_log=[error] if error else [], running=running, current_node=node)
    state = outcome.state
    # Provider errors quote upstream bodies: clients see our words and a reference, the server log the rest.
    error_log = [public_error(e) for e in state.get("error_log") or []] + ([error] if error else [])
    return PipelineStatusResponse(
        thread_id=thread_id, pipeline_status=str(state.get("pipeline_status")), error_log=error_log,
        has_draft=bool(state.get("current_draft")), content_id=state.get("current_draft_id"),
        current_node=node, running=running, waiting_for_human=outcome.waiting_for_human and not running,
        revision_count=int(state.get("revision_count") or 0),
        draft_version=int(state.get("draft_version") or 0))


def revision_decision(body: ReviseRequest) -> AdminDecision:
    """The AdminDecision of a revision request; listed missing spec fields go into the form notes."""
    form = body.review_form or ReviewForm()
    if body.missing_spec_fields:
        listed = "missing specs to research: " + ", ".join(body.missing_spec_fields)
        notes = f"{form.notes.strip()}; {listed}" if form.notes.strip() else listed
        form = form.model_copy(update={"missing_spec": True, "notes": notes[:2000]})
    return AdminDecision(decision="revision_requested", feedback=body.feedback, review_form=form,
                         reviewer=body.reviewer)


async def _claim(pipeline: Pipeline, runs: RunManager, content_id: str,
                 decision: AdminDecision) -> tuple[dict[str, Any], DecisionClaim]:
    """Take the content's in-process decision lock, then record the decision in the database (status, event
    and resume claim in one transaction). Only the winner gets a claim; the caller must release the lock."""
    lock = runs.lock(content_id)
    if lock.locked():
        raise ApiError(409, f"a decision on content {content_id} is already being applied",
                       "wait for it to finish, then reload the content")
    await lock.acquire()
    try:
        content = await pipeline.deps.contents.get(content_id)
        if content is None:
            raise ApiError(404, f"no content with id {content_id!r}", "list contents with GET /api/contents/")
        if runs.is_running(content["thread_id"]):
            raise ApiError(409, f"the run of content {content_id} is still in progress",
                           "wait until it stops at the approval gate")
        try:
            claim = await pipeline.claim(content_id, decision)
        except NotFoundError as exc:
            raise ApiError(404, str(exc)) from exc
        except ConflictError as exc:
            raise ApiError(409, str(exc), "only pending or escalated contents can be approved, rejected or revised"
                           ) from exc
    except BaseException:
        lock.release()
        raise
    return content, claim


async def decide_now(pipeline: Pipeline, runs: RunManager, content_id: str,
                     decision: AdminDecision) -> DecisionResponse:
    """Approve or reject: fast paths (publish or end), so the request waits for them."""
    content, claim = await _claim(pipeline, runs, content_id, decision)
    try:
        outcome = await pipeline.apply(claim)
    finally:
        runs.lock(content_id).release()
    after = await pipeline.deps.contents.get(content_id) or content
    return DecisionResponse(content_id=content_id, thread_id=content["thread_id"],
                            decision=decision.decision, content_status=after["status"],
                            pipeline_status=outcome.state.get("pipeline_status"),
                            published_path=after.get("published_path"))


async def decide_in_background(pipeline: Pipeline, runs: RunManager, content_id: str,
                               decision: AdminDecision) -> DecisionAccepted:
    """Revise: the resumed run writes a new draft with an LLM, so it runs as a background task.

    The decision is recorded before the 202; the lock stays held until the task ends.
    """
    content, claim = await _claim(pipeline, runs, content_id, decision)
    thread_id = content["thread_id"]
    try:
        runs.launch(thread_id, lambda: pipeline.apply(claim), finish=runs.lock(content_id).release)
    except BaseException:
        runs.lock(content_id).release()
        raise
    return DecisionAccepted(content_id=content_id, thread_id=thread_id,
                            status_url=f"/api/pipeline/status/{thread_id}",
                            events_url=f"/api/pipeline/events/{thread_id}")
