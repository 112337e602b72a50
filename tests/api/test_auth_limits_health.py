"""Authentication (API key header and UI cookie), the 64 KiB body limit, and /health."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from .helpers import API_KEY, assert_error, csrf_token, post_form, run_to_gate

API_ROUTES = [("get", "/api/contents/"), ("get", "/api/contents/x"), ("get", "/api/contents/x/logs"),
              ("post", "/api/contents/x/approve"), ("post", "/api/contents/x/reject"),
              ("post", "/api/contents/x/revise"), ("post", "/api/pipeline/trigger"),
              ("get", "/api/pipeline/status/x"), ("get", "/api/pipeline/events/x")]


@pytest.mark.parametrize(("method", "path"), API_ROUTES)
async def test_every_api_route_needs_the_key(client_for: Callable[..., Any], method: str, path: str) -> None:
    async with client_for(api_key=API_KEY) as (_, client):
        assert_error(await client.request(method, path), 401, "X-API-Key")
        wrong = await client.request(method, path, headers={"X-API-Key": API_KEY[:-1] + "!"})
        assert_error(wrong, 401, "ADMIN_API_KEY")


async def test_the_right_key_opens_the_api_and_health_needs_none(client_for: Callable[..., Any]) -> None:
    async with client_for(api_key=API_KEY, headers={"X-API-Key": API_KEY}) as (_, client):
        status = await run_to_gate(client)
        assert (await client.get("/api/contents/")).json()["total"] == 1
        assert (await client.post(f"/api/contents/{status['content_id']}/approve")).status_code == 200
        anonymous = await client.get("/health", headers={"X-API-Key": ""})
        assert anonymous.status_code == 200 and anonymous.json() == {"status": "ok"}  # details need a key
        assert (await client.get("/health")).json()["dev_mode"] is False


async def test_dev_mode_needs_no_key(client: httpx.AsyncClient) -> None:
    assert (await client.get("/api/contents/")).status_code == 200
    assert (await client.get("/health")).json()["dev_mode"] is True
    assert (await client.get("/admin/")).status_code == 200
    assert (await client.get("/admin/login")).status_code == 303


@pytest.fixture
async def keyed_client(client_for: Callable[..., Any]) -> AsyncIterator[httpx.AsyncClient]:
    async with client_for(api_key=API_KEY) as (_, client):
        yield client


async def test_ui_redirects_to_login_and_the_cookie_opens_it(keyed_client: httpx.AsyncClient) -> None:
    client = keyed_client
    response = await client.get("/admin/?status=pending")
    assert response.status_code == 303
    assert response.headers["location"] == "/admin/login?next=/admin/?status=pending"
    assert (await client.get("/admin/login")).status_code == 200
    bad = await post_form(client, "/admin/login", {"api_key": "guess-guess-guess", "next": "/admin/"},
                          page="/admin/login")
    assert bad.status_code == 401 and "not the admin key" in bad.text
    before = client.cookies["editorial_ai_session"]  # the login form's own (not logged-in) session
    assert (await client.get("/admin/")).status_code == 303
    good = await post_form(client, "/admin/login", {"api_key": API_KEY, "next": "//evil.example/"},
                           page="/admin/login")
    assert good.status_code == 303 and good.headers["location"] == "/admin/"  # no open redirect
    cookie = good.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Max-Age=" in cookie
    assert API_KEY not in cookie and before not in cookie  # a new random id, never the key
    assert (await client.get("/admin/")).status_code == 200
    assert_error(await client.get("/api/contents/"), 401)  # the UI cookie is not an API credential
    await client.post("/admin/logout", data={"csrf_token": await csrf_token(client)})
    assert (await client.get("/admin/")).status_code == 303


async def test_forged_cookie_is_refused(keyed_client: httpx.AsyncClient) -> None:
    keyed_client.cookies.set("editorial_ai_session", "0" * 64)
    assert (await keyed_client.get("/admin/")).status_code == 303


async def test_body_over_64_kib_is_413_by_content_length(client: httpx.AsyncClient) -> None:
    body = b'{"seed_keyword": "' + b"x" * (64 * 1024) + b'"}'
    response = await client.post("/api/pipeline/trigger", content=body, headers={"content-type": "application/json"})
    assert_error(response, 413, "64 KiB")
    assert (await client.get("/api/contents/")).json()["total"] == 0


async def test_body_over_64_kib_is_413_without_content_length(client: httpx.AsyncClient) -> None:
    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"seed_keyword": "'
        for _ in range(20):
            yield b"x" * 4096
        yield b'"}'

    response = await client.post("/api/pipeline/trigger", content=chunks(),
                                 headers={"content-type": "application/json"})
    assert "content-length" not in response.request.headers
    assert_error(response, 413, "larger than")


async def test_body_just_under_the_limit_reaches_validation(client: httpx.AsyncClient) -> None:
    body = b'{"seed_keyword": "' + b"x" * (60 * 1024) + b'"}'
    response = await client.post("/api/pipeline/trigger", content=body, headers={"content-type": "application/json"})
    assert_error(response, 422, "at most 120")


async def test_lying_content_length_is_refused(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/pipeline/trigger", content=b"{}", headers={"content-length": "abc"})
    assert_error(response, 400, "Content-Length")


async def test_health_reports_every_check(client: httpx.AsyncClient) -> None:
    response = await client.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok" and body["model"] == "scripted:happy"
    assert set(body["checks"]) == {"database", "tables", "checkpointer", "model", "queue"}
    assert all(check["ok"] for check in body["checks"].values())
    assert body["queue"]["mode"] == "embedded" and body["queue"]["depth"] == 0


async def test_health_reports_an_unavailable_model_with_its_fix(client_for: Callable[..., Any]) -> None:
    async with client_for(model="gemini:gemini-2.5-flash") as (_, client):
        body = (await client.get("/health")).json()
        assert body["status"] == "degraded"
        assert body["checks"]["model"]["ok"] is False and "GOOGLE_API_KEY" in body["checks"]["model"]["fix"]
    async with client_for(model="openai:qwen@http://127.0.0.1:9/v1") as (_, client):
        assert (await client.get("/health")).json()["checks"]["model"]["ok"] is True  # local server: no key


async def test_health_reports_local_model_packages(client_for: Callable[..., Any],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "llama_cpp" else real(name, *a))
    async with client_for(model="local:gemma-3-270m") as (_, client):
        model = (await client.get("/health")).json()["checks"]["model"]
        assert model["ok"] is False and "llama_cpp" in model["detail"] and "editorial-ai[local]" in model["fix"]


async def test_health_is_503_when_tables_are_gone(api: Any) -> None:
    import sqlite3

    app, client = api
    conn = sqlite3.connect(app.state.pipeline.deps.settings.resolved_db_path)
    conn.execute("DROP TABLE review_events")
    conn.close()
    response = await client.get("/health")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error" and body["checks"]["tables"]["ok"] is False
    assert "review_events" in body["checks"]["tables"]["detail"] and body["checks"]["tables"]["fix"]


async def test_unknown_route_is_json_404(client: httpx.AsyncClient) -> None:
    assert_error(await client.get("/api/nothing-here"), 404)
    assert_error(await client.delete("/api/contents/"), 405)
