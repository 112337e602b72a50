"""/api/runs, retry, the queue in /health, a broker that is down, and runs a previous server left cut off."""

from __future__ import annotations

import asyncio
import re
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import yaml

from editorial_ai.config import Settings
from editorial_ai.llm.scripted import load_scenario
from editorial_ai.pipeline.runner import open_pipeline
from editorial_ai.store.factory import open_run_store
from editorial_ai.worker.run_request import RunRequest

from .helpers import assert_error, run_to_gate, wait_until_stopped


async def _runs(client: httpx.AsyncClient, **params: Any) -> dict[str, Any]:
    response = await client.get("/api/runs/", params=params)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def test_a_run_is_listed_from_its_trigger_to_the_gate(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect"})
    thread_id = response.json()["thread_id"]
    listed = await _runs(client)
    assert [r["thread_id"] for r in listed["items"]] == [thread_id]
    assert listed["items"][0]["status"] in ("queued", "running") and listed["items"][0]["keyword"] == "Jennie Effect"
    status = await wait_until_stopped(client, thread_id)
    detail = (await client.get(f"/api/runs/{thread_id}")).json()
    assert detail["status"] == "waiting" and detail["content_id"] == status["content_id"]
    assert detail["retryable"] is False and detail["attempts"] == 1
    assert [e["outcome"] for e in detail["executions"]] == ["waiting"]
    assert (await _runs(client, status="waiting"))["total"] == 1
    assert (await _runs(client, status="failed"))["total"] == 0
    assert_error(await client.get("/api/runs/nope"), 404, "GET /api/runs/")


async def test_retry_is_refused_for_a_run_at_the_gate_and_unknown_runs(client: httpx.AsyncClient) -> None:
    status = await run_to_gate(client)
    assert_error(await client.post(f"/api/runs/{status['thread_id']}/retry"), 409, "approve, reject or revise")
    assert_error(await client.post("/api/runs/nope/retry"), 404)


async def test_a_failed_run_is_retried_from_the_node_that_failed(api: tuple[Any, httpx.AsyncClient]) -> None:
    app, client = api
    catalog = app.state.pipeline.deps.catalog
    original = catalog.solutions_for_posts
    broken = {"on": True}

    async def flaky(*args: Any, **kwargs: Any) -> Any:
        if broken["on"]:
            raise RuntimeError("catalog offline")
        return await original(*args, **kwargs)

    catalog.solutions_for_posts = flaky
    thread_id = (await client.post("/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect"})).json()["thread_id"]
    failed = await wait_until_stopped(client, thread_id)
    assert failed["pipeline_status"] == "failed"
    run = (await client.get(f"/api/runs/{thread_id}")).json()
    assert run["status"] == "failed" and run["retryable"] is True
    broken["on"] = False
    retried = await client.post(f"/api/runs/{thread_id}/retry")
    assert retried.status_code == 202, retried.text
    for _ in range(500):
        run = (await client.get(f"/api/runs/{thread_id}")).json()
        if run["status"] == "waiting":
            break
        await asyncio.sleep(0.02)
    assert run["status"] == "waiting" and run["kind"] == "retry" and run["content_id"]


async def test_health_reports_the_queue(client: httpx.AsyncClient) -> None:
    await run_to_gate(client)
    body = (await client.get("/health")).json()
    assert body["checks"]["queue"]["ok"] is True and "embedded queue" in body["checks"]["queue"]["detail"]
    assert body["queue"]["runs"] == {"waiting": 1} and body["queue"]["workers"] == 1


async def test_a_broker_that_is_down_is_a_503_with_the_fix_and_nothing_is_written(
    client_for: Callable[..., Any],
) -> None:
    async with client_for(EDITORIAL_AI_BROKER_URL="redis://127.0.0.1:1/0") as (_, client):
        response = await client.post("/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect"})
        body = assert_error(response, 503, "nothing was started or recorded", "start Redis")
        assert "127.0.0.1:1/0" in body["fix"]
        assert (await _runs(client))["total"] == 0
        health = (await client.get("/health")).json()
        assert health["status"] == "degraded" and health["checks"]["queue"]["ok"] is False


async def test_serve_resumes_on_start_up_a_run_a_killed_server_left_cut_off(
    client_for: Callable[..., Any], make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    """A previous server (a process that no longer exists) held the run's lease and died mid-run: the next
    server finds it at start-up and finishes it from its last checkpoint, no `resume` typed by anyone."""
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    document = {"latency_ms": 150, "responses": load_scenario("happy")}
    (scenarios / "slow_happy.yaml").write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    overrides = {"EDITORIAL_AI_SCENARIO_DIR": scenarios, "EDITORIAL_AI_TEST_MODE": True}
    settings = make_settings("scripted:slow_happy", **overrides)
    curation = RunRequest(seed_keyword="Jennie Effect", model=settings.model).curation_input()
    async with open_pipeline(settings) as pipeline:
        store = await open_run_store(settings)
        await store.enqueue("t-cut", "start", keyword="Jennie Effect", payload={"curation_input": curation})
        dead = f"server@{socket.gethostname()}:999999999:dead00"
        assert await store.acquire("t-cut", dead, 600) is not None  # a long lease: only the dead pid frees it
        cut = asyncio.create_task(pipeline.start(curation, thread_id="t-cut"))
        await asyncio.sleep(1.0)
        cut.cancel()
        await asyncio.gather(cut, return_exceptions=True)
        await store.close()
    async with client_for("scripted:slow_happy", **overrides) as (_, client):
        for _ in range(600):
            run = (await client.get("/api/runs/t-cut")).json()
            if run["status"] == "waiting":
                break
            await asyncio.sleep(0.05)
        assert run["status"] == "waiting" and run["attempts"] == 2
        assert run["executions"][0]["worker"] == dead


async def test_events_of_a_run_on_another_process_follow_the_run_registry(
    api: tuple[Any, httpx.AsyncClient],
) -> None:
    """With a broker, runs execute on workers: the stream follows the node the registry shows, then ends."""
    app, client = api
    store = app.state.runs.service.store
    await store.enqueue("remote-1", "start", keyword="Jennie Effect")
    lease = await store.acquire("remote-1", "worker@elsewhere:1:abc", 30)
    assert lease is not None
    await store.heartbeat(lease, "curation", node_only=True)

    async def worker_side() -> None:
        await asyncio.sleep(0.8)
        await store.heartbeat(lease, "editorial", node_only=True)
        await asyncio.sleep(0.8)
        await store.release(lease, "failed", outcome="error", error="RuntimeError: model gone")

    task = asyncio.create_task(worker_side())
    async with client.stream("GET", "/api/pipeline/events/remote-1") as response:
        text = "".join([chunk async for chunk in response.aiter_text()])
    await task
    assert re.findall(r'"node": "(\w+)"', text) == ["curation", "editorial"]
    assert "event: done" in text and '"pipeline_status": "failed"' in text


async def test_runs_on_workers_count_as_active_for_the_queue_page(api: tuple[Any, httpx.AsyncClient]) -> None:
    app, _ = api
    store = app.state.runs.service.store
    await store.enqueue("remote-2", "start", keyword="Jennie Effect")
    await store.enqueue("remote-3", "start", keyword="Jennie Effect")
    assert await store.acquire("remote-2", "worker@elsewhere:1:abc", 30) is not None
    assert await app.state.runs.active_threads() == ["remote-2", "remote-3"]


async def test_serve_starts_at_once_the_runs_a_stopped_server_handed_back(
    client_for: Callable[..., Any], make_settings: Callable[..., Settings]
) -> None:
    """A server stopping mid-run hands its runs back as queued; the next one starts them without waiting."""
    settings = make_settings(EDITORIAL_AI_TEST_MODE=True)
    curation = RunRequest(seed_keyword="Jennie Effect", model=settings.model).curation_input()
    store = await open_run_store(settings)
    await store.enqueue("t-handed-back", "start", keyword="Jennie Effect", payload={"curation_input": curation})
    await store.close()
    async with client_for() as (_, client):
        for _ in range(300):
            run = (await client.get("/api/runs/t-handed-back")).json()
            if run["status"] == "waiting":
                break
            await asyncio.sleep(0.05)
        assert run["status"] == "waiting"
