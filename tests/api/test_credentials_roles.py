"""Sessions tied to their credential, allowed hosts, roles with 403s naming the role, and /health without a key."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from editorial_ai.store.reviewers import reviewer_store

from .helpers import API_KEY, assert_error, post_form

RUN = {"seed_keyword": "Jennie Effect", "model": "scripted:happy", "content_type": "fashion_magazine"}
ADMIN = {"X-API-Key": API_KEY}


async def _runs_total(client: httpx.AsyncClient) -> int:
    response = await client.get("/api/runs/", headers=ADMIN)
    assert response.status_code == 200, response.text
    return int(response.json()["total"])


async def _login(client: httpx.AsyncClient, key: str) -> None:
    response = await post_form(client, "/admin/login", {"api_key": key, "next": "/admin/"}, page="/admin/login")
    assert response.status_code == 303, response.text


# --- D1: a session ends with its credential ----------------------------------------------------------------


async def test_removing_a_reviewer_ends_their_open_session(client_for: Callable[..., Any], tmp_path: Path) -> None:
    store = reviewer_store(tmp_path / "data" / "reviewers.json")
    _, key = store.add("Mina Park", role="admin")
    async with client_for(api_key=API_KEY) as (_, client):
        await _login(client, key)
        assert (await client.get("/admin/")).status_code == 200
        assert store.remove("Mina Park")
        # The open session no longer opens a page, nor starts a run with its still-valid CSRF token.
        assert (await client.get("/admin/")).status_code == 303
        started = await client.post("/admin/runs", data={**RUN, "csrf_token": "whatever"})
        assert started.status_code in (303, 403)
        assert await _runs_total(client) == 0


async def test_a_re_added_reviewer_of_the_same_name_does_not_revive_old_sessions(
        client_for: Callable[..., Any], tmp_path: Path) -> None:
    store = reviewer_store(tmp_path / "data" / "reviewers.json")
    _, key = store.add("Mina Park")
    async with client_for(api_key=API_KEY) as (_, client):
        await _login(client, key)
        store.remove("Mina Park")
        store.add("Mina Park")  # a new key for the same name: the old session was opened with the old one
        assert (await client.get("/admin/")).status_code == 303


async def test_rotating_the_admin_key_ends_admin_sessions(make_settings: Callable[..., Any]) -> None:
    from .helpers import running_client

    first = make_settings(ADMIN_API_KEY=API_KEY, EDITORIAL_AI_TEST_MODE=True)
    async with running_client(first) as (_, client):
        await _login(client, API_KEY)
        cookie = client.cookies["editorial_ai_session"]
        assert (await client.get("/admin/")).status_code == 200
    rotated = make_settings(ADMIN_API_KEY="rotated-admin-key-9876543210", EDITORIAL_AI_TEST_MODE=True)
    async with running_client(rotated) as (_, client):
        client.cookies.set("editorial_ai_session", cookie)
        assert (await client.get("/admin/")).status_code == 303  # the old key's session is over
    async with running_client(first) as (_, client):
        client.cookies.set("editorial_ai_session", cookie)
        assert (await client.get("/admin/")).status_code == 303  # and stays revoked, even under the old key


async def test_a_dev_mode_session_ends_when_a_key_is_set(make_settings: Callable[..., Any]) -> None:
    from .helpers import running_client

    async with running_client(make_settings(EDITORIAL_AI_TEST_MODE=True)) as (_, client):
        assert (await client.get("/admin/")).status_code == 200
        cookie = client.cookies["editorial_ai_session"]
    async with running_client(make_settings(ADMIN_API_KEY=API_KEY, EDITORIAL_AI_TEST_MODE=True)) as (_, client):
        client.cookies.set("editorial_ai_session", cookie)
        assert (await client.get("/admin/")).status_code == 303


# --- D2: allowed hosts, every method, dev mode too -----------------------------------------------------------


@pytest.mark.parametrize(("method", "path"), [("POST", "/api/pipeline/trigger"), ("GET", "/api/contents/"),
                                              ("POST", "/api/contents/x/approve"), ("GET", "/admin/")])
async def test_dns_rebinding_host_is_refused_in_dev_mode(client: httpx.AsyncClient, method: str, path: str) -> None:
    # The attacker controls both headers: Origin equal to Host used to pass the same-origin check.
    headers = {"Host": "evil.example:8000", "Origin": "http://evil.example:8000"}
    response = await client.request(method, path, json={"seed_keyword": "k"}, headers=headers)
    assert_error(response, 400, "evil.example", "EDITORIAL_AI_ALLOWED_HOSTS")
    assert (await client.get("/api/runs/")).json()["total"] == 0


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST"])
async def test_loopback_names_are_allowed_by_default(client: httpx.AsyncClient, host: str) -> None:
    assert (await client.get("/api/contents/", headers={"Host": host})).status_code == 200


async def test_listed_hosts_and_domains_are_allowed(client_for: Callable[..., Any]) -> None:
    async with client_for(EDITORIAL_AI_ALLOWED_HOSTS="localhost,.example.com") as (_, client):
        for host, code in (("admin.example.com", 200), ("example.com", 200), ("evilexample.com", 400),
                           ("127.0.0.1", 400)):
            assert (await client.get("/api/contents/", headers={"Host": host})).status_code == code, host


# --- roles -------------------------------------------------------------------------------------------------


@pytest.fixture
def keys(tmp_path: Path) -> dict[str, str]:
    store = reviewer_store(tmp_path / "data" / "reviewers.json")
    return {role: store.add(f"The {role}", role=role)[1] for role in ("viewer", "editor")} | {"admin": API_KEY}


async def test_each_role_gets_403_naming_the_role_it_lacks(client_for: Callable[..., Any],
                                                            keys: dict[str, str]) -> None:
    async with client_for(api_key=API_KEY) as (_, client):
        def as_(role: str) -> dict[str, str]:
            return {"X-API-Key": keys[role]}

        for role in ("viewer", "editor", "admin"):
            assert (await client.get("/api/contents/", headers=as_(role))).status_code == 200
            assert (await client.get("/api/runs/", headers=as_(role))).status_code == 200
        refused = await client.post("/api/contents/x/approve", headers=as_("viewer"), json={})
        assert_error(refused, 403, "editor role", "The viewer has the viewer role")
        for path in ("/api/contents/x/reject", "/api/contents/x/revise"):
            assert_error(await client.post(path, headers=as_("viewer"), json={}), 403, "editor role")
        # An editor decides (the unknown id is a 404, past the role check) but cannot start or retry runs.
        assert (await client.post("/api/contents/x/approve", headers=as_("editor"), json={})).status_code == 404
        assert_error(await client.post("/api/pipeline/trigger", headers=as_("editor"), json=RUN), 403, "admin role")
        assert_error(await client.post("/api/runs/t/retry", headers=as_("editor")), 403, "admin role")
        assert await _runs_total(client) == 0
        assert (await client.post("/api/pipeline/trigger", headers=as_("admin"), json=RUN)).status_code == 202


async def test_an_editor_session_cannot_start_runs_from_the_ui(client_for: Callable[..., Any],
                                                               keys: dict[str, str]) -> None:
    async with client_for(api_key=API_KEY) as (_, client):
        await _login(client, keys["editor"])
        response = await post_form(client, "/admin/runs", RUN)
        assert response.status_code == 403 and "admin role" in response.text
        assert await _runs_total(client) == 0


async def test_reviewers_cli_sets_and_lists_roles(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from editorial_ai.cli.main import app

    data = ["--data-dir", str(tmp_path / "d")]
    runner = CliRunner()
    assert runner.invoke(app, ["reviewers", "add", "Vee", "--role", "viewer", *data]).exit_code == 0
    bad = runner.invoke(app, ["reviewers", "add", "Boss", "--role", "owner", *data])
    assert bad.exit_code == 2 and "viewer, editor, admin" in bad.output
    listed = runner.invoke(app, ["reviewers", "list", "--json", *data])
    assert '"role": "viewer"' in listed.output


# --- /health: only up or down without a key ------------------------------------------------------------------


async def test_health_without_a_key_says_only_its_status(client_for: Callable[..., Any]) -> None:
    async with client_for(api_key=API_KEY) as (_, client):
        anonymous = await client.get("/health")
        assert anonymous.status_code == 200 and anonymous.json() == {"status": "ok"}
        wrong = await client.get("/health", headers={"X-API-Key": "not-the-key-at-all"})
        assert wrong.json() == {"status": "ok"}
        detailed = (await client.get("/health", headers=ADMIN)).json()
        assert detailed["checks"]["database"]["ok"] is True and "queue" in detailed["checks"]


async def test_the_ui_hides_what_a_role_cannot_do(client_for: Callable[..., Any], keys: dict[str, str]) -> None:
    async with client_for(api_key=API_KEY) as (_, client):
        await _login(client, keys["viewer"])
        viewer_queue = (await client.get("/admin/")).text
        assert 'action="/admin/runs"' not in viewer_queue and 'id="new-run"' not in viewer_queue
        client.cookies.clear()
        await _login(client, keys["editor"])
        assert 'id="new-run"' not in (await client.get("/admin/")).text  # starting runs is the admin's
        client.cookies.clear()
        await _login(client, API_KEY)
        assert 'id="new-run"' in (await client.get("/admin/")).text
