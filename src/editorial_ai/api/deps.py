"""Dependencies: settings, the pipeline opened by the lifespan, the run manager, and authentication."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import Depends, Request
from fastapi.routing import APIRoute
from fastapi.security import APIKeyHeader

from editorial_ai.api.errors import ApiError, invalid_field
from editorial_ai.api.runs import RunManager
from editorial_ai.api.security import (
    UNSAFE_METHODS,
    CsrfRejected,
    Holder,
    check_csrf,
    identify_holder,
    identify_key,
    load_session,
    presented_key,
    start_session,
)
from editorial_ai.config import Settings
from editorial_ai.pipeline.runner import Pipeline

api_key_header = APIKeyHeader(name="X-API-Key", auto_error=False,
                              description="ADMIN_API_KEY or a reviewer's key (not required in dev mode).")


def get_settings(request: Request) -> Settings:
    """The settings the app was created with."""
    settings: Settings = request.app.state.settings
    return settings


def get_pipeline(request: Request) -> Pipeline:
    """The pipeline the lifespan opened once for the whole app."""
    pipeline: Pipeline | None = getattr(request.app.state, "pipeline", None)
    if pipeline is None:
        raise ApiError(503, "the pipeline is not open",
                       "start the app through its lifespan (uvicorn does this)")
    return pipeline


def get_runs(request: Request) -> RunManager:
    """The app's background run manager."""
    runs: RunManager = request.app.state.runs
    return runs


SettingsDep = Annotated[Settings, Depends(get_settings)]
PipelineDep = Annotated[Pipeline, Depends(get_pipeline)]
RunsDep = Annotated[RunManager, Depends(get_runs)]


def _key(settings: Settings) -> str | None:
    return settings.admin_api_key.get_secret_value() if settings.admin_api_key else None


def require_api_key(request: Request, settings: SettingsDep,
                    api_key: Annotated[str | None, Depends(api_key_header)]) -> None:
    """401 unless the key (X-API-Key or `Authorization: Bearer`) is ADMIN_API_KEY or a named reviewer's key;
    everything is open in dev mode (no key configured). The key's holder is `request.state.reviewer` (name) and
    `request.state.holder` (name, role)."""
    holder = identify_holder(settings, presented_key(request, api_key))
    if holder is None:
        raise ApiError(401, "missing or wrong X-API-Key header",
                       "send the header X-API-Key (or Authorization: Bearer) with the server's ADMIN_API_KEY "
                       "or a reviewer's key from `editorial-ai reviewers add NAME`")
    request.state.reviewer = holder.name
    request.state.holder = holder
    check_role(request)


class RoleRequired(ApiError):
    """403: the key or session holder's role is weaker than the action needs (the message names the role)."""

    def __init__(self, holder: Holder | None, role: str) -> None:
        who = f"{holder.name} has the {holder.role} role" if holder else "no one is logged in"
        super().__init__(403, f"this action needs the {role} role (or a stronger one); {who}",
                         f"use ADMIN_API_KEY or a key with the {role} role "
                         f"(`editorial-ai reviewers add NAME --role {role}`)")
        self.role = role


# Routes that start work on the pipeline (runs, retries) need the admin; every other unsafe route decides, edits or
# comments and needs an editor; reading needs a viewer. One table for the API and the admin UI, keyed by the route's
# path template, so a new unsafe route is an editor's until listed here.
ADMIN_ROUTES = frozenset({
    "/api/pipeline/trigger", "/api/runs/{thread_id}/retry", "/admin/runs", "/admin/runs/{thread_id}/retry",
})


def role_needed(request: Request) -> str:
    """The weakest role that may make this request: viewer, editor or admin (see ADMIN_ROUTES)."""
    if request.method not in UNSAFE_METHODS:
        return "viewer"
    route = request.scope.get("route")
    return "admin" if getattr(route, "path", request.url.path) in ADMIN_ROUTES else "editor"


def check_role(request: Request) -> None:
    """403 naming the role needed unless the request's holder (API key or UI session) has it or a stronger one.
    Roles: viewer (read) < editor (decide, edit, comment) < admin (also start and retry runs)."""
    holder: Holder | None = getattr(request.state, "holder", None)
    role = role_needed(request)
    if holder is None or not holder.may(role):
        raise RoleRequired(holder, role)


def _query_names(dependant: Any) -> set[str]:
    names = {f.alias for f in dependant.query_params}
    for sub in dependant.dependencies:
        names |= _query_names(sub)
    return names


def reject_unknown_query(request: Request) -> None:
    """422 naming an unknown query parameter: a typo (`ofset=40`) must not silently give page one."""
    route = request.scope.get("route")
    if not request.query_params or not isinstance(route, APIRoute):
        return
    known = _query_names(route.dependant)
    unknown = sorted(set(request.query_params) - known)
    if unknown:
        listed = ", ".join(sorted(known)) or "none"
        raise invalid_field(f"query.{unknown[0][:60]}", "unknown query parameter",
                            f"remove it; this route takes these query parameters: {listed}")


def check_login_key(settings: Settings, candidate: str) -> str | None:
    """Who the key typed into the login form belongs to ("admin" or a reviewer's name), or None."""
    return identify_key(settings, candidate)


class LoginRequired(Exception):
    """The UI needs the admin key; the handler redirects to the login form."""

    def __init__(self, next_path: str) -> None:
        super().__init__(next_path)
        self.next_path = next_path


async def require_ui_session(request: Request, settings: SettingsDep) -> None:
    """UI pages: a live server-side session (logged in when a key is configured); unsafe methods need the
    form's CSRF token. In dev mode a first visit gets a session, so forms carry a token there too."""
    session = await load_session(request)
    dev_mode = _key(settings) is None
    if session is None or not (dev_mode or session.authenticated):
        if not dev_mode:
            target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            raise LoginRequired(quote(target, safe="/?=&"))
        if request.method in UNSAFE_METHODS:
            raise CsrfRejected()  # a form from no session cannot carry that session's token
        session = await start_session(request, settings, authenticated=True)
    request.state.session = session
    if request.method in UNSAFE_METHODS:
        await check_csrf(request, session)
        check_role(request)
