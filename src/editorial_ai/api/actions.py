"""What the API and the admin UI both do: start and retry runs, check models, apply decisions."""

from __future__ import annotations

from typing import Any

from editorial_ai.api.errors import ApiError, invalid_field
from editorial_ai.api.redact import public_error
from editorial_ai.api.runs import RunManager
from editorial_ai.api.schemas import (
    DecisionAccepted,
    DecisionResponse,
    PipelineStatusResponse,
    ReviseRequest,
)
from editorial_ai.models.content_record import ContentRecord
from editorial_ai.models.decisions import AdminDecision, ReviewForm
from editorial_ai.models.status import RunState
from editorial_ai.pipeline.runner import ConflictError, DecisionClaim, NotFoundError, Pipeline
from editorial_ai.prompts.sanitize import option_fix, run_request_problem
from editorial_ai.worker.queue import BrokerUnavailableError
from editorial_ai.worker.run_request import RunRequest, RunRequestError
from editorial_ai.worker.service import (
    IdempotencyConflict,
    RetryRefused,
    RunInProgress,
    RunService,
    check_idempotency_key,
)


def service_of(runs: RunManager) -> RunService:
    """The run service the lifespan opened; 503 before start-up."""
    if runs.service is None:
        raise ApiError(503, "the run queue is not open", "start the app through its lifespan (uvicorn does this)")
    return runs.service


def _unavailable(exc: BrokerUnavailableError) -> ApiError:
    return ApiError(503, "the task queue is unavailable: nothing was started or recorded", str(exc))


async def start_run(pipeline: Pipeline, runs: RunManager, request: RunRequest,
                    idempotency_key: str | None = None) -> tuple[str, bool]:
    """Register a run and queue its start; return its thread id at once, and whether an earlier trigger with the
    same idempotency key had already started it (then nothing new runs).

    422 naming the field for a model the allowlist refuses or that cannot run here, an unknown tenant, or exam
    options on another content type (RunRequest.resolved, the CLI's check too), or a malformed key; 409 for a key
    reused with another request; 503, nothing written, when the broker is down.
    """
    refused = run_request_problem(request.model_dump())
    if refused is not None:  # tone is a choice; style, keyword... plain words (prompts/sanitize.py)
        raise invalid_field(refused[0], f"{refused[0]} {refused[1]}", option_fix(refused[0]))
    try:
        resolved = request.resolved(pipeline.deps.settings, enforce_allowlist=True)
    except RunRequestError as exc:
        raise invalid_field(exc.field, exc.detail, exc.fix) from None
    try:
        if idempotency_key is None:
            thread_id, _ = await service_of(runs).start(resolved)
            return thread_id, False
        check_idempotency_key(idempotency_key)
        thread_id, _, repeated = await service_of(runs).start_once(resolved, idempotency_key)
        return thread_id, repeated
    except IdempotencyConflict as exc:
        raise ApiError(409, str(exc), "use a new Idempotency-Key for a different request") from None
    except ValueError as exc:
        raise invalid_field("header.Idempotency-Key", str(exc), "send a UUID as the Idempotency-Key") from None
    except BrokerUnavailableError as exc:
        raise _unavailable(exc) from exc


async def retry_run(runs: RunManager, thread_id: str) -> dict[str, Any]:
    """Queue a failed or stuck run again from its last checkpoint (404 unknown, 409 not stuck, 503 no broker)."""
    try:
        return await service_of(runs).retry(thread_id)
    except NotFoundError as exc:
        raise ApiError(404, f"no pipeline run with thread_id {thread_id!r}", "list runs with GET /api/runs/") from exc
    except RetryRefused as exc:
        raise ApiError(409, str(exc), "only failed runs, and runs whose worker stopped, can be retried") from exc
    except BrokerUnavailableError as exc:
        raise _unavailable(exc) from exc


async def run_status(pipeline: Pipeline, runs: RunManager, thread_id: str) -> PipelineStatusResponse:
    """Status of a thread from the run registry, its checkpoint and this server's tasks; 404 when unknown."""
    row = await runs.service.store.get(thread_id) if runs.service is not None else None
    local = runs.is_running(thread_id)
    running = local or bool(row and row["status"] == RunState.RUNNING)
    node = runs.current_node(thread_id) or (row or {}).get("current_node")
    stored_error = (row or {}).get("error") if row and row["status"] == RunState.FAILED else None
    error = runs.error(thread_id) or (public_error(str(stored_error)) if stored_error else None)
    try:
        outcome = await pipeline.outcome(thread_id)
    except NotFoundError as exc:
        if row is None and not runs.knows(thread_id):
            raise ApiError(404, f"no pipeline run with thread_id {thread_id!r}",
                           "use the thread_id returned by POST /api/pipeline/trigger") from exc
        # Registered, but no checkpoint yet (queued, just started, or died before writing one).
        registry_state = RunState.FAILED if error else RunState.QUEUED
        return PipelineStatusResponse(thread_id=thread_id, pipeline_status=registry_state.value,
                                      error_log=[error] if error else [], running=running, current_node=node)
    state = outcome.state
    # Provider errors quote upstream bodies: clients see our words and a reference, the server log the rest.
    error_log = [public_error(e) for e in state.get("error_log") or []] + ([error] if error else [])
    queued = bool(row and row["status"] == RunState.QUEUED)
    return PipelineStatusResponse(
        thread_id=thread_id, pipeline_status=RunState.QUEUED.value if queued else str(state.get("pipeline_status")),
        error_log=error_log, has_draft=bool(state.get("current_draft")), content_id=state.get("current_draft_id"),
        current_node=node, running=running or queued,
        waiting_for_human=outcome.waiting_for_human and not (running or queued),
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
                         reviewer=body.reviewer, comments=body.comments)


async def _claim(pipeline: Pipeline, runs: RunManager, content_id: str,
                 decision: AdminDecision) -> tuple[ContentRecord, DecisionClaim]:
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
        if runs.is_running(content.thread_id):
            raise ApiError(409, f"the run of content {content_id} is still in progress",
                           "wait until it stops at the approval gate")
        try:
            claim = await service_of(runs).claim(content_id, decision)
        except NotFoundError as exc:
            raise ApiError(404, str(exc)) from exc
        except RunInProgress as exc:
            raise ApiError(409, str(exc), "wait until it stops at the approval gate") from exc
        except ConflictError as exc:
            raise ApiError(409, str(exc), "only pending or escalated contents can be approved, rejected or revised"
                           ) from exc
    except BaseException:
        lock.release()
        raise
    return content, claim


async def decide_now(pipeline: Pipeline, runs: RunManager, content_id: str,
                     decision: AdminDecision) -> DecisionResponse:
    """Reject: a fast path (the run ends, no LLM call), executed here under the thread's lease. Approvals are not
    taken here: `publish_steps.approve` records them and nothing is published until `publish_steps.publish`."""
    content, claim = await _claim(pipeline, runs, content_id, decision)
    try:
        outcome = await service_of(runs).decided(claim.thread_id, inline=True)
    finally:
        runs.lock(content_id).release()
    state = outcome.state if outcome is not None else (await pipeline.outcome(claim.thread_id)).state
    after = await pipeline.deps.contents.get(content_id) or content
    return DecisionResponse(content_id=content_id, thread_id=content.thread_id,
                            decision=decision.decision, content_status=after.status,
                            pipeline_status=state.get("pipeline_status"),
                            published_path=after.published_path)


async def decide_in_background(pipeline: Pipeline, runs: RunManager, content_id: str,
                               decision: AdminDecision) -> DecisionAccepted:
    """Revise: the resumed run writes a new draft with an LLM, so it is queued as a work item.

    The broker is checked first (503, nothing recorded, when it is down); the decision is recorded before the 202.
    """
    service = service_of(runs)
    try:
        await service.queue.ping()
    except BrokerUnavailableError as exc:
        raise _unavailable(exc) from exc
    content, claim = await _claim(pipeline, runs, content_id, decision)
    try:
        await service.decided(claim.thread_id, inline=False)
    finally:
        runs.lock(content_id).release()
    thread_id = content.thread_id
    return DecisionAccepted(content_id=content_id, thread_id=thread_id,
                            status_url=f"/api/pipeline/status/{thread_id}",
                            events_url=f"/api/pipeline/events/{thread_id}")
