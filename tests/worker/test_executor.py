"""The executor and sweeper in one process (embedded mode's code path) on the scripted model."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import Pipeline, open_pipeline
from editorial_ai.store.factory import open_run_store
from editorial_ai.store.runs import RunStore
from editorial_ai.worker.executor import RunExecutor
from editorial_ai.worker.sweeper import Sweeper, holder_is_dead_here

from .conftest import write_slow_scenario

INPUT = {
    "seed_keyword": "Jennie Effect",
    "category": "fashion",
    "tone": "sophisticated",
    "style": "editorial",
    "target_celeb": None,
    "target_brand": None,
    "model": "scripted:happy",
}


@pytest.fixture
async def opened(make_settings: Callable[..., Settings]) -> AsyncIterator[tuple[Pipeline, RunStore, Settings]]:
    settings = make_settings()
    async with open_pipeline(settings) as pipeline:
        store = await open_run_store(settings)
        try:
            yield pipeline, store, settings
        finally:
            await store.close()


@pytest.fixture(params=["sqlite", "postgres"])
async def opened_any(
    request: pytest.FixtureRequest, make_settings: Callable[..., Settings]
) -> AsyncIterator[tuple[Pipeline, RunStore, Settings]]:
    """`opened` on each backend (PostgreSQL: a throw-away schema)."""
    overrides: dict[str, Any] = {}
    if request.param == "postgres":
        overrides = {
            "DATABASE_URL": request.getfixturevalue("postgres_dsn"),
            "EDITORIAL_AI_DB_SCHEMA": request.getfixturevalue("pg_schema"),
        }
    settings = make_settings(**overrides)
    async with open_pipeline(settings) as pipeline:
        store = await open_run_store(settings)
        try:
            yield pipeline, store, settings
        finally:
            await store.close()


async def test_a_start_item_runs_to_the_gate_and_a_duplicate_is_a_no_op(
    opened: tuple[Pipeline, RunStore, Settings],
) -> None:
    pipeline, store, _ = opened
    executor = RunExecutor(pipeline, store, worker_id="w1", lease_s=10)
    await store.enqueue("t1", "start", payload={"curation_input": INPUT}, content_type="fashion_magazine")
    outcome = await executor.advance("t1")
    assert outcome is not None and outcome.waiting_for_human
    row = await store.get("t1") or {}
    assert row["status"] == "waiting" and row["content_id"] == outcome.state["current_draft_id"]
    assert await executor.advance("t1") is None  # redelivered item: nothing to do, nothing written
    executions = await store.executions("t1")
    assert len(executions) == 1 and executions[0]["outcome"] == "waiting"
    # The queue's own cost goes to the registry row (what `bench scale` reads); the process keeps none of it,
    # so a long-lived worker's memory does not grow with the runs it executes.
    assert executions[0]["overhead_ms"] is not None and executions[0]["overhead_ms"] >= 0
    assert not any(isinstance(value, list) for value in vars(executor).values())
    _, total = await pipeline.deps.contents.list(None, 10, 0)
    assert total == 1


async def test_an_approval_after_the_gate_publishes_once(opened: tuple[Pipeline, RunStore, Settings]) -> None:
    pipeline, store, _ = opened
    executor = RunExecutor(pipeline, store, worker_id="w1", lease_s=10)
    await store.enqueue("t1", "start", payload={"curation_input": INPUT})
    gate = await executor.advance("t1")
    assert gate is not None
    await pipeline.claim(str(gate.state["current_draft_id"]), AdminDecision(decision="approved"))
    await store.enqueue("t1", "decision")
    done = await executor.advance("t1")
    assert done is not None and done.state["pipeline_status"] == "published"
    assert (await store.get("t1") or {})["status"] == "done"
    assert await executor.advance("t1") is None


async def test_a_run_whose_holder_died_is_swept_and_finished_elsewhere(
    make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    """A holder cancelled mid-run without releasing (as a SIGKILL leaves it): the sweeper re-queues the run after
    its lease expires and a second executor finishes it from the checkpoint."""
    scenario = write_slow_scenario(tmp_path / "scenarios", 150)
    settings = make_settings(f"scripted:{scenario}", EDITORIAL_AI_SCENARIO_DIR=tmp_path / "scenarios")
    async with open_pipeline(settings) as pipeline:
        store = await open_run_store(settings)
        try:
            await store.enqueue("t1", "start", payload={"curation_input": {**INPUT, "model": settings.model}})
            dying = RunExecutor(pipeline, store, worker_id="dead@elsewhere:1:x", lease_s=2)
            lease = await store.acquire("t1", dying.worker_id, 2)
            assert lease is not None
            cut = asyncio.create_task(pipeline.start(INPUT | {"model": settings.model}, thread_id="t1"))
            await asyncio.sleep(1.0)  # some nodes done, checkpointed
            cut.cancel()
            await asyncio.gather(cut, return_exceptions=True)
            queued: list[tuple[str, int, int | None]] = []

            async def requeue(thread_id: str, seq: int, fence: int | None) -> None:
                queued.append((thread_id, seq, fence))

            sweeper = Sweeper(store, requeue, lease_s=2)
            assert await sweeper.sweep_once() == 0  # the lease is still live
            await asyncio.sleep(2.2)
            assert await sweeper.sweep_once() == 1
            assert queued == [("t1", 1, 1)]
            rescuer = RunExecutor(pipeline, store, worker_id="w2", lease_s=5)
            outcome = await rescuer.advance("t1")
            assert outcome is not None and outcome.waiting_for_human
            executions = await store.executions("t1")
            assert [e["worker"] for e in executions] == ["dead@elsewhere:1:x", "w2"]
            assert executions[0]["ended_at"] is None
            assert executions[1]["started_at"] >= executions[0]["heartbeat_at"] + 2
        finally:
            await store.close()


async def test_a_stopping_process_hands_its_run_back_at_once(
    make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    scenario = write_slow_scenario(tmp_path / "scenarios", 150)
    settings = make_settings(f"scripted:{scenario}", EDITORIAL_AI_SCENARIO_DIR=tmp_path / "scenarios")
    async with open_pipeline(settings) as pipeline:
        store = await open_run_store(settings)
        try:
            executor = RunExecutor(pipeline, store, worker_id="w1", lease_s=30)
            await store.enqueue("t1", "start", payload={"curation_input": {**INPUT, "model": settings.model}})
            task = asyncio.create_task(executor.advance("t1"))
            await asyncio.sleep(0.8)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            row = await store.get("t1") or {}
            assert row["status"] == "queued" and row["lease_owner"] is None
            outcome = await RunExecutor(pipeline, store, worker_id="w2", lease_s=30).advance("t1")
            assert outcome is not None and outcome.waiting_for_human
        finally:
            await store.close()


async def test_retry_runs_a_failed_node_again(
    opened: tuple[Pipeline, RunStore, Settings], monkeypatch: pytest.MonkeyPatch
) -> None:
    pipeline, store, _ = opened
    executor = RunExecutor(pipeline, store, worker_id="w1", lease_s=10)
    await store.enqueue("t1", "start", payload={"curation_input": INPUT})
    original: Callable[..., Awaitable[Any]] = pipeline.deps.catalog.solutions_for_posts
    failing = {"on": True}

    async def flaky(*args: Any, **kwargs: Any) -> Any:
        if failing["on"]:
            raise RuntimeError("catalog offline")
        return await original(*args, **kwargs)

    monkeypatch.setattr(pipeline.deps.catalog, "solutions_for_posts", flaky)
    failed = await executor.advance("t1")
    assert failed is not None and failed.state["pipeline_status"] == "failed"
    assert (await store.get("t1") or {})["status"] == "failed"
    failing["on"] = False
    await store.enqueue("t1", "retry")
    outcome = await executor.advance("t1")
    assert outcome is not None and outcome.waiting_for_human


def test_a_holder_on_this_machine_whose_process_is_gone_is_dead() -> None:
    import socket

    assert holder_is_dead_here(f"server@{socket.gethostname()}:999999999:abc")
    assert not holder_is_dead_here(f"server@{socket.gethostname()}:{__import__('os').getpid()}:abc")
    assert not holder_is_dead_here("worker@other-host:1:abc")
    assert not holder_is_dead_here(None)


async def test_a_finished_run_keeps_only_the_checkpoints_audit_and_the_attempt_diff_read(
    opened_any: tuple[Pipeline, RunStore, Settings],
) -> None:
    from editorial_ai.api.views import load_attempts

    pipeline, store, _ = opened_any
    executor = RunExecutor(pipeline, store, worker_id="w1", lease_s=10)
    await store.enqueue("t1", "start", payload={"curation_input": INPUT})
    gate = await executor.advance("t1")
    assert gate is not None
    content_id = str(gate.state["current_draft_id"])
    await pipeline.claim(content_id, AdminDecision(decision="revision_requested", feedback="shorter"))
    await store.enqueue("t1", "decision")
    second_gate = await executor.advance("t1")
    assert second_gate is not None and second_gate.waiting_for_human
    attempts_before = [(a.number, a.title, a.lines) for a in await load_attempts(pipeline, "t1")]
    before = [s async for s in pipeline.graph.aget_state_history({"configurable": {"thread_id": "t1"}})]
    await pipeline.claim(content_id, AdminDecision(decision="approved"))
    await store.enqueue("t1", "decision")
    done = await executor.advance("t1")
    assert done is not None and done.state["pipeline_status"] == "published"
    after = [s async for s in pipeline.graph.aget_state_history({"configurable": {"thread_id": "t1"}})]
    assert len(after) < len(before) / 2
    assert (await pipeline.outcome("t1")).state["pipeline_status"] == "published"
    assert sum("human_decision" in (s.next or ()) for s in after) == 2  # both gate stops
    attempts_after = [(a.number, a.title, a.lines) for a in await load_attempts(pipeline, "t1")]
    assert [a[0] for a in attempts_after] == [a[0] for a in attempts_before] == [1, 2]
    assert [a[1] for a in attempts_after] == [a[1] for a in attempts_before]


async def test_a_revision_cut_off_mid_run_is_finished_by_another_executor(
    make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    """The issue's killed revise: content left at revision_requested with its claim open. Another executor
    takes the claim over and writes the new draft; the content is back at the gate and decidable."""
    scenario = write_slow_scenario(tmp_path / "scenarios", 150)
    settings = make_settings(f"scripted:{scenario}", EDITORIAL_AI_SCENARIO_DIR=tmp_path / "scenarios")
    async with open_pipeline(settings) as pipeline:
        store = await open_run_store(settings)
        try:
            first = RunExecutor(pipeline, store, worker_id="w1", lease_s=2)
            await store.enqueue("t1", "start", payload={"curation_input": {**INPUT, "model": settings.model}})
            gate = await first.advance("t1")
            assert gate is not None and gate.waiting_for_human
            content_id = str(gate.state["current_draft_id"])
            claim = await pipeline.claim(content_id, AdminDecision(decision="revision_requested", feedback="short"))
            await store.enqueue("t1", "decision")
            lease = await store.acquire("t1", "dead@elsewhere:1:x", 2)
            assert lease is not None
            cut = asyncio.create_task(pipeline.apply(claim))
            await asyncio.sleep(0.6)  # inside the new editorial attempt
            cut.cancel()
            await asyncio.gather(cut, return_exceptions=True)
            content = await pipeline.deps.contents.get(content_id)
            assert content is not None and content.status == "revision_requested" and content.claim_token
            await asyncio.sleep(2.2)  # the dead holder's lease expires
            queued: list[str] = []

            async def requeue(thread_id: str, seq: int, fence: int | None) -> None:
                queued.append(thread_id)

            assert await Sweeper(store, requeue, lease_s=2).sweep_once() == 1
            outcome = await RunExecutor(pipeline, store, worker_id="w2", lease_s=5).advance(queued[0])
            assert outcome is not None and outcome.waiting_for_human
            content = await pipeline.deps.contents.get(content_id)
            assert content is not None and content.status in ("pending", "escalated") and not content.claim_token
            # The editor's revision was drafted (and, when the canned writer repeats its last paragraph, revised again
            # by the review loop): at least one new draft, and still the one decision.
            assert int(outcome.state["draft_version"]) >= 2
            assert [e.decision for e in await pipeline.deps.contents.events(content_id)] == ["revision_requested"]
        finally:
            await store.close()
