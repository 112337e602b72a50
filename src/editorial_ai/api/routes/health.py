"""/health: storage, checkpointer and model availability, without calling any model."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from editorial_ai.api.actions import model_problem
from editorial_ai.api.deps import PipelineDep
from editorial_ai.api.schemas import HealthCheck, HealthResponse

REQUIRED_TABLES = ("editorial_contents", "review_events", "posts", "spots", "solutions")

router = APIRouter(tags=["health"])


def _tables(db_path: Path) -> set[str]:
    # mode=ro: a health probe must never create an empty database where the real one is missing.
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=5)
    try:
        conn.execute("SELECT 1").fetchone()
        return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()


@router.get("/health", response_model=HealthResponse,
            responses={503: {"model": HealthResponse, "description": "Storage or checkpointer is broken"}})
async def health(pipeline: PipelineDep) -> JSONResponse:
    """Database reachable, tables present, checkpointer usable, model available (reported, not called)."""
    settings = pipeline.deps.settings
    checks: dict[str, HealthCheck] = {}
    db_path = settings.resolved_db_path
    try:
        tables = await asyncio.to_thread(_tables, db_path)
        checks["database"] = HealthCheck(ok=True, detail=f"sqlite at {db_path} answers")
        missing = [t for t in REQUIRED_TABLES if t not in tables]
        checks["tables"] = HealthCheck(
            ok=not missing,
            detail=f"missing tables: {', '.join(missing)}" if missing else "all tables present",
            fix="restart the server: tables are created when the pipeline opens" if missing else None)
    except sqlite3.Error as exc:
        checks["database"] = HealthCheck(
            ok=False, detail=f"sqlite at {db_path}: {exc}",
            fix="check EDITORIAL_AI_DATA_DIR / EDITORIAL_AI_DB_PATH and permissions")
        checks["tables"] = HealthCheck(ok=False, detail="database unreachable", fix="fix the database first")
    try:
        await pipeline.graph.checkpointer.aget_tuple({"configurable": {"thread_id": "__health__"}})
        checks["checkpointer"] = HealthCheck(ok=True, detail=f"sqlite at {settings.resolved_checkpoint_path}")
    except (sqlite3.Error, OSError, ValueError, RuntimeError) as exc:  # runs could not pause or resume
        checks["checkpointer"] = HealthCheck(ok=False, detail=f"{type(exc).__name__}: {exc}",
                                             fix="check EDITORIAL_AI_CHECKPOINT_PATH and restart the server")
    problem = model_problem(settings.model, settings)
    checks["model"] = HealthCheck(ok=problem is None,
                                  detail=problem[0] if problem else f"{settings.model} available",
                                  fix=problem[1] if problem else None)
    storage_ok = all(checks[name].ok for name in ("database", "tables", "checkpointer"))
    status = "error" if not storage_ok else ("ok" if checks["model"].ok else "degraded")
    body = HealthResponse(status=status, model=settings.model, dev_mode=settings.admin_api_key is None,
                          checks=checks)
    return JSONResponse(body.model_dump(mode="json"), status_code=200 if storage_ok else 503)
