"""The FastAPI application: REST API under /api, /health, and the admin UI under /admin."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from editorial_ai.api.deps import LoginRequired, RoleRequired
from editorial_ai.api.docs_pages import install_docs_pages
from editorial_ai.api.errors import BodyLimitMiddleware, error_body, install_error_handlers
from editorial_ai.api.routes import articles, contents, health, logs, pipeline, ui
from editorial_ai.api.routes import runs as run_routes
from editorial_ai.api.runs import RunManager
from editorial_ai.api.schema_docs import document_constraints
from editorial_ai.api.security import CsrfRejected, OriginCheckMiddleware
from editorial_ai.config import Settings, get_settings
from editorial_ai.pipeline.runner import open_pipeline
from editorial_ai.store.sessions import open_sessions
from editorial_ai.worker.service import ProgressFanout, open_run_service

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"

DESCRIPTION = """Keyword -> reviewed, revised, human-approved, published magazine article.

Runs execute in the background (in the server, or on `editorial-ai worker` processes when a task queue broker is
configured): trigger returns a thread id at once; follow it with `/api/pipeline/status/{thread_id}` or the
server-sent events of `/api/pipeline/events/{thread_id}`. `/api/runs` lists every run from its trigger, with retry.
Every `/api` route needs the header `X-API-Key` when the server has an `ADMIN_API_KEY`. A key's role limits it:
viewer (read), editor (also approve, reject, revise, edit), admin (also trigger and retry runs); a weaker key gets
403 naming the role needed. `/health` without a key answers only `status`.
Requests to a host name not in `EDITORIAL_AI_ALLOWED_HOSTS` get 400; browser requests with an unsafe method from
another site (Origin or Referer) are refused with 403. `POST /api/pipeline/trigger` takes an `Idempotency-Key`
header: a repeated key returns the run it started instead of starting another.
Errors are `{"detail": ..., "fix": ...}` (422s add `errors`, one entry per invalid field)."""


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Open the pipeline (stores + checkpointer) once; stop background runs on shutdown."""
    runs = RunManager()
    fanout = ProgressFanout(runs.hook)
    async with (open_pipeline(app.state.settings, progress=fanout) as opened,
                open_run_service(app.state.settings, opened, runs.launch_unless_running, fanout) as service):
        runs.service = service  # the run registry and task queue (docs/scaling.md)
        sessions = open_sessions(app.state.settings)
        await sessions.initialize()
        app.state.pipeline, app.state.runs, app.state.sessions = opened, runs, sessions
        try:
            yield
        finally:
            await runs.shutdown()
            app.state.pipeline = None


async def _login_redirect(request: Request, exc: Exception) -> RedirectResponse:
    assert isinstance(exc, LoginRequired)
    return RedirectResponse(f"/admin/login?next={exc.next_path}", status_code=303)


async def _role_required(request: Request, exc: Exception) -> Response:
    """403 naming the role needed: a page in the admin UI, the JSON error on the API."""
    assert isinstance(exc, RoleRequired)
    if not request.url.path.startswith("/admin"):
        return JSONResponse(error_body(403, str(exc.detail), exc.fix), status_code=403)
    from editorial_ai.api.routes.ui import TEMPLATES

    settings = request.app.state.settings
    return TEMPLATES.TemplateResponse(
        request, "admin/error.html",
        {"dev_mode": settings.admin_api_key is None, "error": None, "csrf_token": "",
         "detail": str(exc.detail), "fix": exc.fix}, status_code=403)


async def _csrf_rejected(request: Request, exc: Exception) -> Response:
    from editorial_ai.api.routes.ui import TEMPLATES

    settings = request.app.state.settings
    return TEMPLATES.TemplateResponse(
        request, "admin/error.html",
        {"dev_mode": settings.admin_api_key is None, "error": None, "csrf_token": "",
         "detail": "This form is out of date or did not come from this admin UI (missing or wrong CSRF token).",
         "fix": "Reload the page and submit the form again."}, status_code=403)


SSE_EVENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "One server-sent event. `node_enter` and `node_complete` carry a NodeEvent as JSON text in "
                   "`data` (see x-event-data); the last event, `done`, carries the run's thread_id, pipeline_status "
                   "and waiting_for_human.",
    "required": ["data"],
    "properties": {
        "event": {"type": "string", "enum": ["node_enter", "node_complete", "done"]},
        "id": {"type": "string", "pattern": "^[0-9]+$"},
        "data": {"type": "string", "contentMediaType": "application/json"},
    },
}


def _openapi_with_clean_streams(app: FastAPI) -> None:
    """The event stream's document: a text body whose frames carry NodeEvent data, and its errors (401, 404,
    422...) are JSON.

    FastAPI types every response of a streaming route with the route's media type and adds `type: string`
    next to a $ref; only the 200 is a stream.
    """
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        doc = build()
        document_constraints(doc, app.state.settings)
        # /health answers everyone (only its status without a key): the key is optional there, not required.
        for operation in doc.get("paths", {}).get("/health", {}).values():
            operation["security"] = [{}, {"APIKeyHeader": []}]
        for operations in doc.get("paths", {}).values():
            for operation in operations.values():
                for code, response in operation.get("responses", {}).items():
                    content = response.get("content", {})
                    stream = content.get("text/event-stream")
                    if stream is None:
                        continue
                    if code != "200":
                        stream.get("schema", {}).pop("type", None)
                        content["application/json"] = content.pop("text/event-stream")
                        continue
                    # The schema of a text/event-stream describes each event (its `event`, `id` and `data` fields),
                    # not the body. Declaring each event a NodeEvent was wrong twice: an event's data is JSON text,
                    # and the closing `done` event's data is the run's outcome, not a NodeEvent.
                    event_schema = stream.get("schema", {}).get("$ref")
                    stream["schema"] = dict(SSE_EVENT_SCHEMA)
                    if event_schema:
                        stream["x-event-data"] = {"$ref": event_schema}
        return doc

    app.openapi = openapi  # type: ignore[method-assign]


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app; the pipeline opens when the app's lifespan starts (uvicorn does that)."""
    app = FastAPI(title="Editorial AI", version="0.1.0", description=DESCRIPTION, lifespan=lifespan,
                  docs_url=None, redoc_url=None)  # served from packaged assets below (api/docs_pages.py)
    app.state.settings = settings or get_settings()
    app.state.pipeline = None
    app.state.sessions = None  # opened by the lifespan, next to the contents
    app.state.runs = RunManager()  # replaced by the lifespan's; lets routes answer before startup
    install_error_handlers(app)
    app.add_exception_handler(LoginRequired, _login_redirect)
    app.add_exception_handler(CsrfRejected, _csrf_rejected)
    app.add_exception_handler(RoleRequired, _role_required)
    app.add_middleware(BodyLimitMiddleware)
    app.add_middleware(OriginCheckMiddleware, settings=app.state.settings)  # outermost: before any body is read
    for module in (pipeline, contents, logs, health, run_routes, articles):
        app.include_router(module.router)
    for router in ui.ui_routers():
        app.include_router(router)
    _openapi_with_clean_streams(app)
    install_docs_pages(app)  # before /static: its assets' mount lies under that prefix
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app
