"""A local HTTP server that records every request it gets (headers included) and answers with a fixed reply."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class WireServer:
    """`with WireServer(status, body) as wire:` -- `wire.url` to call, `wire.requests` what arrived."""

    def __init__(self, status: int = 400, body: dict[str, Any] | None = None) -> None:
        self.requests: list[dict[str, Any]] = []
        reply = json.dumps(body or {"error": {"message": "nothing here"}}).encode()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # the OpenAI SDK posts chat completions
                length = int(self.headers.get("content-length") or 0)
                owner.requests.append({"path": self.path, "headers": dict(self.headers.items()),
                                       "body": self.rfile.read(length).decode("utf-8", "replace")})
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            do_GET = do_POST

            def log_message(self, *args: Any) -> None:  # keep test output clean
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """Base URL of an OpenAI-compatible API on this server."""
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> WireServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
