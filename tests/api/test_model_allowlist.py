"""Models from requests: only what the operator allows; no request-supplied URL, file, or upstream error body."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .helpers import assert_error, post_form, wait_until_stopped
from .wire import WireServer

SECRET_KEY = "sk-test-secret-key-never-leaves-the-server"


async def test_a_request_supplied_url_is_refused_and_no_key_is_sent(client_for: Callable[..., Any]) -> None:
    with WireServer(200) as wire:
        async with client_for(OPENAI_API_KEY=SECRET_KEY) as (_, client):
            model = f"openai:gpt-4o-mini@{wire.url}"
            body = assert_error(await client.post("/api/pipeline/trigger",
                                                  json={"seed_keyword": "k", "model": model}),
                                422, "EDITORIAL_AI_ALLOWED_BASE_URLS")
            assert body["errors"] == [{"field": "model", "message": body["errors"][0]["message"]}]
            page = await post_form(client, "/admin/runs", {"seed_keyword": "k", "model": model})
            assert page.status_code == 422 and "EDITORIAL_AI_ALLOWED_BASE_URLS" in page.text
            assert (await client.get("/api/contents/")).json()["total"] == 0
    assert wire.requests == []  # nothing, let alone the key, reached the URL


@pytest.mark.parametrize("model", ["scripted:/etc/passwd", "scripted:../happy", "scripted:happy.yaml",
                                   "local:/models/x.gguf", "scripted:C:\\x.yaml"])
async def test_paths_are_refused(client_for: Callable[..., Any], model: str) -> None:
    async with client_for() as (_, client):
        response = await client.post("/api/pipeline/trigger", json={"seed_keyword": "k", "model": model})
        assert_error(response, 422, "model")
        assert response.json()["errors"][0]["field"] == "model"


async def test_existing_and_missing_paths_get_the_same_answer(client_for: Callable[..., Any],
                                                              tmp_path: Path) -> None:
    existing = tmp_path / "server.conf"
    existing.write_text("password: hunter2\n", encoding="utf-8")
    async with client_for() as (_, client):
        answers = []
        for path in (existing, tmp_path / "missing.conf", tmp_path / "also" / "missing.yaml"):
            response = await client.post("/api/pipeline/trigger",
                                         json={"seed_keyword": "k", "model": f"scripted:{path}"})
            answers.append((response.status_code, response.json()["fix"]))
            assert "hunter2" not in response.text
        assert len(set(answers)) == 1 and answers[0][0] == 422


async def test_scenarios_load_by_name_from_the_configured_directory(client_for: Callable[..., Any],
                                                                    tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "house_style.yaml").write_text("default:\n  - error: fatal\n    message: house\n", encoding="utf-8")
    async with client_for(EDITORIAL_AI_SCENARIO_DIR=scenarios) as (_, client):
        assert "scripted:house_style" in (await client.get("/admin/")).text
        response = await client.post("/api/pipeline/trigger",
                                     json={"seed_keyword": "k", "model": "scripted:house_style"})
        assert response.status_code == 202, response.text


async def test_scripted_scenarios_appear_only_in_test_mode(client_for: Callable[..., Any]) -> None:
    async with client_for(EDITORIAL_AI_TEST_MODE=False) as (_, client):
        html = (await client.get("/admin/")).text
        assert "scripted:happy" in html  # the server's own model
        assert "scripted:hallucinate_then_fix" not in html
        refused = await client.post("/api/pipeline/trigger",
                                    json={"seed_keyword": "k", "model": "scripted:hallucinate_then_fix"})
        assert_error(refused, 422, "not allowed", "allowed model")
    async with client_for(EDITORIAL_AI_TEST_MODE=True) as (_, client):
        assert "scripted:hallucinate_then_fix" in (await client.get("/admin/")).text


async def test_the_allowlist_and_base_urls_come_from_settings(client_for: Callable[..., Any]) -> None:
    with WireServer(400, {"error": {"message": "upstream says SECRET-UPSTREAM-BODY"}}) as wire:
        async with client_for(EDITORIAL_AI_ALLOWED_BASE_URLS=wire.url + "/") as (_, client):
            response = await client.post("/api/pipeline/trigger",
                                         json={"seed_keyword": "Jennie Effect", "model": f"openai:qwen@{wire.url}"})
            assert response.status_code == 202, response.text
            await wait_until_stopped(client, response.json()["thread_id"])
        assert wire.requests, "the allowed server was called"


async def test_upstream_error_bodies_stay_in_the_server_log(client_for: Callable[..., Any],
                                                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="editorial_ai.api")
    with WireServer(400, {"error": {"message": "SECRET-UPSTREAM-BODY line 1 of /etc/app.conf"}}) as wire:
        async with client_for(EDITORIAL_AI_ALLOWED_BASE_URLS=wire.url) as (_, client):
            response = await client.post("/api/pipeline/trigger",
                                         json={"seed_keyword": "Jennie Effect", "model": f"openai:qwen@{wire.url}"})
            thread_id = response.json()["thread_id"]
            status = await wait_until_stopped(client, thread_id)
            events = (await client.get(f"/api/pipeline/events/{thread_id}")).text
    shown = " ".join(status["error_log"])
    assert status["error_log"] and "SECRET-UPSTREAM-BODY" not in shown + events
    assert "detail in the server log, ref " in shown
    ref = shown.split("ref ", 1)[1][:12]
    assert any(ref in r.getMessage() and "SECRET-UPSTREAM-BODY" in r.getMessage() for r in caplog.records)
    assert not any(r.exc_info for r in caplog.records)  # handled: logged as one line, no traceback
