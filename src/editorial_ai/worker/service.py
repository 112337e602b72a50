"""What the API does with runs: register and queue them, hand decisions on, retry, report the queue.

`open_run_service` wires the run registry, the queue (arq when a broker is configured, else in-process), an
executor for work done in this process (embedded runs, inline approvals) and, in embedded mode, the sweeper that
resumes on start-up the runs a previous server left cut off.
"""

from __future__ import annotations

import contextlib
import json
import logging
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.models.status import Decision, RunState
from editorial_ai.observability.node_wrapper import ProgressHook
from editorial_ai.pipeline.runner import ConflictError, DecisionClaim, NotFoundError, Pipeline, RunOutcome
from editorial_ai.store.factory import open_run_store
from editorial_ai.store.runs import ACTIVE, RunStore
from editorial_ai.worker.executor import RunExecutor, new_worker_id
from editorial_ai.worker.queue import BrokerUnavailableError, WorkQueue, open_queue
from editorial_ai.worker.run_request import RunRequest
from editorial_ai.worker.sweeper import Sweeper, holder_is_dead_here, sweeping

logger = logging.getLogger(__name__)
# Thread ids of idempotent triggers are derived from the key, so every process maps a key to the same run.
_IDEMPOTENCY_NAMESPACE = uuid.UUID("8d4e0c55-3f5e-4d0e-9a43-4b8f5d0b7c21")
MAX_IDEMPOTENCY_KEY = 200


class IdempotencyConflict(ValueError):
    """An idempotency key reused for a different request; the message names the run it started."""


def check_idempotency_key(key: str) -> str:
    """A usable key: 1-200 printable ASCII characters, no spaces around it; ValueError naming the rule."""
    if not (0 < len(key) <= MAX_IDEMPOTENCY_KEY) or not key.isascii() or not key.isprintable() or key != key.strip():
        raise ValueError(f"an idempotency key must be 1-{MAX_IDEMPOTENCY_KEY} printable ASCII characters without "
                         "surrounding spaces (a UUID is a good one)")
    return key


def idempotent_thread_id(key: str) -> str:
    """The thread id a trigger with this idempotency key runs under."""
    return str(uuid.uuid5(_IDEMPOTENCY_NAMESPACE, check_idempotency_key(key)))

Launch = Callable[[str, Callable[[], Awaitable[Any]]], bool]


class ProgressFanout:
    """One progress hook that calls several (the server's event channels and the executor's lease notes)."""

    def __init__(self, *hooks: ProgressHook) -> None:
        self.hooks = list(hooks)

    def __call__(self, node: str, event: str, payload: dict[str, Any]) -> None:
        for hook in self.hooks:
            hook(node, event, payload)


class RunInProgress(ConflictError):
    """A decision arrived while the content's run is still queued or running (not yet at the gate)."""


class RetryRefused(RuntimeError):
    """The run is not stuck or failed; the message says what it is doing instead."""


@dataclass
class RunService:
    pipeline: Pipeline
    store: RunStore
    queue: WorkQueue
    executor: RunExecutor
    lease_s: float

    async def start(self, request: RunRequest, *, inline: bool = False,
                    thread_id: str | None = None) -> tuple[str, RunOutcome | None]:
        """Register a run (visible at once as queued in the run registry) and start it: queued for a worker, or
        with `inline` executed here under its lease, as `editorial-ai run` does. `request` must be resolved
        (`RunRequest.resolved`). Returns the thread id and, inline, where the run stopped.

        A queued start whose broker is down is removed again and BrokerUnavailableError raised, so nothing is
        left half-written. An inline start never touches the broker: the embedded default needs no Redis.
        """
        if request.model is None or request.content_type is None:
            raise ValueError("RunService.start needs a resolved RunRequest (call RunRequest.resolved first)")
        thread_id = thread_id or str(uuid.uuid4())
        await self.store.enqueue(
            thread_id,
            "start",
            keyword=request.seed_keyword,
            content_type=request.content_type,
            payload={"curation_input": request.curation_input()},
        )
        return await self._launch(thread_id, inline)

    async def start_once(self, request: RunRequest, idempotency_key: str, *,
                         inline: bool = False) -> tuple[str, RunOutcome | None, bool]:
        """`start` under a client's idempotency key: the first call registers and starts the run, any repeat of
        the key (a retry after a lost response, a second process) returns the same thread id and starts nothing.
        Returns (thread id, outcome when run inline here, whether this was a repeat). IdempotencyConflict when
        the key was used for a different request."""
        if request.model is None or request.content_type is None:
            raise ValueError("RunService.start_once needs a resolved RunRequest (call RunRequest.resolved first)")
        thread_id = idempotent_thread_id(idempotency_key)
        payload = json.loads(json.dumps({"curation_input": request.curation_input()}))
        existing = await self.store.register_new(thread_id, "start", keyword=request.seed_keyword,
                                                 content_type=request.content_type, payload=payload)
        if existing is not None:
            if existing["payload"] != payload or existing["content_type"] != request.content_type:
                raise IdempotencyConflict(
                    f"Idempotency-Key {idempotency_key!r} already started run {thread_id} with another request")
            return thread_id, None, True
        started, outcome = await self._launch(thread_id, inline)
        return started, outcome, False

    async def _launch(self, thread_id: str, inline: bool) -> tuple[str, RunOutcome | None]:
        """Execute a registered start here (inline) or hand it to the queue (removed again if the broker is down)."""
        if inline:
            outcome = await self.executor.advance(thread_id)
            # None: another holder took the fresh lease first (a sweeper); it runs the thread, report where it is.
            return thread_id, outcome if outcome is not None else await self.pipeline.outcome(thread_id)
        try:
            await self.queue.enqueue(thread_id, 1)
        except BrokerUnavailableError:
            await self.store.forget(thread_id)
            raise
        return thread_id, None

    async def claim(self, content_id: str, decision: AdminDecision) -> DecisionClaim:
        """Record a human decision on content whose run stopped at the gate (API, admin UI and CLI alike).

        NotFoundError for unknown content; RunInProgress while its run is still queued or running; ConflictError
        when the content no longer awaits a decision. An approval is refused (ValueError): resuming the run with it
        would publish, and approving never publishes. Approve with `publishing.approve` (the run stays paused) and
        publish with `publishing.claim_publication`, a step of its own.
        """
        if decision.decision == Decision.APPROVED:
            raise ValueError("an approval does not resume the run (it would publish): approve with "
                             "publishing.approve, then publish with publishing.claim_publication")
        content = await self.pipeline.deps.contents.get(content_id)
        if content is None:
            raise NotFoundError(f"no content with id {content_id!r}; see `editorial-ai contents list`")
        if is_active(await self.store.get(content.thread_id)):
            raise RunInProgress(f"the run of content {content_id} is still in progress")
        return await self.pipeline.claim(content_id, decision)

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

    async def continue_here(self, thread_id: str) -> RunOutcome:
        """Continue a run that was cut off, in this process under its lease (`editorial-ai resume`).

        A lease still held by a process of this machine that no longer exists is ended first; one held by a live
        process is left alone (ConflictError naming the holder), as are runs at the gate or finished.
        """
        row = await self.store.get(thread_id)
        current = await self.pipeline.outcome(thread_id)  # NotFoundError for a thread nobody ran
        if row is not None and row["status"] == RunState.RUNNING and float(row.get("lease_expires") or 0) >= row["now"]:
            if not holder_is_dead_here(row.get("lease_owner")):
                raise ConflictError(f"run {thread_id} is running on {row['lease_owner']}; follow it with "
                                    "`editorial-ai runs list`, or retry it once its lease expires")
            await self.store.expire(thread_id, int(row["fence"]))
        content = await self.pipeline.deps.contents.get_by_thread(thread_id)
        if not (content is not None and content.claim_token):  # an unfinished decision always goes on
            if current.waiting_for_human:
                raise ConflictError(f"run {thread_id} waits for a human decision: use approve, reject or revise")
            if not current.next_nodes:
                raise ConflictError(f"run {thread_id} already finished ({current.state.get('pipeline_status')})")
        await self.store.enqueue(thread_id, "resume", keyword=str((current.state.get("curation_input") or {}).get(
            "seed_keyword") or ""), content_type=str(current.state.get("content_type") or ""))
        outcome = await self.executor.advance(thread_id)
        if outcome is None:
            raise ConflictError(f"another process took run {thread_id} over first; follow it with "
                                "`editorial-ai runs list`")
        return outcome

    async def requeue(self, thread_id: str, seq: int, takeover_fence: int | None = None) -> None:
        await self.queue.enqueue(thread_id, seq, takeover_fence=takeover_fence)

    async def retry(self, thread_id: str) -> dict[str, Any]:
        """Queue a failed or stuck run again; RetryRefused when it is live, waiting for a human or finished."""
        row = await self.store.get(thread_id)
        if row is None:  # a run from before the registry: judged by its checkpoint
            current = await self.pipeline.outcome(thread_id)  # NotFoundError for a thread nobody ran
            if not current.next_nodes or current.waiting_for_human:
                raise RetryRefused(f"run {thread_id} is not cut off ({current.state.get('pipeline_status')})")
        else:
            _check_retryable(row, self.lease_s)
        await self.queue.ping()  # broker down: 503 before anything is recorded
        seq = await self.store.enqueue(thread_id, "retry")
        takeover = int(row["fence"]) if row and row["status"] == RunState.RUNNING else None
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
    if status == RunState.FAILED:
        return
    if status == RunState.RUNNING and expires is not None and float(expires) >= now:
        raise RetryRefused(
            f"run {row['thread_id']} is running on {row['lease_owner']} (lease valid for "
            f"{float(expires) - now:.0f} s more); wait, or retry after the lease expires"
        )
    if status == RunState.QUEUED and now - float(row["enqueued_at"]) < lease_s:
        raise RetryRefused(
            f"run {row['thread_id']} was queued {now - float(row['enqueued_at']):.0f} s ago; "
            "give a worker a moment to pick it up"
        )
    if status == RunState.WAITING:
        raise RetryRefused(f"run {row['thread_id']} waits for a human decision: approve, reject or revise it")
    if status == RunState.DONE:
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
