"""Who a request is, and cross-site defences: allowed hosts, an Origin/Referer check, per-session CSRF tokens.

All hold in dev mode too (no ADMIN_API_KEY): a page on another site must not be able to start runs or decide
on contents through the browser of someone who has the admin UI open on localhost, and DNS rebinding (a foreign
name resolving to 127.0.0.1) is stopped by the Host check before the Origin is compared with the Host.
A UI session is tied to the credential that opened it and re-checked on every request (docs/security.md).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlsplit

from fastapi import Request, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from editorial_ai.api.errors import error_body
from editorial_ai.config import Settings
from editorial_ai.store.reviewers import ADMIN_NAME, ROLES, ReviewerError, reviewer_store
from editorial_ai.store.sessions import Session, SessionStore

SESSION_COOKIE = "editorial_ai_session"
CSRF_FIELD = "csrf_token"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


DEV_CREDENTIAL = "dev"  # sessions opened while no ADMIN_API_KEY was set; they end when one is set


class CsrfRejected(Exception):
    """A UI form arrived without the token of the session that rendered it."""


@dataclass(frozen=True)
class Holder:
    """Who a key or session belongs to, the role that limits what they may do, and the credential in force."""

    name: str
    role: str
    credential: str

    def may(self, role: str) -> bool:
        """Whether this holder's role is `role` or stronger (viewer < editor < admin)."""
        return ROLES.index(self.role) >= ROLES.index(role)


def _admin_credential(settings: Settings) -> str:
    if settings.admin_api_key is None:
        return DEV_CREDENTIAL
    # 8 hex digits tell a rotated key from the old one (a 1 in 4 billion miss) while being too short for a leaked
    # sessions table to confirm a guessed key offline: countless keys share each fingerprint.
    secret = settings.admin_api_key.get_secret_value().encode()
    return "admin:" + hashlib.sha256(b"editorial-ai session credential\0" + secret).hexdigest()[:8]


def holder_named(settings: Settings, name: str) -> Holder | None:
    """The holder called `name` with the credential in force now, or None when no such key exists any more."""
    if name == ADMIN_NAME:
        return Holder(ADMIN_NAME, "admin", _admin_credential(settings))
    try:
        reviewer = reviewer_store(settings.resolved_reviewers_file).find(name)
    except ReviewerError:
        return None  # an unreadable reviewers file ends reviewer sessions rather than trusting them
    if reviewer is None or reviewer.role not in ROLES:
        return None
    return Holder(reviewer.name, reviewer.role, f"reviewer:{reviewer.key_id}")


def allowed_host(host_header: str, settings: Settings) -> bool:
    """Whether the Host header names this server: an EDITORIAL_AI_ALLOWED_HOSTS entry (default: loopback names).

    An entry is a host name or address, `.example.com` for that domain and its subdomains, or `*` for any host.
    """
    host = host_header.strip().lower()
    if host.startswith("["):  # [::1]:8000
        host = host[1:].split("]", 1)[0]
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    host = host.rstrip(".")
    if not host:
        return False
    for entry in settings.host_allowlist():
        if entry == "*" or host == entry or (entry.startswith(".") and (host == entry[1:] or host.endswith(entry))):
            return True
    return False


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


async def _refuse(send: Send, status: int, detail: str, fix: str) -> None:
    body = json.dumps(error_body(status, detail, fix)).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class OriginCheckMiddleware:
    """400 for a request to a host name this server does not answer to (every method: DNS rebinding reads too);
    403 for an unsafe request whose Origin (or Referer) is another site."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = dict(scope.get("headers") or [])
            host = headers.get(b"host", b"").decode("latin-1")
            if not allowed_host(host, self.settings):
                listed = ", ".join(self.settings.host_allowlist())
                await _refuse(send, 400, f"host {host[:100]!r} is not a name of this server",
                              f"open the server as one of {listed}, or add the name to EDITORIAL_AI_ALLOWED_HOSTS")
                return
            foreign = cross_origin_source(headers, self.settings) if scope["method"] in UNSAFE_METHODS else None
            if foreign is not None:
                await _refuse(send, 403, f"cross-origin request refused: {foreign} is not this server",
                              "send the request from the admin UI of this server, or list the origin in "
                              "EDITORIAL_AI_ALLOWED_ORIGINS")
                return
        await self.app(scope, receive, send)


def identify_holder(settings: Settings, key: str | None) -> Holder | None:
    """Who a presented key belongs to: the admin for ADMIN_API_KEY, a named reviewer (with their role) for their
    key, else None. In dev mode (no ADMIN_API_KEY) a reviewer's key still names them and anything else is the
    admin."""
    admin_key = settings.admin_api_key.get_secret_value() if settings.admin_api_key else None
    candidate = (key or "").strip()
    # compare_digest: the time taken does not reveal how much of a guessed key was right.
    if admin_key is not None and candidate and hmac.compare_digest(candidate.encode(), admin_key.encode()):
        return holder_named(settings, ADMIN_NAME)
    if candidate and len(candidate) <= 200:
        name = reviewer_store(settings.resolved_reviewers_file).authenticate(candidate)
        holder = holder_named(settings, name) if name is not None else None
        if holder is not None:
            return holder
    return holder_named(settings, ADMIN_NAME) if admin_key is None else None


def identify_key(settings: Settings, key: str | None) -> str | None:
    """The name of who a presented key belongs to ("admin" or a reviewer's name), else None."""
    holder = identify_holder(settings, key)
    return holder.name if holder else None


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
    """The live session of the request's cookie, if any, and its holder as `request.state.holder`.

    The session's credential is compared with the one in force on every request: a session opened with a key
    since removed (`reviewers remove`) or rotated (ADMIN_API_KEY) is revoked here and counts as none.
    """
    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie or len(cookie) > 200:
        return None
    store = session_store(request)
    session = await store.get(cookie)
    if session is None:
        return None
    holder = holder_named(request.app.state.settings, session.reviewer)
    if holder is None or session.credential is None or not hmac.compare_digest(
            holder.credential.encode(), session.credential.encode()):
        await store.revoke(cookie)
        return None
    request.state.holder = holder
    return session


async def start_session(
    request: Request, settings: Settings, *, authenticated: bool, reviewer: str = ADMIN_NAME
) -> Session:
    """A new session of `reviewer`; the response rendered for this request sets its cookie (see `attach_cookie`)."""
    ttl = timedelta(hours=settings.session_hours)
    holder = holder_named(settings, reviewer)
    if holder is None:
        raise ReviewerError(f"no reviewer named {reviewer!r} holds a key any more")
    session_id, session = await session_store(request).create(
        authenticated=authenticated, ttl=ttl, reviewer=holder.name, credential=holder.credential)
    request.state.holder = holder
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
