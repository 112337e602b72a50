"""CSRF tokens on every UI form, the Origin/Referer check (dev mode too), and server-side sessions."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from .helpers import API_KEY, CSRF_INPUT, assert_error, csrf_token, post_form, running_client

RUN = {"seed_keyword": "Jennie Effect", "model": "scripted:happy", "content_type": "fashion_magazine"}


async def test_every_ui_form_carries_a_token(client: httpx.AsyncClient) -> None:
    html = (await client.get("/admin/")).text
    assert html.count('<form method="post"') == len(CSRF_INPUT.findall(html)) >= 1
    cookie = client.cookies["editorial_ai_session"]
    assert cookie and CSRF_INPUT.search(html).group(1) not in cookie  # type: ignore[union-attr]


@pytest.mark.parametrize("token", [None, "", "x" * 43, "forged"])
async def test_missing_or_wrong_token_is_403_in_dev_mode(client: httpx.AsyncClient, token: str | None) -> None:
    await client.get("/admin/")  # a session exists; its token is just not sent
    data = dict(RUN) | ({"csrf_token": token} if token is not None else {})
    response = await client.post("/admin/runs", data=data)
    assert response.status_code == 403 and "CSRF" in response.text
    assert (await client.get("/api/contents/")).json()["total"] == 0
    for path in ("/admin/contents/x/approve", "/admin/logout"):
        assert (await client.post(path, data=data)).status_code == 403


async def test_a_token_from_another_session_is_refused(client_for: Callable[..., Any]) -> None:
    async with client_for() as (_, client):
        foreign = await csrf_token(client)
        client.cookies.clear()
        await client.get("/admin/")  # a new session
        response = await client.post("/admin/runs", data={**RUN, "csrf_token": foreign})
        assert response.status_code == 403


@pytest.mark.parametrize("header", [{"Origin": "https://evil.example"}, {"Origin": "null"},
                                    {"Referer": "https://evil.example/page"}])
async def test_cross_origin_posts_are_403_in_dev_mode(client: httpx.AsyncClient, header: dict[str, str]) -> None:
    token = await csrf_token(client)
    ui = await client.post("/admin/runs", data={**RUN, "csrf_token": token}, headers=header)
    assert_error(ui, 403, "cross-origin", "EDITORIAL_AI_ALLOWED_ORIGINS")
    api = await client.post("/api/pipeline/trigger", json={"seed_keyword": "k"}, headers=header)
    assert_error(api, 403, "cross-origin")
    approve = await client.post("/api/contents/x/approve", headers={**header, "content-type": "text/plain"})
    assert approve.status_code == 403
    assert (await client.get("/api/contents/")).json()["total"] == 0


async def test_same_origin_and_listed_origins_pass(client_for: Callable[..., Any]) -> None:
    async with client_for(EDITORIAL_AI_ALLOWED_ORIGINS="https://admin.example.com") as (_, client):
        for origin in ("http://localhost", "https://admin.example.com"):
            response = await client.post("/api/pipeline/trigger", json={"seed_keyword": "k"},
                                         headers={"Origin": origin})
            assert response.status_code == 202, (origin, response.text)


@pytest.fixture
async def keyed(client_for: Callable[..., Any]) -> Any:
    async with client_for(api_key=API_KEY) as pair:
        yield pair


async def _login(client: httpx.AsyncClient) -> str:
    response = await post_form(client, "/admin/login", {"api_key": API_KEY, "next": "/admin/"}, page="/admin/login")
    assert response.status_code == 303, response.text
    return client.cookies["editorial_ai_session"]


async def test_login_needs_the_form_token(keyed: Any) -> None:
    _, client = keyed
    await client.get("/admin/login")
    response = await client.post("/admin/login", data={"api_key": API_KEY, "next": "/admin/"})
    assert response.status_code == 403
    assert (await client.get("/admin/")).status_code == 303


async def test_logout_revokes_the_session_server_side(keyed: Any) -> None:
    _, client = keyed
    cookie = await _login(client)
    assert (await client.get("/admin/")).status_code == 200
    await client.post("/admin/logout", data={"csrf_token": await csrf_token(client)})
    client.cookies.set("editorial_ai_session", cookie)  # a copy of the cookie kept from before the logout
    assert (await client.get("/admin/")).status_code == 303


async def test_a_session_survives_a_restart(make_settings: Callable[..., Any]) -> None:
    settings = make_settings(ADMIN_API_KEY=API_KEY, EDITORIAL_AI_TEST_MODE=True)
    async with running_client(settings) as (_, client):
        cookie = await _login(client)
    async with running_client(settings) as (_, client):
        client.cookies.set("editorial_ai_session", cookie)
        assert (await client.get("/admin/")).status_code == 200


async def test_an_expired_session_is_rejected(keyed: Any) -> None:
    app, client = keyed
    await _login(client)
    with sqlite3.connect(app.state.settings.resolved_db_path) as conn:
        conn.execute("UPDATE admin_sessions SET expires_at = '2000-01-01T00:00:00+00:00'")
    assert (await client.get("/admin/")).status_code == 303


async def test_the_cookie_expires(keyed: Any) -> None:
    _, client = keyed
    response = await post_form(client, "/admin/login", {"api_key": API_KEY, "next": "/admin/"}, page="/admin/login")
    assert f"Max-Age={12 * 3600}" in response.headers["set-cookie"]
