"""Cross-site request defences: an Origin/Referer check on unsafe methods, and per-session CSRF tokens.

Both hold in dev mode too (no ADMIN_API_KEY): a page on another site must not be able to start runs or decide
on contents through the browser of someone who has the admin UI open on localhost.
"""

from __future__ import annotations

import hmac
import json
from datetime import timedelta
from urllib.parse import urlsplit

from fastapi import Request, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from editorial_ai.api.errors import error_body
from editorial_ai.config import Settings
from editorial_ai.store.reviewers import ADMIN_NAME, reviewer_store
from editorial_ai.store.sessions import Session, SessionStore

SESSION_COOKIE = "editorial_ai_session"
CSRF_FIELD = "csrf_token"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class CsrfRejected(Exception):
    """A UI form arrived without the token of the session that rendered it."""


def _origin_of(value: str) -> str | None:
    """`scheme://host[:port]` of an Origin or Referer header, lower-cased; None when it has no host."""
    try:
        parts = urlsplit(value.strip())
    except ValueError:
        return None
    if not parts.scheme or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}".lower()


def cross_origin_source(headers: dict[bytes, bytes], settings: Settings) -> str | None:
    """The foreign origin an unsafe request came from, or None when it is same-origin or not from a browser.

    Browsers send Origin on every cross-origin POST (and Referer otherwise); clients that send neither
    (curl, SDKs, schemathesis) are not browsers that could be driven by another site, and use the API key.
    """
    raw = headers.get(b"origin") or headers.get(b"referer")
    if raw is None:
        return None
    claimed = raw.decode("latin-1")
    origin = _origin_of(claimed)
    if origin is None:
        return claimed[:100] or "null"  # "null" (sandboxed frames, file://) or garbage: never trusted
    host = headers.get(b"host", b"").decode("latin-1").lower()
    if urlsplit(origin).netloc == host or origin in settings.origin_allowlist():
        return None
    return origin


class OriginCheckMiddleware:
    """403 for an unsafe request whose Origin (or Referer) is another site."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in UNSAFE_METHODS:
            foreign = cross_origin_source(dict(scope.get("headers") or []), self.settings)
            if foreign is not None:
                body = json.dumps(
                    error_body(
                        403,
                        f"cross-origin request refused: {foreign} is not this server",
                        "send the request from the admin UI of this server, or list the origin in "
                        "EDITORIAL_AI_ALLOWED_ORIGINS",
                    )
                ).encode()
                await send(
                    {
                        "type": "http.response.start",
                        "status": 403,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def identify_key(settings: Settings, key: str | None) -> str | None:
    """Who a presented key belongs to: "admin" for ADMIN_API_KEY, a named reviewer's name for their key, else
    None. In dev mode (no ADMIN_API_KEY) a reviewer's key still names them and anything else is the admin."""
    admin_key = settings.admin_api_key.get_secret_value() if settings.admin_api_key else None
    candidate = (key or "").strip()
    # compare_digest: the time taken does not reveal how much of a guessed key was right.
    if admin_key is not None and candidate and hmac.compare_digest(candidate.encode(), admin_key.encode()):
        return ADMIN_NAME
    if candidate and len(candidate) <= 200:
        name = reviewer_store(settings.resolved_reviewers_file).authenticate(candidate)
        if name is not None:
            return name
    return ADMIN_NAME if admin_key is None else None


def presented_key(request: Request, header_key: str | None) -> str | None:
    """The key of an API request: the X-API-Key header, or `Authorization: Bearer <key>`."""
    if header_key:
        return header_key
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def decision_reviewer(request: Request, claimed: str) -> str:
    """The name a decision is recorded under: a named reviewer is always themself (their key says who they
    are); the admin key may record a decision under the name it gives (default "admin")."""
    holder = getattr(request.state, "reviewer", None)
    return holder if holder and holder != ADMIN_NAME else claimed


def session_store(request: Request) -> SessionStore:
    """The app's session store (opened by the lifespan)."""
    store: SessionStore | None = getattr(request.app.state, "sessions", None)
    if store is None:
        raise RuntimeError("the session store is not open; start the app through its lifespan")
    return store


async def load_session(request: Request) -> Session | None:
    """The live session of the request's cookie, if any."""
    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie or len(cookie) > 200:
        return None
    return await session_store(request).get(cookie)


async def start_session(
    request: Request, settings: Settings, *, authenticated: bool, reviewer: str = ADMIN_NAME
) -> Session:
    """A new session of `reviewer`; the response rendered for this request sets its cookie (see `attach_cookie`)."""
    ttl = timedelta(hours=settings.session_hours)
    session_id, session = await session_store(request).create(authenticated=authenticated, ttl=ttl, reviewer=reviewer)
    request.state.new_session_cookie = (session_id, int(ttl.total_seconds()))
    request.state.session = session
    return session


def attach_cookie(request: Request, response: Response) -> Response:
    """Set the cookie of a session started while handling this request (HttpOnly, SameSite=Strict, expiring)."""
    pending = getattr(request.state, "new_session_cookie", None)
    if pending is not None:
        session_id, max_age = pending
        response.set_cookie(
            SESSION_COOKIE,
            session_id,
            max_age=max_age,
            httponly=True,
            samesite="strict",
            path="/",
            secure=request.url.scheme == "https",
        )
    return response


async def check_csrf(request: Request, session: Session | None) -> None:
    """CsrfRejected unless the submitted form carries the session's token."""
    form = await request.form()
    submitted = form.get(CSRF_FIELD)
    if (
        session is None
        or not isinstance(submitted, str)
        or not hmac.compare_digest(submitted.encode("utf-8", "replace"), session.csrf_token.encode())
    ):
        raise CsrfRejected()
