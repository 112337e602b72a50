"""/api/pipeline: trigger in the background, status, server-sent events, validation."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from .helpers import assert_error, run_to_gate, wait_until_stopped

GATE_NODES = ["curation", "design_spec", "source", "editorial", "enrich", "review", "admin_gate", "human_decision"]


def parse_sse(text: str) -> list[tuple[str, dict[str, Any]]]:
    """(event name, data) pairs of a text/event-stream body."""
    events = []
    for frame in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in frame.splitlines() if ": " in line and not line.startswith(":"))
        if "event" in fields:
            events.append((fields["event"], json.loads(fields["data"])))
    return events


async def test_trigger_returns_202_before_the_run_finishes(api: tuple[FastAPI, httpx.AsyncClient]) -> None:
    app, client = api
    release = asyncio.Event()
    original = app.state.pipeline.start

    async def held_start(*args: Any, **kwargs: Any) -> Any:
        await release.wait()  # stands in for a slow LLM
        return await original(*args, **kwargs)

    app.state.pipeline.start = held_start
    response = await client.post("/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect"})
    assert response.status_code == 202
    body = response.json()
    thread_id = body["thread_id"]
    assert body["status"] == "accepted"
    assert body["status_url"] == f"/api/pipeline/status/{thread_id}"
    status = (await client.get(body["status_url"])).json()
    assert status["running"] is True and status["pipeline_status"] == "queued" and status["has_draft"] is False
    release.set()
    final = await wait_until_stopped(client, thread_id)
    assert final["pipeline_status"] == "awaiting_approval"
    assert final["waiting_for_human"] is True and final["has_draft"] is True and final["content_id"]
    assert final["error_log"] == [] and final["current_node"] is None and final["draft_version"] == 1


async def test_status_shows_the_node_running_now(api: tuple[FastAPI, httpx.AsyncClient]) -> None:
    app, client = api
    entered, release = asyncio.Event(), asyncio.Event()
    runs = app.state.runs
    original_hook = runs._node_event

    def hook(thread_id: str, node: str, event: str, data: dict[str, Any]) -> None:
        original_hook(thread_id, node, event, data)
        if node == "design_spec" and event == "node_enter":
            entered.set()

    runs._node_event = hook
    catalog = app.state.pipeline.deps.catalog
    original_known = catalog.known_entities

    async def slow_known() -> Any:
        await release.wait()
        return await original_known()

    catalog.known_entities = slow_known  # the editorial node waits here (its guard reads the catalog's names)
    response = await client.post("/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect"})
    thread_id = response.json()["thread_id"]
    await asyncio.wait_for(entered.wait(), 10)
    for _ in range(200):
        status = (await client.get(f"/api/pipeline/status/{thread_id}")).json()
        if status["current_node"] == "editorial":
            break
        await asyncio.sleep(0.01)
    assert status["current_node"] == "editorial" and status["running"] is True
    release.set()
    assert (await wait_until_stopped(client, thread_id))["current_node"] is None


async def test_status_of_unknown_thread_is_404(client: httpx.AsyncClient) -> None:
    assert_error(await client.get("/api/pipeline/status/no-such-thread"), 404, "no-such-thread", "trigger")


async def test_events_stream_node_events_then_done(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect"})
    thread_id = response.json()["thread_id"]
    stream = await client.get(f"/api/pipeline/events/{thread_id}")
    assert stream.status_code == 200
    assert stream.headers["content-type"].startswith("text/event-stream")
    events = parse_sse(stream.text)
    names = [name for name, _ in events]
    assert names[-1] == "done" and names.count("done") == 1
    entered = [data["node"] for name, data in events if name == "node_enter"]
    completed = [data for name, data in events if name == "node_complete"]
    assert entered == GATE_NODES
    assert [c["node"] for c in completed] == GATE_NODES
    assert all(c["thread_id"] == thread_id for c in completed)
    assert completed[-1]["status"] == "interrupted"
    assert all(isinstance(c["duration_ms"], float) for c in completed)
    assert any(c["total_tokens"] > 0 for c in completed)
    done = events[-1][1]
    assert done["waiting_for_human"] is True and done["pipeline_status"] == "awaiting_approval"
    assert done["content_id"]


async def test_events_of_a_finished_run_end_with_done_at_once(client: httpx.AsyncClient) -> None:
    status = await run_to_gate(client)
    stream = await client.get(f"/api/pipeline/events/{status['thread_id']}", params={"after": 10_000})
    events = parse_sse(stream.text)
    assert [name for name, _ in events] == ["done"]
    assert events[0][1]["content_id"] == status["content_id"]


async def test_events_replay_after_a_given_id(client: httpx.AsyncClient) -> None:
    status = await run_to_gate(client)
    stream = await client.get(f"/api/pipeline/events/{status['thread_id']}", headers={"Last-Event-ID": "14"})
    assert [name for name, _ in parse_sse(stream.text)] == ["node_enter", "node_complete", "done"]


async def test_events_of_unknown_thread_is_404(client: httpx.AsyncClient) -> None:
    assert_error(await client.get("/api/pipeline/events/nope"), 404)


@pytest.mark.parametrize(("body", "field", "needle"), [
    ({"seed_keyword": "   "}, "body.seed_keyword", "at least 1 character"),
    ({}, "body.seed_keyword", "Field required"),
    ({"seed_keyword": "k", "model": "nonsense"}, "body.model", "provider:model"),
    ({"seed_keyword": "k", "model": "acme:x"}, "body.model", "unknown provider"),
    ({"seed_keyword": "k", "content_type": "poetry"}, "body.content_type", "fashion_magazine"),
    ({"seed_keyword": "k", "seed": "typo"}, "body.seed", "Extra inputs"),
    ({"seed_keyword": "k" * 121}, "body.seed_keyword", "at most 120"),
])
async def test_trigger_rejects_invalid_fields(client: httpx.AsyncClient, body: dict[str, Any], field: str,
                                              needle: str) -> None:
    error = assert_error(await client.post("/api/pipeline/trigger", json=body), 422)
    messages = {e["field"]: e["message"] for e in error["errors"]}
    assert field in messages, error
    assert needle in messages[field]


async def test_trigger_rejects_malformed_json(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/pipeline/trigger", content=b"{not json",
                                 headers={"content-type": "application/json"})
    assert_error(response, 422, "JSON")


@pytest.mark.parametrize(("model", "fix"), [
    ("gemini:gemini-2.5-flash", "GOOGLE_API_KEY"),
    ("openai:gpt-4o-mini", "OPENAI_API_KEY"),
    ("scripted:no_such_scenario", "happy"),
])
async def test_trigger_refuses_unavailable_models_up_front(client_for: Callable[..., Any], model: str,
                                                          fix: str) -> None:
    async with client_for(EDITORIAL_AI_ALLOWED_MODELS="scripted:*, gemini:*, openai:*") as (_, client):
        response = await client.post("/api/pipeline/trigger", json={"seed_keyword": "k", "model": model})
        assert_error(response, 422, fix)
        assert response.json()["errors"][0]["field"] == "model"
        listing = (await client.get("/api/contents/")).json()
        assert listing["total"] == 0


async def test_trigger_uses_the_requested_model_and_content_type(client: httpx.AsyncClient) -> None:
    status = await run_to_gate(client, model="scripted:happy", content_type="lifestyle", target_celeb="Jennie")
    content = (await client.get(f"/api/contents/{status['content_id']}")).json()
    assert content["content_type"] == "lifestyle"
