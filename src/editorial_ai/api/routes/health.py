"""/health: storage, checkpointer, model availability (without calling any model) and the task queue.

Without a key it answers only `status` (ok, degraded, error): the checks name the database's user, host and schema
and the broker's host, which are for the operator. ADMIN_API_KEY or a reviewer's key gets the details.
"""

from __future__ import annotations

import sqlite3
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from editorial_ai.api.deps import PipelineDep, RunsDep, api_key_header, reject_unknown_query
from editorial_ai.api.runs import RunManager
from editorial_ai.api.schemas import HealthCheck, HealthResponse, ValidationErrorResponse
from editorial_ai.api.security import identify_holder, presented_key
from editorial_ai.models.run_request import model_problem
from editorial_ai.store.factory import storage_plan
from editorial_ai.worker.queue import BrokerUnavailableError

REQUIRED_TABLES = ("editorial_contents", "review_events", "posts", "spots", "solutions")

router = APIRouter(tags=["health"], dependencies=[Depends(reject_unknown_query)],
                   responses={422: {"model": ValidationErrorResponse, "description": "Unknown query parameter"}})


async def _queue_check(runs: RunManager, checks: dict[str, HealthCheck]) -> dict[str, Any] | None:
    """Queue depth, live workers and the oldest waiting item (degraded, not 503, when the broker is down:
    contents can still be read and decided)."""
    if runs.service is None:
        checks["queue"] = HealthCheck(ok=False, detail="the run queue is not open",
                                      fix="start the app through its lifespan (uvicorn does this)")
        return None
    try:
        figures = await runs.service.health()
    except BrokerUnavailableError as exc:
        checks["queue"] = HealthCheck(ok=False, detail="task queue unreachable", fix=str(exc))
        return None
    oldest = figures["oldest_waiting_s"]
    detail = (f"{figures['mode']} queue ({figures['broker']}): {figures['depth']} waiting"
              + (f", oldest {oldest:.1f} s" if oldest is not None else "") + f", {figures['workers']} live worker(s)")
    no_workers = figures["mode"] == "redis" and figures["workers"] == 0
    fix = "start `editorial-ai worker` with the same EDITORIAL_AI_BROKER_URL and DATABASE_URL"
    checks["queue"] = HealthCheck(ok=not no_workers, detail=detail, fix=fix if no_workers else None)
    return figures


@router.get("/health", response_model=HealthResponse,
            responses={503: {"model": HealthResponse, "description": "Storage or checkpointer is broken"}})
async def health(request: Request, pipeline: PipelineDep, runs: RunsDep,
                 api_key: Annotated[str | None, Depends(api_key_header)]) -> JSONResponse:
    """Database reachable, tables present, checkpointer usable, model available (reported, not called), and the
    task queue: depth, live workers, oldest waiting item. Without a key: only `status`."""
    settings = pipeline.deps.settings
    checks: dict[str, HealthCheck] = {}
    where = storage_plan(settings).describe()
    # Probe through the repositories, so the check follows whichever backend is configured.
    probes = {
        "catalog": pipeline.deps.catalog.counts(),
        "contents": pipeline.deps.contents.list(None, 1, 0),
        "decisions": pipeline.deps.contents.events("__health__"),
    }
    failures: list[str] = []
    for name, probe in probes.items():
        try:
            await probe
        except Exception as exc:  # noqa: BLE001 - a health probe reports failures, it never raises them
            failures.append(f"{name}: {exc}")
    checks["database"] = HealthCheck(ok=True, detail=f"{where} answers")
    checks["tables"] = HealthCheck(
        ok=not failures,
        detail="; ".join(failures) if failures else f"all tables present ({', '.join(REQUIRED_TABLES)})",
        fix="restart the server: tables are created when the pipeline opens" if failures else None)
    if failures and all("connect" in f.lower() or "unable to open" in f.lower() for f in failures):
        checks["database"] = HealthCheck(ok=False, detail=f"{where}: {failures[0]}",
                                         fix="check DATABASE_URL / EDITORIAL_AI_DATA_DIR and permissions")
    try:
        await pipeline.graph.checkpointer.aget_tuple({"configurable": {"thread_id": "__health__"}})
        checks["checkpointer"] = HealthCheck(ok=True, detail=f"checkpoints with the contents ({where})")
    except (sqlite3.Error, OSError, ValueError, RuntimeError) as exc:  # runs could not pause or resume
        checks["checkpointer"] = HealthCheck(ok=False, detail=f"{type(exc).__name__}: {exc}",
                                             fix="check EDITORIAL_AI_CHECKPOINT_PATH and restart the server")
    queue_figures = await _queue_check(runs, checks)
    problem = model_problem(settings.model, settings)
    checks["model"] = HealthCheck(ok=problem is None,
                                  detail=problem[0] if problem else f"{settings.model} available",
                                  fix=problem[1] if problem else None)
    storage_ok = all(checks[name].ok for name in ("database", "tables", "checkpointer"))
    status = "error" if not storage_ok else ("ok" if checks["model"].ok and checks["queue"].ok else "degraded")
    code = 200 if storage_ok else 503
    if identify_holder(settings, presented_key(request, api_key)) is None:
        return JSONResponse({"status": status}, status_code=code)
    body = HealthResponse(status=status, model=settings.model, dev_mode=settings.admin_api_key is None,
                          checks=checks, queue=queue_figures)
    return JSONResponse(body.model_dump(mode="json"), status_code=code)
