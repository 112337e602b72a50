"""What every admin UI page shares: the templates, the page renderer (CSRF token, cookie), form validation."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ValidationError

from editorial_ai.api.errors import field_errors
from editorial_ai.api.schemas import MAX_OFFSET
from editorial_ai.api.security import attach_cookie
from editorial_ai.api.view_findings import findings_heading, findings_of
from editorial_ai.models.status import status_of_run
from editorial_ai.observability.step_names import STEP_NAMES, step_name
from editorial_ai.prompts.sanitize import MAX_TONES, TONES

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).resolve().parents[2] / "templates"))
TEMPLATES.env.globals["step_name"] = step_name
TEMPLATES.env.globals["findings_of"] = findings_of
TEMPLATES.env.filters["clock"] = lambda seconds: time.strftime("%H:%M UTC", time.gmtime(float(seconds)))
TEMPLATES.env.globals["findings_heading"] = findings_heading
TEMPLATES.env.globals["step_names"] = STEP_NAMES
TEMPLATES.env.globals["run_tones"] = TONES  # the run form's tone choices (prompts/sanitize.py)
TEMPLATES.env.globals["max_tones"] = MAX_TONES
# A run at the gate is named in the contents' vocabulary (pending, escalated), as everywhere else.
TEMPLATES.env.globals["status_of_run"] = status_of_run


def current_reviewer(request: Request) -> str:
    """The name decisions and edits are recorded under: the session's reviewer when it has one, else "admin"."""
    session = getattr(request.state, "session", None)
    return str(getattr(session, "reviewer", None) or "admin")


def page(request: Request, name: str, status_code: int = 200, **context: Any) -> HTMLResponse:
    """Render an admin template with the session's CSRF token and the reviewer's name."""
    settings = request.app.state.settings
    context.setdefault("error", None)
    context.setdefault("notice", None)
    session = getattr(request.state, "session", None)
    # Every form carries its session's CSRF token (the login form's session is not yet logged in).
    context.setdefault("csrf_token", session.csrf_token if session else "")
    context.setdefault("reviewer_name", current_reviewer(request))
    # Before login the page shows no name, no navigation and no log out: nobody is signed in yet.
    context.setdefault("signed_in", bool(session is not None and session.authenticated))
    # `may("editor")` in a template: the forms a role cannot use are not shown (the routes refuse them with 403).
    holder = getattr(request.state, "holder", None)
    context.setdefault("may", lambda role: holder is not None and holder.may(role))
    response = TEMPLATES.TemplateResponse(
        request, name, {"dev_mode": settings.admin_api_key is None, **context}, status_code=status_code
    )
    attach_cookie(request, response)
    return response


def offset_param(raw: str | None) -> int:
    """A page offset from the query string: digits only, clamped to [0, MAX_OFFSET]."""
    value = raw or "0"
    return min(int(value), MAX_OFFSET) if value.isascii() and value.isdigit() and len(value) < 30 else 0


def int_param(raw: str | None) -> int | None:
    """A small positive integer from the query string, or None."""
    value = (raw or "").strip()
    return int(value) if value.isascii() and value.isdigit() and len(value) < 9 else None


def validate(model: type[BaseModel], data: dict[str, Any]) -> tuple[Any, dict[str, str]]:
    """The model, or None and {field: message} for the form."""
    try:
        return model.model_validate(data), {}
    except ValidationError as exc:
        return None, {e["field"].split(".")[-1]: e["message"] for e in field_errors(exc.errors())}
