"""/api/runs: every run from the moment it is triggered (queued, running, waiting, done, failed) and retry."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query
from pydantic import BaseModel, Field

from editorial_ai.api.actions import retry_run, service_of
from editorial_ai.api.deps import RunsDep, reject_unknown_query, require_api_key
from editorial_ai.api.errors import ApiError
from editorial_ai.api.redact import public_error
from editorial_ai.api.schemas import API_ERRORS, MAX_OFFSET, WHOLE_NUMBER, ErrorResponse
from editorial_ai.models.status import RunState

RunStatusFilter = Literal["queued", "running", "waiting", "done", "failed"]

router = APIRouter(
    prefix="/api/runs",
    tags=["runs"],
    dependencies=[Depends(require_api_key), Depends(reject_unknown_query)],
    responses=API_ERRORS,
)


class RunSummary(BaseModel):
    """A run's live state from the run registry."""

    thread_id: str
    status: str = Field(description="queued | running | waiting (at the human gate) | done | failed")
    kind: str = Field(description="The last work item: start, decision, retry.")
    keyword: str
    content_type: str
    current_node: str | None = None
    worker: str | None = Field(None, description="The process holding the run's lease while it runs.")
    lease_expires_in_s: float | None = None
    attempts: int = Field(description="Leases taken so far (a run resumed after a crash counts more than one).")
    error: str | None = None
    content_id: str | None = None
    pipeline_status: str | None = None
    created_at: float
    updated_at: float
    retryable: bool = Field(description="True when POST /api/runs/{thread_id}/retry would queue it again.")


class RunExecution(BaseModel):
    """One lease taken on the run: which worker executed it, when, and how it ended."""

    fence: int
    worker: str
    kind: str
    started_at: float
    heartbeat_at: float
    ended_at: float | None = None
    outcome: str | None = None


class RunDetail(RunSummary):
    executions: list[RunExecution]


class RunListResponse(BaseModel):
    items: list[RunSummary]
    total: int
    limit: int
    offset: int


def summary(row: dict[str, Any], lease_s: float) -> RunSummary:
    """A registry row for clients: error text redacted, the lease as seconds left."""
    now, expires = float(row["now"]), row.get("lease_expires")
    stuck = row["status"] == RunState.RUNNING and (expires is None or float(expires) < now)
    forgotten = row["status"] == RunState.QUEUED and now - float(row["enqueued_at"]) >= lease_s
    return RunSummary(
        thread_id=row["thread_id"],
        status=row["status"],
        kind=row["kind"],
        keyword=row.get("keyword") or "",
        content_type=row.get("content_type") or "",
        current_node=row.get("current_node"),
        worker=row.get("lease_owner"),
        lease_expires_in_s=round(float(expires) - now, 1) if expires is not None else None,
        attempts=int(row["attempts"]),
        error=public_error(str(row["error"])) if row.get("error") else None,
        content_id=row.get("content_id"),
        pipeline_status=row.get("pipeline_status"),
        created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]),
        retryable=row["status"] == RunState.FAILED or stuck or forgotten,
    )


@router.get("/", response_model=RunListResponse)
async def list_runs(
    runs: RunsDep,
    status: Annotated[RunStatusFilter | None, Query(description="Only this status.")] = None,
    limit: Annotated[int, Query(ge=1, le=200), WHOLE_NUMBER] = 20,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET), WHOLE_NUMBER] = 0,
) -> RunListResponse:
    """Runs newest first, including those that never reached the gate (queued, running, failed)."""
    service = service_of(runs)
    rows, total = await service.store.list(status, limit, offset)
    return RunListResponse(items=[summary(r, service.lease_s) for r in rows], total=total, limit=limit, offset=offset)


@router.get(
    "/{thread_id}", response_model=RunDetail, responses={404: {"model": ErrorResponse, "description": "Unknown thread"}}
)
async def get_run(thread_id: str, runs: RunsDep) -> RunDetail:
    """One run with its execution log (one entry per lease: a run finished by a second worker shows two)."""
    service = service_of(runs)
    row = await service.store.get(thread_id)
    if row is None:
        raise ApiError(404, f"no run with thread_id {thread_id!r}", "list runs with GET /api/runs/")
    executions = [RunExecution.model_validate(e) for e in await service.store.executions(thread_id)]
    return RunDetail(**summary(row, service.lease_s).model_dump(), executions=executions)


@router.post(
    "/{thread_id}/retry",
    status_code=202,
    response_model=RunSummary,
    responses={
        404: {"model": ErrorResponse, "description": "Unknown thread"},
        409: {"model": ErrorResponse, "description": "Running, waiting for a human, or finished"},
        503: {"model": ErrorResponse, "description": "The task queue is unreachable"},
    },
)
async def retry(thread_id: str, runs: RunsDep) -> RunSummary:
    """Queue a failed or stuck run again: it continues from its last checkpoint (a failed node runs again)."""
    row = await retry_run(runs, thread_id)
    return summary(row, service_of(runs).lease_s)
