"""The run manager: replay, heartbeats, hooks from worker threads, failures, shutdown."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from typing import Any

import httpx
from fastapi import FastAPI

from editorial_ai.api.runs import MAX_THREADS, Event, RunManager

from .helpers import assert_error, wait_until_stopped


class _Outcome:
    def summary(self) -> dict[str, Any]:
        return {"pipeline_status": "awaiting_approval", "content_id": "c1", "waiting_for_human": True}


async def _collect(runs: RunManager, thread_id: str, after: int = 0) -> list[Event]:
    return [e async for e in runs.subscribe(thread_id, after) if e is not None]


async def test_launch_streams_hook_events_then_done() -> None:
    runs = RunManager()
    gate = asyncio.Event()

    async def work() -> _Outcome:
        runs.hook("curation", "node_enter", {"thread_id": "t1"})
        await gate.wait()
        runs.hook("curation", "node_complete", {"status": "success", "duration_ms": 1.0, "total_tokens": 3,
                                                "token_usage": [{"model_name": "m"}]})
        return _Outcome()

    runs.launch("t1", work)
    collected = asyncio.create_task(_collect(runs, "t1"))
    await asyncio.sleep(0.01)
    assert runs.is_running("t1") and runs.current_node("t1") == "curation"
    gate.set()
    events = await collected
    assert [e.name for e in events] == ["node_enter", "node_complete", "done"]
    assert [e.id for e in events] == [1, 2, 3]
    assert events[1].data["thread_id"] == "t1" and events[1].data["models"] == ["m"]  # thread from the context
    assert events[2].data == {"thread_id": "t1", "pipeline_status": "awaiting_approval", "content_id": "c1",
                              "waiting_for_human": True}
    assert not runs.is_running("t1") and runs.current_node("t1") is None and runs.last_event_id("t1") == 3
    assert [e.name for e in await _collect(runs, "t1", after=1)] == ["node_complete", "done"]
    assert await _collect(runs, "t1", after=3) == []


async def test_hook_from_a_worker_thread_reaches_the_loop() -> None:
    runs = RunManager()
    gate = asyncio.Event()

    async def work() -> _Outcome:
        thread = threading.Thread(target=runs.hook, args=("enrich", "node_enter", {"thread_id": "t2"}))
        thread.start()
        thread.join()
        await gate.wait()
        return _Outcome()

    runs.launch("t2", work)
    collected = asyncio.create_task(_collect(runs, "t2"))
    await asyncio.sleep(0.05)
    gate.set()
    assert [e.name for e in await collected] == ["node_enter", "done"]


async def test_subscribers_get_heartbeats_while_quiet() -> None:
    runs = RunManager()
    gate = asyncio.Event()

    async def work() -> _Outcome:
        await gate.wait()
        return _Outcome()

    runs.launch("t3", work)
    stream = runs.subscribe("t3", heartbeat_s=0.01)
    assert await anext(stream) is None
    gate.set()
    remaining = [e async for e in stream]
    assert remaining[-1] is not None and remaining[-1].name == "done"


async def test_a_failing_run_reports_its_error() -> None:
    runs = RunManager()

    async def work() -> None:
        raise sqlite3.OperationalError("disk I/O error")

    runs.launch("t4", work)
    events = await _collect(runs, "t4")
    assert events[-1].name == "done" and "disk I/O error" in events[-1].data["error"]
    assert runs.error("t4") == "OperationalError: disk I/O error"


async def test_idle_threads_are_forgotten_beyond_the_cap() -> None:
    runs = RunManager()
    for n in range(MAX_THREADS + 10):
        runs.publish(f"t{n}", "done", {})
    assert not runs.knows("t0") and runs.knows(f"t{MAX_THREADS + 9}")


async def test_shutdown_cancels_runs_still_going() -> None:
    runs = RunManager()
    runs.launch("t5", lambda: asyncio.sleep(60))
    await asyncio.sleep(0)
    await runs.shutdown(grace_s=0.01)
    assert not runs.is_running("t5") and "stopped" in str(runs.error("t5"))


async def test_a_run_that_dies_before_its_first_checkpoint(api: tuple[FastAPI, httpx.AsyncClient]) -> None:
    app, client = api

    async def broken_start(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("checkpointer unavailable")

    app.state.pipeline.start = broken_start
    thread_id = (await client.post("/api/pipeline/trigger", json={"seed_keyword": "k"})).json()["thread_id"]
    status = await wait_until_stopped(client, thread_id)
    assert status["pipeline_status"] == "failed" and "checkpointer unavailable" in status["error_log"][0]
    stream = await client.get(f"/api/pipeline/events/{thread_id}")
    assert "checkpointer unavailable" in stream.text or '"pipeline_status": "failed"' in stream.text


async def test_health_is_503_when_the_checkpointer_fails(api: tuple[FastAPI, httpx.AsyncClient]) -> None:
    app, client = api

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise sqlite3.OperationalError("database is locked")

    app.state.pipeline.graph.checkpointer.aget_tuple = broken
    response = await client.get("/health")
    assert response.status_code == 503
    check = response.json()["checks"]["checkpointer"]
    assert check["ok"] is False and "database is locked" in check["detail"] and check["fix"]


async def test_routes_before_startup_say_how_to_start(make_settings: Any) -> None:
    from editorial_ai.api import create_app

    app = create_app(make_settings())  # lifespan not started
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://localhost") as client:
        assert_error(await client.get("/api/contents/"), 503, "lifespan")
