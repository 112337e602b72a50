"""`editorial-ai worker`: an arq worker process that executes work items of any run.

Each process opens the pipeline once (stores, pooled checkpointer, one model copy), announces itself in Redis
every few seconds (`/health` counts live workers from those keys), and runs the sweeper, which sweeps only while
this process holds the leader lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import time
from collections.abc import AsyncIterator
from typing import Any

from redis.exceptions import RedisError

from editorial_ai.config import ConfigError, Settings
from editorial_ai.pipeline.runner import open_pipeline
from editorial_ai.store.factory import open_run_store
from editorial_ai.worker.executor import RunExecutor, new_worker_id
from editorial_ai.worker.queue import JOB_FUNCTION, QUEUE_NAME, WORKER_KEY_PREFIX, ArqQueue, broker_url
from editorial_ai.worker.service import ProgressFanout
from editorial_ai.worker.sweeper import RedisLeader, Sweeper, sweeping

logger = logging.getLogger(__name__)

# A run's duration is bounded by its nodes' own timeouts; arq's job timeout is only a backstop. It is also how
# long arq keeps a dead worker's item in progress before delivering it again (a no-op then: the sweeper has had
# the run finished by another worker within a lease or two).
JOB_TIMEOUT_S = 3600
# arq polls its queue (no blocking pop). Queued items wake the workers at once (wake.py), so the poll is only the
# fallback for a lost wake-up message; every 100 ms keeps an idle worker's Redis reads negligible.
POLL_DELAY_S = 0.1


async def advance_run(ctx: dict[str, Any], thread_id: str, enqueued_at: float | None = None) -> str:
    """The one job function: advance the thread under its lease (arq acks after it returns)."""
    executor: RunExecutor = ctx["executor"]
    outcome = await executor.advance(thread_id, enqueued_at=enqueued_at)
    if outcome is None:
        return "no-op"
    return str(outcome.state.get("pipeline_status"))


async def _announce(queue: ArqQueue, worker_id: str, executor: RunExecutor, concurrency: int, every_s: float) -> None:
    """Presence key with a TTL of three periods: a killed worker disappears from /health on its own."""
    key = WORKER_KEY_PREFIX + worker_id
    started = time.time()
    while True:
        with contextlib.suppress(Exception):
            pool = await queue.pool()
            value = json.dumps(
                {
                    "host": socket.gethostname(),
                    "pid": os.getpid(),
                    "concurrency": concurrency,
                    "running": executor.running,
                    "started_at": started,
                }
            )
            await pool.set(key, value, px=int(every_s * 3000))
        await asyncio.sleep(every_s)


@contextlib.asynccontextmanager
async def _background(*coroutines: Any) -> AsyncIterator[None]:
    tasks = [asyncio.create_task(c) for c in coroutines]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def run_worker(settings: Settings, *, concurrency: int, burst: bool = False) -> int:
    """Run until stopped (SIGINT/SIGTERM: running items are handed back) or, with `burst`, until the queue is
    empty. Returns the number of items completed."""
    url = broker_url(settings)
    if url is None:
        raise ConfigError(
            "`editorial-ai worker` needs a broker: set EDITORIAL_AI_BROKER_URL (or REDIS_URL) to "
            "redis://host:6379/0, the same value as the API server's; without one, `editorial-ai "
            "serve` runs every run in its own process"
        )
    worker_id = new_worker_id("worker")
    queue = ArqQueue(url)
    await queue.ping()
    fanout = ProgressFanout()
    try:
        async with open_pipeline(settings, progress=fanout) as pipeline:
            store = await open_run_store(settings)  # after the pipeline: its stores create the schema
            try:
                executor = RunExecutor(pipeline, store, worker_id=worker_id, lease_s=settings.lease_seconds)
                fanout.hooks.append(executor.progress)
                executor.requeue = lambda thread_id, seq: _requeue(queue, thread_id, seq)
                sweeper = Sweeper(
                    store,
                    lambda t, s, f: queue.enqueue(t, s, takeover_fence=f),
                    lease_s=settings.lease_seconds,
                    leader=RedisLeader(queue.pool, worker_id, settings.lease_seconds),
                )
                logger.info("worker %s: %d concurrent runs, queue %s", worker_id, concurrency, QUEUE_NAME)
                async with _background(_announce(queue, worker_id, executor, concurrency, 2.0)), sweeping(sweeper):
                    return await _consume(url, executor, concurrency=concurrency, burst=burst)
            finally:
                await store.close()
    finally:
        with contextlib.suppress(Exception):
            pool = await queue.pool()
            await pool.delete(WORKER_KEY_PREFIX + worker_id)
        await queue.close()


async def _consume(url: str, executor: RunExecutor, *, concurrency: int, burst: bool) -> int:
    """Run arq's consumer; when Redis goes away, wait and start a new one (running items were handed back
    by their executors, and the sweeper queues them again once the broker answers)."""
    from arq.connections import RedisSettings
    from arq.worker import func

    from editorial_ai.worker.wake import WakeableWorker, listen_for_wakeups

    completed, backoff = 0, 0.5
    while True:
        worker = WakeableWorker(
            functions=[func(advance_run, name=JOB_FUNCTION)],
            queue_name=QUEUE_NAME,
            redis_settings=RedisSettings.from_dsn(url),
            max_jobs=concurrency,
            job_timeout=JOB_TIMEOUT_S,
            keep_result=0,
            poll_delay=POLL_DELAY_S,
            max_tries=1000,
            burst=burst,
            ctx={"executor": executor},
            handle_signals=True,
        )
        listener = asyncio.create_task(listen_for_wakeups(url, worker))
        try:
            await worker.async_run()
            return completed + int(worker.jobs_complete)
        except asyncio.CancelledError:  # SIGINT/SIGTERM: arq cancelled the running items
            return completed + int(worker.jobs_complete)
        except (RedisError, OSError) as exc:
            completed += int(worker.jobs_complete)
            logger.warning("the task queue's Redis is unreachable (%s); reconnecting in %.1f s", exc, backoff)
        finally:
            listener.cancel()
            await asyncio.gather(listener, return_exceptions=True)
            with contextlib.suppress(Exception):
                await worker.close()
        await asyncio.sleep(backoff)
        backoff = min(backoff * 2, 10.0)


async def _requeue(queue: ArqQueue, thread_id: str, seq: int) -> None:
    await queue.enqueue(thread_id, seq)
