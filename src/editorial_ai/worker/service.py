"""What the API does with runs: register and queue them, hand decisions on, retry, report the queue.

`open_run_service` wires the run registry, the queue (arq when a broker is configured, else in-process), an
executor for work done in this process (embedded runs, inline approvals) and, in embedded mode, the sweeper that
resumes on start-up the runs a previous server left cut off.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.observability.node_wrapper import ProgressHook
from editorial_ai.pipeline.runner import Pipeline, RunOutcome
from editorial_ai.worker.executor import RunExecutor, new_worker_id
from editorial_ai.worker.queue import BrokerUnavailableError, WorkQueue, open_queue
from editorial_ai.worker.runstore import ACTIVE, RunStore, open_run_store
from editorial_ai.worker.sweeper import Sweeper, sweeping

logger = logging.getLogger(__name__)

Launch = Callable[[str, Callable[[], Awaitable[Any]]], bool]


class ProgressFanout:
    """One progress hook that calls several (the server's event channels and the executor's lease notes)."""

    def __init__(self, *hooks: ProgressHook) -> None:
        self.hooks = list(hooks)

    def __call__(self, node: str, event: str, payload: dict[str, Any]) -> None:
        for hook in self.hooks:
            hook(node, event, payload)


class RetryRefused(RuntimeError):
    """The run is not stuck or failed; the message says what it is doing instead."""


@dataclass
class RunService:
    pipeline: Pipeline
    store: RunStore
    queue: WorkQueue
    executor: RunExecutor
    lease_s: float

    async def trigger(self, thread_id: str, curation_input: dict[str, Any], content_type: str) -> None:
        """Register the run (visible at once as queued) and queue its start; on a broker failure the row is
        removed again and BrokerUnavailableError raised, so nothing is left half-written."""
        await self.store.enqueue(
            thread_id,
            "start",
            keyword=str(curation_input.get("seed_keyword") or ""),
            content_type=content_type,
            payload={"curation_input": curation_input},
        )
        try:
            await self.queue.enqueue(thread_id, 1)
        except BrokerUnavailableError:
            await self.store.forget(thread_id)
            raise

    async def decided(self, thread_id: str, *, inline: bool) -> RunOutcome | None:
        """Hand a recorded decision to the run: executed here (approve/reject: no LLM call) or queued (revise).

        An inline execution that cannot take the lease falls back to the queue, as does a queue that is down
        (the sweeper queues the run when the broker is back: the decision is already durable).
        """
        seq = await self.store.enqueue(thread_id, "decision")
        if inline:
            outcome = await self.executor.advance(thread_id)
            if outcome is not None:
                return outcome
        try:
            await self.queue.enqueue(thread_id, seq)
        except BrokerUnavailableError as exc:
            logger.warning("decision on thread %s queued for the sweeper: %s", thread_id, exc)
        return None

    async def requeue(self, thread_id: str, seq: int, takeover_fence: int | None = None) -> None:
        await self.queue.enqueue(thread_id, seq, takeover_fence=takeover_fence)

    async def retry(self, thread_id: str) -> dict[str, Any]:
        """Queue a failed or stuck run again; RetryRefused when it is live, waiting for a human or finished."""
        row = await self.store.get(thread_id)
        if row is None:  # a run from before the registry, or from `editorial-ai run`: judged by its checkpoint
            current = await self.pipeline.outcome(thread_id)  # NotFoundError for a thread nobody ran
            if not current.next_nodes or current.waiting_for_human:
                raise RetryRefused(f"run {thread_id} is not cut off ({current.state.get('pipeline_status')})")
        else:
            _check_retryable(row, self.lease_s)
        await self.queue.ping()  # broker down: 503 before anything is recorded
        seq = await self.store.enqueue(thread_id, "retry")
        takeover = int(row["fence"]) if row and row["status"] == "running" else None
        try:
            await self.queue.enqueue(thread_id, seq, takeover_fence=takeover)
        except BrokerUnavailableError as exc:  # recorded as queued: the sweeper queues it when Redis is back
            logger.warning("retry of thread %s queued for the sweeper: %s", thread_id, exc)
        return await self.store.get(thread_id) or {}

    async def health(self) -> dict[str, Any]:
        figures = await self.queue.figures()
        registry = await self.store.queue_figures()
        return {**figures, "runs": registry["counts"], "oldest_queued_run_s": registry["oldest_queued_s"]}


def _check_retryable(row: dict[str, Any], lease_s: float) -> None:
    status, now = str(row["status"]), float(row["now"])
    expires = row.get("lease_expires")
    if status == "failed":
        return
    if status == "running" and expires is not None and float(expires) >= now:
        raise RetryRefused(
            f"run {row['thread_id']} is running on {row['lease_owner']} (lease valid for "
            f"{float(expires) - now:.0f} s more); wait, or retry after the lease expires"
        )
    if status == "queued" and now - float(row["enqueued_at"]) < lease_s:
        raise RetryRefused(
            f"run {row['thread_id']} was queued {now - float(row['enqueued_at']):.0f} s ago; "
            "give a worker a moment to pick it up"
        )
    if status == "waiting":
        raise RetryRefused(f"run {row['thread_id']} waits for a human decision: approve, reject or revise it")
    if status == "done":
        raise RetryRefused(f"run {row['thread_id']} already finished ({row.get('pipeline_status')})")


def is_active(row: dict[str, Any] | None) -> bool:
    return bool(row and row["status"] in ACTIVE)


@contextlib.asynccontextmanager
async def open_run_service(
    settings: Settings,
    pipeline: Pipeline,
    launch: Launch,
    fanout: ProgressFanout | None = None,
    *,
    role: str = "server",
    sweep: bool = True,
) -> AsyncIterator[RunService]:
    """The run service of a server process (see the module docstring)."""
    store = await open_run_store(settings)
    executor = RunExecutor(pipeline, store, worker_id=new_worker_id(role), lease_s=settings.lease_seconds)
    if fanout is not None:
        fanout.hooks.append(executor.progress)
    queue = open_queue(settings, launch, executor.advance)
    executor.requeue = lambda thread_id, seq: _quiet(queue.enqueue(thread_id, seq))
    service = RunService(pipeline, store, queue, executor, settings.lease_seconds)
    try:
        if queue.mode == "embedded" and sweep:
            sweeper = Sweeper(store, service.requeue, lease_s=settings.lease_seconds)
            with contextlib.suppress(Exception):
                resumed = await sweeper.sweep_once(reap_dead_local=True, grace_s=0)
                if resumed:
                    logger.warning("resuming %d run(s) a previous server left cut off", resumed)
            async with sweeping(sweeper):
                yield service
        else:
            yield service
    finally:
        await queue.close()
        await store.close()


async def _quiet(pending: Awaitable[Any]) -> None:
    try:
        await pending
    except BrokerUnavailableError as exc:
        logger.warning("could not queue follow-up work (the sweeper will): %s", exc)
