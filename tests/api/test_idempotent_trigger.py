"""Idempotent triggers: a repeated Idempotency-Key returns the run the first trigger started and starts nothing."""

from __future__ import annotations

import asyncio

import httpx

from .helpers import assert_error

RUN = {"seed_keyword": "Jennie Effect", "model": "scripted:happy"}


async def _total_runs(client: httpx.AsyncClient) -> int:
    return int((await client.get("/api/runs/")).json()["total"])


async def test_a_repeated_key_returns_the_first_run(client: httpx.AsyncClient) -> None:
    first = await client.post("/api/pipeline/trigger", json=RUN, headers={"Idempotency-Key": "order-1"})
    again = await client.post("/api/pipeline/trigger", json=RUN, headers={"Idempotency-Key": "order-1"})
    assert first.status_code == again.status_code == 202
    assert first.json()["thread_id"] == again.json()["thread_id"]
    assert "idempotent-replayed" not in first.headers and again.headers["idempotent-replayed"] == "true"
    assert await _total_runs(client) == 1
    other = await client.post("/api/pipeline/trigger", json=RUN, headers={"Idempotency-Key": "order-2"})
    assert other.json()["thread_id"] != first.json()["thread_id"] and await _total_runs(client) == 2


async def test_concurrent_retries_of_one_key_start_one_run(client: httpx.AsyncClient) -> None:
    replies = await asyncio.gather(*(client.post("/api/pipeline/trigger", json=RUN,
                                                 headers={"Idempotency-Key": "burst"}) for _ in range(20)))
    assert {r.status_code for r in replies} == {202}
    assert len({r.json()["thread_id"] for r in replies}) == 1
    assert sum(r.headers.get("idempotent-replayed") == "true" for r in replies) == 19
    assert await _total_runs(client) == 1


async def test_a_key_reused_for_another_request_is_409(client: httpx.AsyncClient) -> None:
    await client.post("/api/pipeline/trigger", json=RUN, headers={"Idempotency-Key": "k-1"})
    refused = await client.post("/api/pipeline/trigger", json={**RUN, "seed_keyword": "Quiet Luxury"},
                                headers={"Idempotency-Key": "k-1"})
    assert_error(refused, 409, "another request", "new Idempotency-Key")
    assert await _total_runs(client) == 1


async def test_malformed_keys_are_422_naming_the_header(client: httpx.AsyncClient) -> None:
    for key in ("x" * 201, " padded ", "tab\tkey"):
        response = await client.post("/api/pipeline/trigger", json=RUN, headers={"Idempotency-Key": key})
        assert response.status_code == 422, (key, response.text)
        assert "Idempotency-Key" in response.text
    assert await _total_runs(client) == 0


async def test_without_a_key_every_trigger_is_a_new_run(client: httpx.AsyncClient) -> None:
    for _ in range(2):
        assert (await client.post("/api/pipeline/trigger", json=RUN)).status_code == 202
    assert await _total_runs(client) == 2
