"""Errors as `{"detail", "fix"}` JSON, and the request body size limit."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 64 * 1024
_FASTAPI_BODY_ERROR = "There was an error parsing the body"

_DEFAULT_FIX = {
    400: "check the request against the OpenAPI document at /docs",
    401: "send the header X-API-Key with the server's ADMIN_API_KEY",
    404: "check the id or URL; list contents with GET /api/contents/",
    405: "check the HTTP method against the OpenAPI document at /docs",
    409: "reload the content: it is no longer awaiting a decision",
    413: f"send at most {MAX_BODY_BYTES // 1024} KiB",
}


class ApiError(StarletteHTTPException):
    """An HTTP error whose message names the fix (and, for a 422, the fields at fault)."""

    def __init__(self, status_code: int, detail: str, fix: str | None = None,
                 errors: list[dict[str, str]] | None = None) -> None:
        super().__init__(status_code=status_code, detail=detail)
        self.fix = fix
        self.errors = errors


def invalid_field(field: str, message: str, fix: str) -> ApiError:
    """A 422 naming one field, shaped like a request validation error."""
    return ApiError(422, f"invalid request: {field}: {message}", fix, errors=[{"field": field, "message": message}])


def error_body(status_code: int, detail: str, fix: str | None = None) -> dict[str, Any]:
    """The JSON body of an error."""
    return {"detail": detail, "fix": fix or _DEFAULT_FIX.get(status_code)}


def field_errors(errors: Any) -> list[dict[str, str]]:
    """Pydantic/FastAPI errors as `[{field, message}]` with dotted locations."""
    out = []
    for err in errors:
        loc = ".".join(str(part) for part in err.get("loc", ()) if part not in ("__root__",))
        message = str(err.get("msg", "invalid"))
        out.append({"field": loc or "body", "message": message.removeprefix("Value error, ")})
    return out


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    fix = getattr(exc, "fix", None)
    detail = str(exc.detail)
    if exc.status_code == 400 and detail == _FASTAPI_BODY_ERROR:  # FastAPI's words for undecodable bytes
        detail, fix = "the request body is not valid UTF-8 JSON", \
            "send the body as UTF-8 encoded JSON with Content-Type: application/json"
    body = error_body(exc.status_code, detail, fix)
    if getattr(exc, "errors", None):
        body["errors"] = exc.errors  # type: ignore[attr-defined]
    return JSONResponse(body, status_code=exc.status_code, headers=getattr(exc, "headers", None))


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = field_errors(exc.errors())
    summary = "; ".join(f"{e['field']}: {e['message']}" for e in errors)
    body = error_body(422, f"invalid request: {summary}",
                      "correct the listed fields and send the request again")
    body["errors"] = errors
    return JSONResponse(body, status_code=422)


def install_error_handlers(app: FastAPI) -> None:
    """Register the JSON error handlers."""
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)


class BodyLimitMiddleware:
    """Refuse bodies over `max_bytes` with 413, whether or not Content-Length tells the truth.

    The body is read (at most max_bytes + 1) before the app sees it, so an oversized chunked upload is
    cut off without being buffered and nothing downstream runs for it.
    """

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None:
            if not declared.isdigit():
                await self._reject(send, 400, "Content-Length is not a number")
                return
            if int(declared) > self.max_bytes:
                await self._reject(send, 413, f"request body of {int(declared)} bytes is too large")
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # client went away before finishing the body
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._reject(send, 413, f"request body is larger than {self.max_bytes} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()  # later calls wait for disconnect (used by streaming responses)

        await self.app(scope, replay, send)

    @staticmethod
    async def _reject(send: Send, status: int, detail: str) -> None:
        body = json.dumps(error_body(status, detail)).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
