"""Pipeline runs executing in this server process, their live node events, and per-content decision locks.

Work reaches it through the run service (worker/service.py): in embedded mode every run executes here; with a
broker only inline approvals do, and runs execute on `editorial-ai worker` processes.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from editorial_ai.api.redact import public_error
from editorial_ai.models.status import PipelineStatus, RunState

if TYPE_CHECKING:
    from editorial_ai.worker.service import RunService

logger = logging.getLogger(__name__)

# The node wrapper's node_complete payload carries no thread id; the task running a thread sets this and
# LangGraph copies the context into the node coroutines, so the progress hook knows which run it serves.
_CURRENT_THREAD: contextvars.ContextVar[str | None] = contextvars.ContextVar("editorial_ai_thread",
                                                                            default=None)

MAX_EVENTS_PER_THREAD = 500
REGISTRY_POLL_S = 0.5  # how often a stream of a run on another process reads its node from the run registry
MAX_THREADS = 256


@dataclass
class Event:
    """One server-sent event: a per-thread increasing id, a name and JSON data."""

    id: int
    name: str
    data: dict[str, Any]


@dataclass
class _Channel:
    events: list[Event] = field(default_factory=list)
    queues: set[asyncio.Queue[Event]] = field(default_factory=set)
    next_id: int = 1
    current_node: str | None = None
    running: bool = False
    error: str | None = None


class RunManager:
    """Owns the asyncio tasks that run pipelines so no request ever waits for an LLM."""

    def __init__(self) -> None:
        self._channels: OrderedDict[str, _Channel] = OrderedDict()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._locks: dict[str, asyncio.Lock] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None
        # The run registry and task queue (worker/service.py), set by the app's lifespan.
        self.service: RunService | None = None

    # --- progress hook -------------------------------------------------------------------------------

    def hook(self, node: str, event: str, payload: dict[str, Any]) -> None:
        """The pipeline's progress hook: node_enter / node_complete -> the thread's subscribers."""
        thread_id = _CURRENT_THREAD.get() or payload.get("thread_id")
        if not thread_id:
            return
        data: dict[str, Any] = {"thread_id": thread_id, "node": node}
        if event == "node_complete":
            models = sorted({u["model_name"] for u in payload.get("token_usage") or [] if u.get("model_name")})
            data.update(status=payload.get("status"), duration_ms=payload.get("duration_ms"),
                        total_tokens=payload.get("total_tokens"), models=models, outcome=payload.get("outcome"),
                        error=public_error(str(payload["error"])) if payload.get("error") else None)
        if self._loop is not None and threading.get_ident() != self._loop_thread:
            # Queues are not thread-safe; a node run in a worker thread hands the event to the loop.
            self._loop.call_soon_threadsafe(self._node_event, thread_id, node, event, data)
        else:
            self._node_event(thread_id, node, event, data)

    def _node_event(self, thread_id: str, node: str, event: str, data: dict[str, Any]) -> None:
        channel = self._channel(thread_id)
        channel.current_node = node if event == "node_enter" else None
        self.publish(thread_id, event, data)

    # --- channels ------------------------------------------------------------------------------------

    def _channel(self, thread_id: str) -> _Channel:
        channel = self._channels.get(thread_id)
        if channel is None:
            channel = self._channels[thread_id] = _Channel()
            self._evict()
        self._channels.move_to_end(thread_id)
        return channel

    def _evict(self) -> None:
        idle = [t for t, c in self._channels.items() if not c.running and not c.queues]
        while len(self._channels) > MAX_THREADS and idle:
            self._channels.pop(idle.pop(0), None)

    def publish(self, thread_id: str, name: str, data: dict[str, Any]) -> None:
        """Append an event to the thread's replay buffer and hand it to every subscriber."""
        channel = self._channel(thread_id)
        event = Event(channel.next_id, name, data)
        channel.next_id += 1
        channel.events.append(event)
        del channel.events[:-MAX_EVENTS_PER_THREAD]
        for queue in channel.queues:
            queue.put_nowait(event)

    def knows(self, thread_id: str) -> bool:
        """True when this server started or watched the thread."""
        return thread_id in self._channels

    def is_running(self, thread_id: str) -> bool:
        """True while a background task works on the thread."""
        channel = self._channels.get(thread_id)
        return bool(channel and channel.running)

    def current_node(self, thread_id: str) -> str | None:
        """The node executing now, if any."""
        channel = self._channels.get(thread_id)
        return channel.current_node if channel else None

    def error(self, thread_id: str) -> str | None:
        """The exception that ended the last background task of the thread, if any."""
        channel = self._channels.get(thread_id)
        return channel.error if channel else None

    def last_event_id(self, thread_id: str) -> int:
        """Id of the newest event (0 when none); pages pass it back to the stream to skip what they show."""
        channel = self._channels.get(thread_id)
        return channel.next_id - 1 if channel else 0

    def running_threads(self) -> list[str]:
        """Threads with a background task, oldest first."""
        return [t for t, c in self._channels.items() if c.running]

    async def active_threads(self, limit: int = 50) -> list[str]:
        """Threads queued or running anywhere (this process, or workers: from the run registry)."""
        threads = self.running_threads()
        if self.service is not None:
            for status in ("running", "queued"):
                rows, _ = await self.service.store.list(status, limit, 0)
                threads += [str(r["thread_id"]) for r in reversed(rows)]
        return list(dict.fromkeys(threads))[:limit]

    async def subscribe(self, thread_id: str, after: int = 0,
                        heartbeat_s: float | None = None) -> AsyncIterator[Event | None]:
        """Events newer than `after`, live, until the current segment's `done` event.

        Yields None after `heartbeat_s` quiet seconds so a stream can send a keep-alive comment.
        """
        channel = self._channel(thread_id)
        queue: asyncio.Queue[Event] = asyncio.Queue()
        for event in channel.events:
            if event.id > after:
                queue.put_nowait(event)
        channel.queues.add(queue)
        try:
            if not channel.running and queue.empty():
                async for remote in self._watch_registry(thread_id, after, heartbeat_s):
                    yield remote
                return
            while True:
                try:
                    event = await asyncio.wait_for(queue.get(), heartbeat_s)
                except TimeoutError:
                    yield None
                    continue
                yield event
                if event.name == "done" and not channel.running:
                    return
        finally:
            channel.queues.discard(queue)

    async def _watch_registry(self, thread_id: str, after: int,
                              heartbeat_s: float | None) -> AsyncIterator[Event | None]:
        """A run executing in another process (a worker): its node as the run registry shows it, polled, until
        it stops; the stream's caller then reports where it stands."""
        if self.service is None:
            return
        loop = asyncio.get_running_loop()
        last_node, next_id, quiet_since = None, after + 1, loop.time()
        while True:
            row = await self.service.store.get(thread_id)
            if row is None or row["status"] not in (RunState.QUEUED, RunState.RUNNING):
                return
            node = row.get("current_node")
            if node and node != last_node:
                last_node, quiet_since = node, loop.time()
                yield Event(next_id, "node_enter", {"thread_id": thread_id, "node": node})
                next_id += 1
            elif heartbeat_s is not None and loop.time() - quiet_since >= heartbeat_s:
                quiet_since = loop.time()
                yield None
            await asyncio.sleep(REGISTRY_POLL_S)

    # --- tasks ---------------------------------------------------------------------------------------

    def launch(self, thread_id: str, work: Callable[[], Awaitable[Any]],
               finish: Callable[[], None] | None = None) -> None:
        """Run `work()` (a pipeline start or resume) as a background task of this thread."""
        if self._loop is None:
            self._loop, self._loop_thread = asyncio.get_running_loop(), threading.get_ident()
        channel = self._channel(thread_id)
        # A resume starts a new segment: replaying the last segment's `done` would end new streams at once.
        channel.events.clear()
        channel.running, channel.error, channel.current_node = True, None, None
        task = asyncio.create_task(self._run(thread_id, work, finish), name=f"pipeline:{thread_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def launch_unless_running(self, thread_id: str, work: Callable[[], Awaitable[Any]]) -> bool:
        """`launch`, unless this process already works on the thread (its holder hands new work on itself)."""
        if self.is_running(thread_id):
            return False
        self.launch(thread_id, work)
        return True

    async def _run(self, thread_id: str, work: Callable[[], Awaitable[Any]],
                   finish: Callable[[], None] | None) -> None:
        _CURRENT_THREAD.set(thread_id)
        channel = self._channel(thread_id)
        done: dict[str, Any] = {"thread_id": thread_id}
        try:
            outcome = await work()
            if outcome is None:  # a work item with nothing left to do: say where the run stands
                outcome = await self._current(thread_id)
            summary = outcome.summary() if hasattr(outcome, "summary") else {}
            done.update(pipeline_status=summary.get("pipeline_status"), content_id=summary.get("content_id"),
                        waiting_for_human=summary.get("waiting_for_human"))
        except asyncio.CancelledError:
            channel.error = "the server stopped while this run was in progress"
            raise
        except Exception as exc:
            # A handled failure: one log line, no traceback (that is for --log-level debug).
            logger.error("background run %s failed: %s: %s", thread_id, type(exc).__name__, exc)
            logger.debug("background run %s failed", thread_id, exc_info=True)
            channel.error = public_error(f"{type(exc).__name__}: {exc}")
            done.update(pipeline_status=PipelineStatus.FAILED.value, error=channel.error)
        finally:
            channel.running, channel.current_node = False, None
            if finish is not None:
                finish()
            self.publish(thread_id, "done", done)

    async def _current(self, thread_id: str) -> Any:
        if self.service is None:
            return None
        try:
            return await self.service.pipeline.outcome(thread_id)
        except LookupError:
            return None

    def lock(self, content_id: str) -> asyncio.Lock:
        """The lock that serializes decisions on one content."""
        return self._locks.setdefault(content_id, asyncio.Lock())

    async def shutdown(self, grace_s: float = 5.0) -> None:
        """Give running tasks a moment, then cancel them (their checkpoints stay resumable)."""
        tasks = list(self._tasks)
        if not tasks:
            return
        _, pending = await asyncio.wait(tasks, timeout=grace_s)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
