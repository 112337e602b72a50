"""Helpers for API tests: an in-process client with the app's lifespan, and waiting for runs."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
from fastapi import FastAPI

from editorial_ai.api import create_app
from editorial_ai.config import Settings
from editorial_ai.llm.registry import clear_client_cache

API_KEY = "test-admin-key-0123456789"
CSRF_INPUT = re.compile(r'name="csrf_token" value="([^"]+)"')


@asynccontextmanager
async def running_client(settings: Settings, headers: dict[str, str] | None = None
                         ) -> AsyncIterator[tuple[FastAPI, httpx.AsyncClient]]:
    """The app with its lifespan started, and a client talking to it in-process."""
    clear_client_cache()  # scripted clients keep a cursor; a fresh app must start its scenarios afresh
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost",
                                     headers=headers or {}) as client:
            yield app, client


async def wait_until_stopped(client: httpx.AsyncClient, thread_id: str,
                             timeout_s: float = 30.0) -> dict[str, Any]:
    """Poll the status until no background task works on the thread."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while True:
        response = await client.get(f"/api/pipeline/status/{thread_id}")
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        if not body["running"] and body["pipeline_status"] != "queued":
            return body
        if loop.time() > deadline:
            raise AssertionError(f"run {thread_id} still running: {body}")
        await asyncio.sleep(0.02)


async def run_to_gate(client: httpx.AsyncClient, **body: Any) -> dict[str, Any]:
    """Trigger a run and wait until it waits at the approval gate; returns the final status."""
    response = await client.post("/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect", **body})
    assert response.status_code == 202, response.text
    status = await wait_until_stopped(client, response.json()["thread_id"])
    assert status["waiting_for_human"], status
    assert status["content_id"], status
    return status


def assert_error(response: httpx.Response, status_code: int, *needles: str) -> dict[str, Any]:
    """An error response: the status, and a JSON body with a detail and a fix."""
    assert response.status_code == status_code, response.text
    body: dict[str, Any] = response.json()
    assert body["detail"] and body["fix"], body
    for needle in needles:
        assert needle in body["detail"] + " " + body["fix"], body
    return body


async def csrf_token(client: httpx.AsyncClient, page: str = "/admin/") -> str:
    """The CSRF token of the client's session, read from a UI page's form (the visit starts the session)."""
    html = (await client.get(page)).text
    match = CSRF_INPUT.search(html)
    assert match, f"no CSRF token on {page}"
    return match.group(1)


async def post_form(client: httpx.AsyncClient, path: str, data: dict[str, Any] | None = None,
                    page: str = "/admin/") -> httpx.Response:
    """POST a UI form as the browser would: with the token of the page that rendered it."""
    return await client.post(path, data={**(data or {}), "csrf_token": await csrf_token(client, page)})
