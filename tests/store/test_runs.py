"""The run registry's leases on SQLite and PostgreSQL: one holder, fencing, expiry, new work during a lease."""

from __future__ import annotations

import asyncio

from editorial_ai.store.runs import RunStore


async def test_a_triggered_run_is_visible_as_queued_before_any_worker(runs: RunStore) -> None:
    seq = await runs.enqueue(
        "t1",
        "start",
        keyword="Jennie Effect",
        content_type="fashion_magazine",
        payload={"curation_input": {"seed_keyword": "Jennie Effect"}},
    )
    row = await runs.get("t1")
    assert seq == 1
    assert row is not None and row["status"] == "queued" and row["keyword"] == "Jennie Effect"
    items, total = await runs.list()
    assert total == 1 and items[0]["thread_id"] == "t1"


async def test_only_one_of_many_concurrent_acquirers_gets_the_lease(runs: RunStore) -> None:
    await runs.enqueue("t1", "start")
    leases = await asyncio.gather(*(runs.acquire("t1", f"w{i}", 30) for i in range(8)))
    winners = [lease for lease in leases if lease is not None]
    assert len(winners) == 1 and winners[0].fence == 1
    executions = await runs.executions("t1")
    assert [(e["worker"], e["fence"]) for e in executions] == [(winners[0].worker, 1)]


async def test_an_expired_lease_is_taken_over_and_the_old_holder_is_fenced_out(runs: RunStore) -> None:
    await runs.enqueue("t1", "start")
    first = await runs.acquire("t1", "w1", 30)
    assert first is not None
    assert await runs.acquire("t1", "w2", 30) is None  # live holder
    assert await runs.expire("t1", first.fence)
    stale = await runs.stale(grace_s=60)
    assert [(r["thread_id"], r["status"]) for r in stale] == [("t1", "running")]
    second = await runs.acquire("t1", "w2", 30)
    assert second is not None and second.fence == first.fence + 1
    # The old holder wakes up: it can neither extend nor release what is no longer its lease.
    assert await runs.heartbeat(first, "editorial") is False
    assert await runs.release(first, "waiting", outcome="waiting") is None
    assert await runs.heartbeat(second, "review") is True
    assert (await runs.get("t1") or {})["current_node"] == "review"
    assert await runs.release(second, "waiting", outcome="waiting") == "waiting"
    row = await runs.get("t1") or {}
    assert row["status"] == "waiting" and row["lease_owner"] is None and row["attempts"] == 2


async def test_work_arriving_during_a_lease_leaves_the_run_queued_at_release(runs: RunStore) -> None:
    await runs.enqueue("t1", "start")
    lease = await runs.acquire("t1", "w1", 30)
    assert lease is not None
    assert await runs.enqueue("t1", "decision") == 2  # e.g. a decision recorded while the holder finishes
    assert await runs.release(lease, "waiting", outcome="waiting") == "queued"
    again = await runs.acquire("t1", "w1", 30)
    assert again is not None and again.seq == 2 and again.kind == "decision"


async def test_a_finished_run_cannot_be_leased_again(runs: RunStore) -> None:
    await runs.enqueue("t1", "start")
    lease = await runs.acquire("t1", "w1", 30)
    assert lease is not None
    await runs.release(lease, "done", outcome="done")
    assert await runs.acquire("t1", "w2", 30) is None  # a duplicate delivery finds nothing to do
    assert await runs.stale(grace_s=0) == []


async def test_a_run_never_picked_up_is_stale_after_the_grace(runs: RunStore) -> None:
    await runs.enqueue("t1", "start")
    assert await runs.stale(grace_s=60) == []
    assert [r["thread_id"] for r in await runs.stale(grace_s=-1)] == ["t1"]


async def test_forget_removes_only_runs_that_never_started(runs: RunStore) -> None:
    await runs.enqueue("t1", "start")
    await runs.enqueue("t2", "start")
    assert await runs.acquire("t2", "w1", 30) is not None
    assert await runs.forget("t1") is True
    assert await runs.forget("t2") is False
    assert await runs.get("t1") is None and await runs.get("t2") is not None


async def test_queue_figures_count_statuses_and_the_oldest_queued(runs: RunStore) -> None:
    await runs.enqueue("t1", "start")
    await runs.enqueue("t2", "start")
    lease = await runs.acquire("t2", "w1", 30)
    assert lease is not None
    figures = await runs.queue_figures()
    assert figures["counts"] == {"queued": 1, "running": 1}
    assert figures["oldest_queued_s"] is not None and figures["oldest_queued_s"] >= 0
