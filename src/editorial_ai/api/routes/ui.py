"""The admin web UI: server-rendered pages whose forms work without JavaScript (POST, then redirect)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from fastapi.templating import Jinja2Templates
from markupsafe import Markup
from pydantic import BaseModel, ValidationError

from editorial_ai.api.actions import (
    decide_in_background,
    decide_now,
    revision_decision,
    run_status,
    start_run,
)
from editorial_ai.api.deps import PipelineDep, RunsDep, SettingsDep, check_login_key, require_ui_session
from editorial_ai.api.errors import ApiError, field_errors
from editorial_ai.api.model_choice import offered_models
from editorial_ai.api.routes.pipeline import event_stream_response, sse_stream
from editorial_ai.api.runs import RunManager
from editorial_ai.api.schemas import MAX_OFFSET, ApproveRequest, RejectRequest, ReviseRequest, TriggerRequest
from editorial_ai.api.security import (
    SESSION_COOKIE,
    attach_cookie,
    check_csrf,
    load_session,
    session_store,
    start_session,
)
from editorial_ai.api.views import load_attempts, timeline
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.graph import pipeline_content_types
from editorial_ai.pipeline.runner import Pipeline
from editorial_ai.services.exam_item import render_exam_item_html
from editorial_ai.services.publish import render_article_html
from editorial_ai.store.contents import AWAITING

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).resolve().parents[2] / "templates"))
STATUS_TABS = ("pending", "escalated", "revision_requested", "approved", "published", "rejected")
PAGE_SIZE = 20
FORM_FIELDS = ("seed_keyword", "category", "tone", "style", "target_celeb", "target_brand", "model",
               "content_type")
REVIEW_FLAGS = ("missing_spec", "bad_format", "wrong_information", "wrong_physical_dimensions")

public = APIRouter(include_in_schema=False)
router = APIRouter(prefix="/admin", include_in_schema=False, dependencies=[Depends(require_ui_session)])


def _page(request: Request, name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    settings = request.app.state.settings
    context.setdefault("error", None)
    session = getattr(request.state, "session", None)
    # Every form carries its session's CSRF token (the login form's session is not yet logged in).
    context.setdefault("csrf_token", session.csrf_token if session else "")
    response = TEMPLATES.TemplateResponse(request, name, {"dev_mode": settings.admin_api_key is None, **context},
                                          status_code=status_code)
    attach_cookie(request, response)
    return response


def _offset(raw: str | None) -> int:
    """A page offset from the query string: digits only, clamped to [0, MAX_OFFSET]."""
    value = raw or "0"
    return min(int(value), MAX_OFFSET) if value.isascii() and value.isdigit() and len(value) < 30 else 0


def _errors(exc: ValidationError) -> dict[str, str]:
    return {e["field"].split(".")[-1]: e["message"] for e in field_errors(exc.errors())}


def _validate(model: type[BaseModel], data: dict[str, Any]) -> tuple[Any, dict[str, str]]:
    try:
        return model.model_validate(data), {}
    except ValidationError as exc:
        return None, _errors(exc)


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
    return _page(request, "admin/login.html", next=_safe_next(next))


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
        return _page(request, "admin/login.html", 401, next=target,
                    error="That is not the admin key, nor a reviewer's key.")
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


async def _queue(request: Request, pipeline: Pipeline, runs: RunManager, status_code: int = 200,
                 **extra: Any) -> Response:
    status = request.query_params.get("status") or None
    status = status if status in STATUS_TABS else None
    offset = _offset(request.query_params.get("offset"))
    items, total = await pipeline.deps.contents.list(status, PAGE_SIZE, offset)
    counts = {tab: (await pipeline.deps.contents.list(tab, 1, 0))[1] for tab in STATUS_TABS}
    running = [await run_status(pipeline, runs, t) for t in runs.running_threads()]
    models = offered_models(pipeline.deps.settings)
    # Preselect the server default, or the first model that can run when the default cannot.
    usable = [m["value"] for m in models if not m["problem"]]
    default_model = pipeline.deps.settings.model if pipeline.deps.settings.model in usable else next(
        iter(usable), pipeline.deps.settings.model)
    extra.setdefault("values", {"content_type": pipeline.deps.settings.content_type, "model": default_model})
    extra.setdefault("errors", {})
    return _page(request, "admin/queue.html", status_code, items=items, total=total, status=status,
                 counts=counts, tabs=STATUS_TABS, offset=offset, page_size=PAGE_SIZE, running=running,
                 models=models, default_model=pipeline.deps.settings.model,
                 content_types=pipeline_content_types(), **extra)


@router.get("/", response_class=HTMLResponse)
async def queue(request: Request, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """The content queue with status tabs, and the form to start a run."""
    return await _queue(request, pipeline, runs)


@router.post("/runs", response_class=HTMLResponse)
async def trigger_run(request: Request, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """Start a run from the form, then show its progress."""
    form = await request.form()
    values = {k: str(form.get(k) or "") for k in FORM_FIELDS}
    body, errors = _validate(TriggerRequest, values)
    if body is None:
        return await _queue(request, pipeline, runs, 422, values=values, errors=errors)
    try:
        thread_id = await start_run(pipeline, runs, body)
    except ApiError as exc:
        field = (exc.errors or [{"field": "model"}])[0]["field"]
        message = exc.errors[0]["message"] if exc.errors else str(exc.detail)
        return await _queue(request, pipeline, runs, exc.status_code, values=values,
                            errors={field: f"{message} — {exc.fix}"})
    return RedirectResponse(f"/admin/runs/{thread_id}", status_code=303)


@router.get("/runs/{thread_id}", response_class=HTMLResponse)
async def run_page(request: Request, thread_id: str, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """Live progress of a run: the node timeline so far, then node events as they happen."""
    try:
        status = await run_status(pipeline, runs, thread_id)
    except ApiError as exc:
        return _page(request, "admin/error.html", exc.status_code, detail=exc.detail, fix=exc.fix)
    # Read the log and the last event id with no await between them, so the page and the stream neither
    # miss nor repeat a node.
    data, after = timeline(pipeline, thread_id, status.pipeline_status), runs.last_event_id(thread_id)
    return _page(request, "admin/run.html", status=status, timeline=data, after=after)


@router.get("/runs/{thread_id}/events")
async def run_events(thread_id: str, pipeline: PipelineDep, runs: RunsDep,
                     after: int = 0) -> StreamingResponse:
    """The run's server-sent events for the page script (cookie-authenticated)."""
    if not runs.knows(thread_id):
        await run_status(pipeline, runs, thread_id)
    return event_stream_response(sse_stream(pipeline, runs, thread_id, max(0, after)))


async def _content_page(request: Request, pipeline: Pipeline, runs: RunManager, content_id: str,
                        status_code: int = 200, **extra: Any) -> Response:
    item = await pipeline.deps.contents.get(content_id)
    if item is None:
        return _page(request, "admin/error.html", 404, detail=f"no content with id {content_id!r}",
                     fix="pick a content from the queue")
    status = await run_status(pipeline, runs, item["thread_id"])
    try:
        # The fragment template autoescapes every stored string, so its output is safe markup.
        if item.get("content_type") == "exam_item":
            article = Markup(render_exam_item_html(item["layout_json"], standalone=False))
        else:
            article = Markup(render_article_html(item["layout_json"], standalone=False))
    except ValidationError as exc:  # say which field, never echo the stored value
        problems = "; ".join(f"{e['field']}: {e['message']}" for e in field_errors(exc.errors()))
        article = Markup("<p class='muted'>The stored layout cannot be rendered: {}</p>").format(problems)
    except ValueError as exc:
        article = Markup("<p class='muted'>The stored layout cannot be rendered: {}</p>").format(exc)
    extra.setdefault("errors", {})
    extra.setdefault("values", {})
    thread_id = item["thread_id"]
    return _page(request, "admin/content.html", status_code, item=item, article=article, run=status,
                 review=item.get("review_json") or {}, attempts=await load_attempts(pipeline, thread_id),
                 timeline=timeline(pipeline, thread_id, status.pipeline_status),
                 events=await pipeline.deps.contents.events(content_id), after=runs.last_event_id(thread_id),
                 awaiting=item["status"] in AWAITING and status.waiting_for_human, **extra)


@router.get("/contents/{content_id}", response_class=HTMLResponse)
async def content_page(request: Request, content_id: str, pipeline: PipelineDep, runs: RunsDep) -> Response:
    """A content: article, verdicts, attempts with diffs, node timeline and the decision forms."""
    return await _content_page(request, pipeline, runs, content_id)


@router.post("/contents/{content_id}/{action}", response_class=HTMLResponse)
async def decide(request: Request, content_id: str, action: str, pipeline: PipelineDep,
                 runs: RunsDep) -> Response:
    """approve / reject / revise from the content page's forms."""
    form = await request.form()
    reviewer = str(form.get("reviewer") or "admin")
    values = {k: v for k, v in form.items() if k != "csrf_token"}
    try:
        if action == "approve":
            body, errors = _validate(ApproveRequest, {"reviewer": reviewer})
            if body is None:
                return await _content_page(request, pipeline, runs, content_id, 422, errors=errors, values=values)
            await decide_now(pipeline, runs, content_id,
                             AdminDecision(decision="approved", reviewer=body.reviewer))
        elif action == "reject":
            body, errors = _validate(RejectRequest,
                                     {"reason": str(form.get("reason") or ""), "reviewer": reviewer})
            if body is None:
                return await _content_page(request, pipeline, runs, content_id, 422, errors=errors,
                                           values=values)
            await decide_now(pipeline, runs, content_id,
                             AdminDecision(decision="rejected", reason=body.reason, reviewer=body.reviewer))
        elif action == "revise":
            data = _revise_data(form, reviewer)
            body, errors = _validate(ReviseRequest, data)
            if body is None:
                return await _content_page(request, pipeline, runs, content_id, 422, errors=errors,
                                           values=values)
            accepted = await decide_in_background(pipeline, runs, content_id, revision_decision(body))
            return RedirectResponse(f"/admin/runs/{accepted.thread_id}", status_code=303)
        else:
            raise ApiError(404, f"unknown action {action!r}", "use approve, reject or revise")
    except ApiError as exc:
        return await _content_page(request, pipeline, runs, content_id, exc.status_code,
                                   error=f"{exc.detail}. {exc.fix or ''}".strip())
    return RedirectResponse(f"/admin/contents/{content_id}", status_code=303)


def _revise_data(form: Any, reviewer: str) -> dict[str, Any]:
    """Form fields -> ReviseRequest data. An unchecked checkbox is absent from the form, hence `in`."""
    review_form: dict[str, Any] = {flag: flag in form for flag in REVIEW_FLAGS}
    review_form["information_present"] = "information_present" in form
    review_form["notes"] = str(form.get("notes") or "")
    fields = [f for f in str(form.get("missing_spec_fields") or "").split(",") if f.strip()]
    return {"feedback": str(form.get("feedback") or "") or None, "review_form": review_form,
            "missing_spec_fields": fields, "reviewer": reviewer}


def ui_routers() -> list[APIRouter]:
    """Public (login) and protected UI routers."""
    return [public, router]

