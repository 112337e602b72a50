"""The admin web UI: server-rendered pages whose forms work without JavaScript (POST, then redirect).

This module holds login, the queue (filters, bulk reject) and run pages; the content page and its decision and edit
forms are in `ui_content`.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse

from editorial_ai.api.actions import decide_now, retry_run, run_status, service_of, start_run
from editorial_ai.api.assignments import assignments_of
from editorial_ai.api.deps import PipelineDep, RunsDep, SettingsDep, check_login_key, require_ui_session
from editorial_ai.api.errors import ApiError
from editorial_ai.api.model_choice import offered_models
from editorial_ai.api.routes import ui_content, ui_guidance
from editorial_ai.api.routes.pipeline import event_stream_response, sse_stream
from editorial_ai.api.routes.ui_common import TEMPLATES, current_reviewer, offset_param, page, validate
from editorial_ai.api.runs import RunManager
from editorial_ai.api.schemas import RejectRequest, TriggerRequest
from editorial_ai.api.security import (
    SESSION_COOKIE,
    attach_cookie,
    check_csrf,
    load_session,
    session_store,
    start_session,
)
from editorial_ai.api.view_progress import node_records, progress_view
from editorial_ai.api.view_queue import STATUS_TABS, failed_runs, filter_values, parse_filters
from editorial_ai.api.views import timeline
from editorial_ai.content_types.registry import content_type_for
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.models.run_request import BLOOMS_LEVELS
from editorial_ai.pipeline.graph import pipeline_content_types
from editorial_ai.pipeline.runner import Pipeline
from editorial_ai.review.policy import load_tenants
from editorial_ai.services.learning_context import LearningStats, learning_stats
from editorial_ai.store.contents import AWAITING

# TEMPLATES is re-exported: the app's error handlers render the admin pages with it.
__all__ = ["TEMPLATES", "ui_routers"]

PAGE_SIZE = 20
FORM_FIELDS = ("seed_keyword", "category", "tone", "style", "target_celeb", "target_brand", "model", "content_type",
               "judge_model", "max_revisions", "tenant", "slo", "blooms_level")
# Options whose empty form field means "the server's default" (the text fields' blanks are None already).
BLANK_MEANS_DEFAULT = ("max_revisions",)
MAX_BULK = 100

public = APIRouter(include_in_schema=False)
router = APIRouter(prefix="/admin", include_in_schema=False, dependencies=[Depends(require_ui_session)])


def _safe_next(value: str | None) -> str:
    # Only local admin paths: the login form must not become an open redirect.
    if value and value.startswith(("/admin", "/preview/")) and not value.startswith("//"):
        return value
    return "/admin/"


@public.get("/")
async def root() -> RedirectResponse:
    """The UI lives under /admin/."""
    return RedirectResponse("/admin/", status_code=307)


@public.get("/admin/login", response_class=HTMLResponse)
async def login_form(request: Request, settings: SettingsDep, next: str = "/admin/") -> Response:
    """The login form (only needed when ADMIN_API_KEY is set); its session carries the form's CSRF token."""
    if settings.admin_api_key is None:
        return RedirectResponse(_safe_next(next), status_code=303)
    session = await load_session(request)
    if session is None:
        await start_session(request, settings, authenticated=False)
    else:
        request.state.session = session
    return page(request, "admin/login.html", next=_safe_next(next))


@public.post("/admin/login", response_class=HTMLResponse)
async def login(request: Request, settings: SettingsDep) -> Response:
    """Check the CSRF token and the key; on success replace the session with a logged-in one."""
    form = await request.form()
    target = _safe_next(str(form.get("next") or ""))
    if settings.admin_api_key is None:
        return RedirectResponse(target, status_code=303)
    session = await load_session(request)
    request.state.session = session
    await check_csrf(request, session)
    reviewer = check_login_key(settings, str(form.get("api_key") or ""))
    if reviewer is None:
        return page(
            request, "admin/login.html", 401, next=target, error="That is not the admin key, nor a reviewer's key."
        )
    # A fresh id after login: a session id planted before it (session fixation) opens nothing.
    await session_store(request).revoke(request.cookies.get(SESSION_COOKIE, ""))
    await start_session(request, settings, authenticated=True, reviewer=reviewer)
    return attach_cookie(request, RedirectResponse(target, status_code=303))


@public.post("/admin/logout")
async def logout(request: Request) -> RedirectResponse:
    """Revoke the session server-side (a copied cookie stops working too) and forget the cookie."""
    session = await load_session(request)
    await check_csrf(request, session)
    await session_store(request).revoke(request.cookies.get(SESSION_COOKIE, ""))
    response = RedirectResponse("/admin/login", status_code=303)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


async def _queue(
    request: Request, pipeline: Pipeline, runs: RunManager, status_code: int = 200, **extra: Any
) -> Response:
    content_types = pipeline_content_types()
    query, filter_errors = parse_filters(request.query_params, content_types)
    offset = offset_param(request.query_params.get("offset"))
    items, total = await pipeline.deps.contents.search(query, PAGE_SIZE, offset)
    counts = {tab: (await pipeline.deps.contents.list(tab, 1, 0))[1] for tab in STATUS_TABS}
    running = [await run_status(pipeline, runs, t) for t in await runs.active_threads()]
    models = offered_models(pipeline.deps.settings)
    # Preselect the server default, or the first model that can run when the default cannot.
    usable = [m["value"] for m in models if not m["problem"]]
    default_model = (
        pipeline.deps.settings.model
        if pipeline.deps.settings.model in usable
        else next(iter(usable), pipeline.deps.settings.model)
    )
    extra.setdefault("values", {"content_type": pipeline.deps.settings.content_type, "model": default_model})
    extra.setdefault("errors", {})
    extra.setdefault("notice", await ui_content.queue_notice(request, pipeline))
    filters = filter_values(query)
    without_status = {k: v for k, v in filters.items() if k != "status"}
    return page(
        request,
        "admin/queue.html",
        status_code,
        items=items,
        # Items another editor has open: "in review by NAME" (pipeline/assignments.py), one query for the page.
        readers={content_id: [r.name for r in readers] for content_id, readers in (
            await assignments_of(request).others_of([i.id for i in items], current_reviewer(request))
        ).items()},
        total=total,
        status=query.status,
        counts=counts,
        tabs=STATUS_TABS,
        offset=offset,
        page_size=PAGE_SIZE,
        running=running,
        models=models,
        default_model=pipeline.deps.settings.model,
        content_types=content_types,
        tenants=sorted(load_tenants(pipeline.deps.settings.tenants_file).tenants),
        blooms_levels=BLOOMS_LEVELS,
        default_max_revisions=pipeline.deps.settings.max_revisions,
        filters=filters,
        filter_errors=filter_errors,
        filtered=query.active,
        page_query=urlencode(filters),
        tab_query=urlencode(without_status),
        awaiting=AWAITING,
        failed=await failed_runs(runs),
        learning=await _learning(pipeline),
        **extra,
    )


@router.get("/", response_class=HTMLResponse)
async def queue(request: Request, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """The content queue with status tabs, and the form to start a run."""
    return await _queue(request, pipeline, runs)


@router.post("/runs", response_class=HTMLResponse)
async def trigger_run(request: Request, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """Start a run from the form, then show its progress."""
    form = await request.form()
    values = {k: str(form.get(k) or "") for k in FORM_FIELDS}
    body, errors = validate(TriggerRequest, {k: v for k, v in values.items() if v or k not in BLANK_MEANS_DEFAULT})
    if body is None:
        return await _queue(request, pipeline, runs, 422, values=values, errors=errors)
    try:
        thread_id, _ = await start_run(pipeline, runs, body)
    except ApiError as exc:
        field = (exc.errors or [{"field": "model"}])[0]["field"]
        message = exc.errors[0]["message"] if exc.errors else str(exc.detail)
        return await _queue(
            request, pipeline, runs, exc.status_code, values=values, errors={field: f"{message} — {exc.fix}"}
        )
    return RedirectResponse(f"/admin/runs/{thread_id}", status_code=303)


@router.get("/runs/{thread_id}", response_class=HTMLResponse)
async def run_page(request: Request, thread_id: str, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """Live progress of a run: the node timeline so far, then node events as they happen."""
    try:
        status = await run_status(pipeline, runs, thread_id)
    except ApiError as exc:
        return page(request, "admin/error.html", exc.status_code, detail=exc.detail, fix=exc.fix)
    # Read the log and the last event id with no await between them, so the page and the stream neither
    # miss nor repeat a node.
    data, records, after = (
        timeline(pipeline, thread_id, status.pipeline_status),
        node_records(pipeline, thread_id),
        runs.last_event_id(thread_id),
    )
    keyword = await _run_keyword(pipeline, runs, thread_id)
    return page(
        request,
        "admin/run.html",
        status=status,
        timeline=data,
        after=after,
        keyword=keyword,
        progress=progress_view(records, status.running, status.current_node),
    )


@router.get("/runs/{thread_id}/events")
async def run_events(thread_id: str, pipeline: PipelineDep, runs: RunsDep, after: int = 0) -> StreamingResponse:
    """The run's server-sent events for the page script (cookie-authenticated)."""
    if not runs.knows(thread_id):
        await run_status(pipeline, runs, thread_id)
    return event_stream_response(sse_stream(pipeline, runs, thread_id, max(0, after)))


async def _learning(pipeline: Pipeline) -> LearningStats:
    """What the last human reviews teach the next run of the configured content type (seed 003's learning loop)."""
    settings = pipeline.deps.settings
    return await learning_stats(
        pipeline.deps.contents, content_type_for(settings.content_type), "", disabled=settings.learning_switches_off()
    )


async def _run_keyword(pipeline: Pipeline, runs: RunManager, thread_id: str) -> str:
    """The keyword the run was started with: from the run registry (known from the trigger on), else the state."""
    row = await service_of(runs).store.get(thread_id) if runs.service is not None else None
    if row and row.get("keyword"):
        return str(row["keyword"])
    try:
        return str(((await pipeline.outcome(thread_id)).state.get("curation_input") or {}).get("seed_keyword") or "")
    except LookupError:
        return ""


@router.post("/runs/{thread_id}/retry", response_class=HTMLResponse)
async def retry(request: Request, thread_id: str, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """Queue a failed or stuck run again from its last checkpoint, then follow it."""
    try:
        await retry_run(runs, thread_id)
    except ApiError as exc:
        return await _queue(request, pipeline, runs, exc.status_code, error=f"{exc.detail}. {exc.fix or ''}".strip())
    return RedirectResponse(f"/admin/runs/{thread_id}", status_code=303)


@router.post("/bulk/reject", response_class=HTMLResponse)
async def bulk_reject(request: Request, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """Reject every ticked item of the queue with one reason; items that cannot be rejected are listed."""
    form = await request.form()
    ids = list(dict.fromkeys(str(v) for v in form.getlist("ids")))[:MAX_BULK]
    reviewer = current_reviewer(request)
    body, errors = validate(RejectRequest, {"reason": str(form.get("reason") or ""), "reviewer": reviewer})
    if not ids:
        errors["ids"] = "Tick at least one item to reject."
    if body is None or errors:
        return await _queue(request, pipeline, runs, 422, bulk_errors=errors, bulk_reason=str(form.get("reason") or ""))
    rejected, problems = 0, []
    for content_id in ids:
        try:
            await decide_now(
                pipeline,
                runs,
                content_id,
                AdminDecision(decision="rejected", reason=body.reason, reviewer=body.reviewer),
            )
            rejected += 1
        except ApiError as exc:
            problems.append(f"{content_id[:8]}: {exc.detail}")
    target = "/admin/?" + urlencode({"done": f"bulk:{rejected}"})
    if problems:
        return await _queue(
            request,
            pipeline,
            runs,
            409,
            error=f"Rejected {rejected} of {len(ids)}. Not rejected: " + "; ".join(problems),
        )
    return RedirectResponse(target, status_code=303)


def ui_routers() -> list[APIRouter]:
    """Public (login) and protected UI routers."""
    return [public, router, ui_content.router, ui_guidance.router]
