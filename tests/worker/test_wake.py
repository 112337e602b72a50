"""Workers start queued items when woken by the enqueue, not at their next poll (local Redis, database 12)."""

from __future__ import annotations

import asyncio
import time

import pytest

from editorial_ai.worker.queue import QUEUE_NAME, ArqQueue, wake_channel
from editorial_ai.worker.wake import WakeableWorker, listen_for_wakeups

# Not the shared test database 15: worker processes of other test modules would take these items.
WAKE_DB = 12
SLOW_POLL_S = 30.0  # far longer than the test waits: an item started in time was started by a wake-up


@pytest.mark.parametrize(
    ("url", "channel"),
    [
        ("redis://127.0.0.1:6379/13", "editorial_ai:wake:13"),
        ("redis://127.0.0.1:6379", "editorial_ai:wake:0"),
        ("rediss://user:pw@cache.internal:6380/2?ssl_cert_reqs=none", "editorial_ai:wake:2"),
    ],
)
def test_each_redis_database_has_its_own_wake_channel(url: str, channel: str) -> None:
    assert wake_channel(url) == channel


async def _wait_for(started: dict[str, float], thread_id: str, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while thread_id not in started and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    return thread_id in started


async def test_an_enqueue_wakes_an_idle_worker_long_before_its_next_poll(redis_url: str) -> None:
    from arq.connections import RedisSettings
    from arq.worker import func

    url = redis_url.rsplit("/", 1)[0] + f"/{WAKE_DB}"
    started: dict[str, float] = {}

    async def advance_run(ctx: dict[str, object], thread_id: str, enqueued_at: float | None = None) -> None:
        started[thread_id] = time.time()

    queue = ArqQueue(url)
    pool = await queue.pool()
    await pool.flushdb()
    worker = WakeableWorker(
        functions=[func(advance_run, name="advance_run")],
        queue_name=QUEUE_NAME,
        redis_settings=RedisSettings.from_dsn(url),
        keep_result=0,
        poll_delay=SLOW_POLL_S,
        handle_signals=False,
    )
    running = asyncio.create_task(worker.async_run())
    listener: asyncio.Task[None] | None = None
    try:
        deadline = time.monotonic() + 10
        while worker._pool is None and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.3)  # past the worker's first poll, into its long sleep
        assert await queue.enqueue("unheard", 1)
        assert not await _wait_for(started, "unheard", 1.0), "nobody listens yet: only the 30 s poll could start it"

        listener = asyncio.create_task(listen_for_wakeups(url, worker))
        await asyncio.sleep(0.3)  # subscribed
        assert await queue.enqueue("woken", 1)
        assert await _wait_for(started, "woken", 3.0)
        assert "unheard" in started  # the same poll found the item that was waiting
        assert worker.wakeups >= 1
    finally:
        if listener is not None:
            listener.cancel()
        running.cancel()
        await asyncio.gather(running, *(t for t in [listener] if t), return_exceptions=True)
        await worker.close()
        await pool.flushdb()
        await queue.close()
