"""/api/pipeline: trigger a run, poll its status, stream its node events."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Response
from fastapi.responses import StreamingResponse

from editorial_ai.api.actions import run_status, start_run
from editorial_ai.api.deps import PipelineDep, RunsDep, reject_unknown_query, require_api_key
from editorial_ai.api.runs import Event, RunManager
from editorial_ai.api.schemas import (
    API_ERRORS,
    MAX_OFFSET,
    WHOLE_NUMBER,
    ErrorResponse,
    NodeEvent,
    PipelineStatusResponse,
    TriggerRequest,
    TriggerResponse,
)
from editorial_ai.pipeline.runner import Pipeline

HEARTBEAT_S = 15.0
# Printable ASCII without surrounding spaces (worker/service.py check_idempotency_key), as the document says it.
IDEMPOTENCY_KEY_PATTERN = r"^[!-~](?:[ -~]*[!-~])?$"

router = APIRouter(prefix="/api/pipeline", tags=["pipeline"],
                   dependencies=[Depends(require_api_key), Depends(reject_unknown_query)],
                   responses=API_ERRORS)


@router.post("/trigger", status_code=202, response_model=TriggerResponse,
             responses={409: {"model": ErrorResponse, "description": "Idempotency-Key reused for another request"}})
async def trigger(body: TriggerRequest, pipeline: PipelineDep, runs: RunsDep, response: Response,
                  idempotency_key: Annotated[str | None, Header(
                      alias="Idempotency-Key", min_length=1, max_length=200, pattern=IDEMPOTENCY_KEY_PATTERN,
                      description="Any unique string (a UUID): a repeated key returns the run the first trigger "
                                  "started, with `Idempotent-Replayed: true`, and starts nothing.")] = None,
                  ) -> TriggerResponse:
    """Start a pipeline run in the background; poll the status or stream the events of the thread id. Needs the
    admin role. With an `Idempotency-Key`, a client that retries after a lost response gets the same run."""
    thread_id, repeated = await start_run(pipeline, runs, body, idempotency_key)
    if repeated:
        response.headers["Idempotent-Replayed"] = "true"
    return TriggerResponse(thread_id=thread_id, status_url=f"/api/pipeline/status/{thread_id}",
                           events_url=f"/api/pipeline/events/{thread_id}")


@router.get("/status/{thread_id}", response_model=PipelineStatusResponse,
            responses={404: {"model": ErrorResponse, "description": "Unknown thread"}})
async def status(thread_id: str, pipeline: PipelineDep, runs: RunsDep) -> PipelineStatusResponse:
    """Where a run stands: status, errors, draft, content id and the node running now."""
    return await run_status(pipeline, runs, thread_id)


def _frame(name: str, data: dict[str, Any], event_id: int | None = None) -> str:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {name}\ndata: {json.dumps(data, default=str)}\n\n"


async def sse_stream(pipeline: Pipeline, runs: RunManager, thread_id: str, after: int) -> AsyncIterator[str]:
    """Server-sent events of a thread: node_enter / node_complete live, then one `done`."""
    yield "retry: 3000\n\n"
    event: Event | None = None
    async for event in runs.subscribe(thread_id, after, heartbeat_s=HEARTBEAT_S):
        if event is None:
            yield ": keep-alive\n\n"  # proxies close silent connections
            continue
        yield _frame(event.name, event.data, event.id)
    if event is None or event.name != "done":
        # Nothing is running here (finished earlier, or run by another process): report where it stands.
        current = await run_status(pipeline, runs, thread_id)
        yield _frame("done", {"thread_id": thread_id, "pipeline_status": current.pipeline_status,
                              "waiting_for_human": current.waiting_for_human,
                              "content_id": current.content_id})


class EventStreamResponse(StreamingResponse):
    """A server-sent events stream (named so the OpenAPI document shows text/event-stream)."""

    media_type = "text/event-stream"


def event_stream_response(stream: AsyncIterator[str]) -> EventStreamResponse:
    """A text/event-stream response that proxies do not buffer."""
    return EventStreamResponse(stream, headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


@router.get("/events/{thread_id}", response_class=EventStreamResponse,
            responses={200: {"model": NodeEvent,
                             "description": "Events node_enter, node_complete, done; data is a NodeEvent."},
                       404: {"model": ErrorResponse, "description": "Unknown thread"}})
async def events(thread_id: str, pipeline: PipelineDep, runs: RunsDep,
                 after: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="Only events with a larger id."),
                                  WHOLE_NUMBER] = 0,
                 last_event_id: Annotated[str | None, Header(include_in_schema=False)] = None,
                 ) -> EventStreamResponse:
    """Stream node_enter / node_complete events of a run as they happen, ending with `done`."""
    if not runs.knows(thread_id):
        await run_status(pipeline, runs, thread_id)  # 404 for threads nobody ever ran
    if last_event_id and last_event_id.isascii() and last_event_id.isdigit() and len(last_event_id) < 12:
        after = max(after, int(last_event_id))  # EventSource reconnects resume where they stopped
    return event_stream_response(sse_stream(pipeline, runs, thread_id, after))
