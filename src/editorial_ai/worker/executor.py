"""Advance one thread to its next stop under a lease: the single code path of every work item.

A work item only names a thread. What to do is read from durable state, so start, decision, resume and retry
items, and any duplicate of them, all reduce to "take the lease, then advance": no checkpoint yet -> start from
the stored input; an open decision claim -> apply it; a run cut off between nodes -> continue from its last
checkpoint; a retried failure -> run again from the checkpoint before the failing node; waiting at the gate or
finished -> nothing (a duplicate delivery is a no-op).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from editorial_ai.models.status import PipelineStatus, RunState
from editorial_ai.pipeline.runner import NotFoundError, Pipeline, RunOutcome
from editorial_ai.store.runs import Lease, RunStatus, RunStore

logger = logging.getLogger(__name__)

Requeue = Callable[[str, int], Awaitable[None]]
# The run registry shows the node running now; quick nodes in a row are noted once, the latest one.
NODE_NOTE_S = 0.5


def new_worker_id(role: str = "worker") -> str:
    """`role@host:pid:random`: unique per process, and says where to look when a lease is held."""
    return f"{role}@{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"


@dataclass
class _Active:
    lease: Lease
    node: str | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Overhead:
    """What the queue machinery itself cost one execution (milliseconds), for `bench scale`."""

    pickup_ms: float | None = None
    lease_ms: float = 0.0
    heartbeat_ms: float = 0.0
    heartbeats: int = 0


def final_status(outcome: RunOutcome) -> tuple[RunStatus, str | None]:
    """The run registry's status for where the pipeline stopped, and the error to show when it failed."""
    if outcome.waiting_for_human:
        return "waiting", None
    if outcome.state.get("pipeline_status") == PipelineStatus.FAILED:
        errors = outcome.state.get("error_log") or ["the pipeline failed"]
        return "failed", str(errors[-1])[:2000]
    return "done", None


class RunExecutor:
    """Executes work items of any thread; one per process (worker, or the server in embedded mode)."""

    def __init__(
        self, pipeline: Pipeline, store: RunStore, *, worker_id: str, lease_s: float, requeue: Requeue | None = None
    ) -> None:
        self.pipeline, self.store, self.worker_id, self.lease_s = pipeline, store, worker_id, lease_s
        self.requeue = requeue
        self.prune = True  # finished runs keep only the checkpoints audit and the attempt diff read
        self._active: dict[str, _Active] = {}

    @property
    def running(self) -> int:
        """Threads this process executes now."""
        return len(self._active)

    def progress(self, node: str, event: str, payload: dict[str, Any]) -> None:
        """Progress hook: a node starting is written to the run row at once (the run's live state)."""
        active = self._active.get(str(payload.get("thread_id") or ""))
        if active is not None and event == "node_enter":
            active.node = node
            active.wake.set()

    async def advance(self, thread_id: str, *, enqueued_at: float | None = None) -> RunOutcome | None:
        """Take the thread's lease and advance it; None when there is nothing to do or another holder runs it."""
        overhead = Overhead(pickup_ms=(time.time() - enqueued_at) * 1000 if enqueued_at else None)
        started = time.perf_counter()
        lease = await self.store.acquire(thread_id, self.worker_id, self.lease_s)
        overhead.lease_ms += (time.perf_counter() - started) * 1000
        if lease is None:
            logger.info("thread %s: nothing to do or leased elsewhere; work item dropped", thread_id)
            return None
        active = self._active[thread_id] = _Active(lease)
        work = asyncio.create_task(self._work(lease), name=f"run:{thread_id}")
        beat = asyncio.create_task(self._heartbeat(active, work, overhead), name=f"lease:{thread_id}")
        try:
            outcome = await asyncio.shield(work)
        except asyncio.CancelledError:
            if beat.done() and beat.result() is False:  # lease lost: someone else owns the thread now
                logger.warning("thread %s: lease %s lost, stopped without writing further", thread_id, lease.fence)
                return None
            work.cancel()  # this process is stopping: hand the run back at once instead of waiting for expiry
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await work
            await asyncio.shield(self._release(lease, "queued", "interrupted", overhead))
            raise
        except Exception as exc:
            logger.error("thread %s failed: %s: %s", thread_id, type(exc).__name__, exc)
            logger.debug("thread %s failed", thread_id, exc_info=True)
            await self._release(lease, "failed", "error", overhead, error=f"{type(exc).__name__}: {exc}"[:2000])
            raise
        finally:
            beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beat
            self._active.pop(thread_id, None)
        status, error = final_status(outcome)
        await self._release(
            lease,
            status,
            status,
            overhead,
            error=error,
            content_id=outcome.state.get("current_draft_id"),
            pipeline_status=str(outcome.state.get("pipeline_status")),
        )
        if status == RunState.DONE and self.prune:
            await self._prune(thread_id)
        return outcome

    async def _prune(self, thread_id: str) -> None:
        """Drop the finished run's checkpoints that neither the audit nor the attempt diff read (worker/prune.py)."""
        from editorial_ai.store.factory import storage_plan
        from editorial_ai.worker.prune import prune_finished_run

        settings = self.pipeline.deps.settings
        path = None if storage_plan(settings).contents == "postgres" else settings.resolved_checkpoint_path
        try:
            pruned = await prune_finished_run(self.pipeline, thread_id, path)
        except Exception as exc:  # noqa: BLE001 - pruning only saves space; the run itself is done
            logger.warning("thread %s: checkpoints not pruned: %s", thread_id, exc)
            return
        logger.info("thread %s: kept %d checkpoints, deleted %d", thread_id, pruned.kept, pruned.deleted)

    async def _work(self, lease: Lease) -> RunOutcome:
        pipeline = self.pipeline
        try:
            await pipeline.outcome(lease.thread_id)
        except NotFoundError:
            curation_input = lease.payload.get("curation_input")
            if not curation_input:
                raise
            return await pipeline.start(
                curation_input, thread_id=lease.thread_id, content_type=lease.content_type or None
            )
        return await pipeline.advance(lease.thread_id, retry_failed=lease.kind == "retry")

    async def _heartbeat(self, active: _Active, work: asyncio.Task[Any], overhead: Overhead) -> bool:
        """Extend the lease every third of its life, and note each node as it starts (at most one note per
        NODE_NOTE_S, the latest node); cancel the work when the lease turns out lost."""
        lease, loop = active.lease, asyncio.get_running_loop()
        next_beat, last_note, noted = loop.time() + self.lease_s / 3, float("-inf"), None
        while not work.done():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(active.wake.wait(), max(0.0, next_beat - loop.time()))
            active.wake.clear()
            if active.node != noted and loop.time() - last_note < NODE_NOTE_S:
                await asyncio.sleep(NODE_NOTE_S - (loop.time() - last_note))  # coalesce quick nodes
            if work.done():
                break
            timer = loop.time() >= next_beat
            if not timer and active.node == noted:
                continue
            started, node = time.perf_counter(), active.node
            try:
                kept = await self.store.heartbeat(lease, node, node_only=not timer)
            except Exception as exc:  # noqa: BLE001 - a database hiccup: try again; the lease may still hold
                logger.warning("thread %s: heartbeat failed (%s); retrying", lease.thread_id, exc)
                await asyncio.sleep(min(1.0, self.lease_s / 10))
                continue
            overhead.heartbeat_ms += (time.perf_counter() - started) * 1000
            overhead.heartbeats += 1
            noted, last_note = node, loop.time()
            if timer:
                next_beat = loop.time() + self.lease_s / 3
            if not kept:
                work.cancel()
                return False
        return True

    async def _release(
        self,
        lease: Lease,
        status: RunStatus,
        outcome: str,
        overhead: Overhead,
        *,
        error: str | None = None,
        content_id: str | None = None,
        pipeline_status: str | None = None,
    ) -> None:
        started = time.perf_counter()
        now = await self.store.release(
            lease,
            status,
            outcome=outcome,
            error=error,
            content_id=content_id,
            pipeline_status=pipeline_status,
            overhead=overhead,
        )
        overhead.lease_ms += (time.perf_counter() - started) * 1000
        if now is None:
            logger.warning("thread %s: lease %s had expired; another holder took over", lease.thread_id, lease.fence)
        elif now == RunState.QUEUED and status != RunState.QUEUED and self.requeue is not None:
            # New work (a decision) arrived while this lease was held: hand it on now, not at the next sweep.
            row = await self.store.get(lease.thread_id)
            with contextlib.suppress(Exception):
                await self.requeue(lease.thread_id, int(row["seq"]) if row else lease.seq + 1)
