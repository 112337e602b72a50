"""Local HTTP servers that speak the Gemini and OpenAI wire formats, plus an offline guard.

The provider tests drive the real SDKs against these servers, so request encoding, response decoding
and HTTP error handling are exercised end to end without touching the network.
"""

from __future__ import annotations

import base64
import json
import re
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

GEMINI_ROUTE = re.compile(r"^/v1beta/models/(?P<model>[^/:]+):generateContent$")
OPENAI_ROUTE = re.compile(r"^/v1/chat/completions$")

# Variables the SDKs or Settings would read from the environment; tests must not inherit them.
_ENV_VARS = (
    "GOOGLE_API_KEY", "GEMINI_API_KEY", "GOOGLE_GENAI_USE_VERTEXAI", "GOOGLE_GENAI_USE_ENTERPRISE",
    "GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION", "GOOGLE_GEMINI_BASE_URL", "GOOGLE_VERTEX_BASE_URL",
    "GOOGLE_GENAI_HTTP_CLIENT", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ORG_ID", "OPENAI_PROJECT_ID",
    "OPENAI_CUSTOM_HEADERS", "OPENAI_ADMIN_KEY", "EDITORIAL_AI_LLM_TIMEOUT",
    "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy",
)
_LOOPBACK = {"127.0.0.1", "::1", "localhost"}


@dataclass
class Recorded:
    """One request the server received."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class Reply:
    """A canned answer: HTTP status, JSON body and an optional delay before answering."""

    status: int
    body: Any
    delay_s: float = 0.0


@dataclass
class WireServer:
    """A threaded HTTP server on 127.0.0.1 that records requests and answers from a queue.

    Requests whose path does not match `route` get a 404, so a test notices when an SDK calls a
    different endpoint than the real service exposes. A `responder` answers by request content (model in the
    path, body) before the queue is consulted; returning None leaves the request to the queue.
    """

    route: re.Pattern[str]
    default: Reply = field(default_factory=lambda: Reply(500, {"error": {"message": "nothing queued"}}))
    responder: Callable[[Recorded], Reply | None] | None = None
    requests: list[Recorded] = field(default_factory=list)
    _queue: deque[Reply] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _httpd: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        """`http://127.0.0.1:<port>` of the running server."""
        assert self._httpd is not None, "server not started"
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def enqueue(self, *replies: Reply) -> None:
        """Answer the next requests with `replies`, in order; then fall back to `default`."""
        with self._lock:
            self._queue.extend(replies)

    def _next_reply(self) -> Reply:
        with self._lock:
            return self._queue.popleft() if self._queue else self.default

    def _handle(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length) if length else b""
        body = json.loads(raw) if raw else None
        recorded = Recorded(handler.command, handler.path, {k.lower(): v for k, v in handler.headers.items()}, body)
        with self._lock:
            self.requests.append(recorded)
        path = handler.path.split("?", 1)[0]
        if not self.route.match(path):
            reply = Reply(404, {"error": {"code": 404, "message": f"no route {path}", "status": "NOT_FOUND"}})
        else:
            reply = (self.responder(recorded) if self.responder else None) or self._next_reply()
        if reply.delay_s:
            time.sleep(reply.delay_s)
        payload = json.dumps(reply.body).encode()
        try:
            handler.send_response(reply.status)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(payload)))
            handler.end_headers()
            handler.wfile.write(payload)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout tests)
            pass

    def start(self) -> None:
        """Bind an ephemeral port and serve in a daemon thread."""
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                server._handle(self)

            def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        # A short poll interval keeps shutdown() (one per test) from waiting half a second.
        threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02},
                         daemon=True).start()

    def stop(self) -> None:
        """Shut the server down."""
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()


@contextmanager
def running(route: re.Pattern[str]) -> Iterator[WireServer]:
    """A started WireServer for the duration of the block."""
    server = WireServer(route)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def openai_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[WireServer]:
    """An OpenAI-format WireServer, with the test isolated from every non-loopback address (import it into a test
    module to use it)."""
    isolate(monkeypatch)
    with running(OPENAI_ROUTE) as server:
        yield server


def closed_port_url() -> str:
    """A loopback URL nothing listens on (connection refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def isolate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clear provider env vars and refuse any connection or DNS lookup that is not loopback."""
    for name in _ENV_VARS:
        monkeypatch.delenv(name, raising=False)
    real_getaddrinfo = socket.getaddrinfo
    real_connect = socket.socket.connect

    def is_loopback(host: Any) -> bool:
        return host in _LOOPBACK or str(host).startswith("127.")

    def guarded_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if not is_loopback(host):
            raise socket.gaierror(f"tests are offline: refusing to resolve {host!r}")
        return real_getaddrinfo(host, *args, **kwargs)

    def guarded_connect(self: socket.socket, address: Any) -> Any:
        if isinstance(address, tuple) and not is_loopback(address[0]):
            raise OSError(f"tests are offline: refusing to connect to {address!r}")
        return real_connect(self, address)

    monkeypatch.setattr(socket, "getaddrinfo", guarded_getaddrinfo)
    monkeypatch.setattr(socket.socket, "connect", guarded_connect)


# --- canned bodies in each API's wire format -------------------------------------------------------


def gemini_ok(text: str, *, prompt_tokens: int = 10, output_tokens: int = 5, cached_tokens: int = 0,
              thoughts_tokens: int = 0, sources: list[str] | None = None,
              finish_reason: str = "STOP") -> Reply:
    """A generateContent response: candidates/content/parts, usageMetadata, optional groundingMetadata."""
    candidate: dict[str, Any] = {
        "content": {"role": "model", "parts": [{"text": text}] if text else []},
        "finishReason": finish_reason,
        "index": 0,
    }
    if sources is not None:
        candidate["groundingMetadata"] = {
            "webSearchQueries": ["fashion week 2025"],
            "groundingChunks": [{"web": {"uri": uri, "title": f"source {i}"}}
                                for i, uri in enumerate(sources)],
            "groundingSupports": [],
        }
    usage: dict[str, Any] = {"promptTokenCount": prompt_tokens, "candidatesTokenCount": output_tokens,
                             "totalTokenCount": prompt_tokens + output_tokens + thoughts_tokens}
    if cached_tokens:
        usage["cachedContentTokenCount"] = cached_tokens
    if thoughts_tokens:
        usage["thoughtsTokenCount"] = thoughts_tokens
    return Reply(200, {"candidates": [candidate], "usageMetadata": usage,
                       "modelVersion": "gemini-2.5-flash", "responseId": "resp-1"})


def gemini_image_ok(data: bytes, *, mime_type: str = "image/png", text: str = "Here is the layout.",
                    prompt_tokens: int = 12, output_tokens: int = 1290) -> Reply:
    """An image model's answer: a text part and an inline image part (base64 `inlineData`)."""
    parts: list[dict[str, Any]] = [{"text": text}] if text else []
    parts.append({"inlineData": {"mimeType": mime_type, "data": base64.b64encode(data).decode()}})
    return Reply(200, {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP",
                                       "index": 0}],
                       "usageMetadata": {"promptTokenCount": prompt_tokens, "candidatesTokenCount": output_tokens,
                                         "totalTokenCount": prompt_tokens + output_tokens},
                       "modelVersion": "gemini-2.0-flash-preview-image-generation", "responseId": "resp-img"})


def gemini_model(recorded: Recorded) -> str:
    """The model named in a generateContent request's path."""
    match = GEMINI_ROUTE.match(recorded.path.split("?", 1)[0])
    return match.group("model") if match else ""


def gemini_inline_parts(recorded: Recorded) -> list[dict[str, Any]]:
    """The inline-data parts (images) of a generateContent request."""
    body = recorded.body or {}
    return [part["inlineData"] for content in body.get("contents", []) for part in content.get("parts", [])
            if "inlineData" in part]


_GOOGLE_STATUS = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
                  429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE"}


def gemini_error(code: int, message: str = "simulated failure") -> Reply:
    """A Google API error body: {"error": {"code", "message", "status"}}."""
    status = _GOOGLE_STATUS.get(code, "UNKNOWN")
    return Reply(code, {"error": {"code": code, "message": message, "status": status}})


def openai_ok(text: str | None, *, model: str = "test-model", prompt_tokens: int = 10,
              completion_tokens: int = 5, cached_tokens: int | None = None, refusal: str | None = None,
              with_usage: bool = True) -> Reply:
    """A chat.completion object: choices/message, usage with optional prompt_tokens_details."""
    body: dict[str, Any] = {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text, "refusal": refusal},
                     "logprobs": None, "finish_reason": "stop"}],
    }
    if with_usage:
        usage: dict[str, Any] = {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                                 "total_tokens": prompt_tokens + completion_tokens}
        if cached_tokens is not None:
            usage["prompt_tokens_details"] = {"cached_tokens": cached_tokens}
        body["usage"] = usage
    return Reply(200, body)


def openai_error(status: int, message: str = "simulated failure", code: str | None = None) -> Reply:
    """An OpenAI error body: {"error": {"message", "type", "param", "code"}}."""
    kind = "invalid_request_error" if status < 500 else "server_error"
    return Reply(status, {"error": {"message": message, "type": kind, "param": None, "code": code}})
