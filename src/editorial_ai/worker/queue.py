"""Where work items go: arq over Redis when a broker is configured, else tasks of the server's own process.

Both carry the same item (a thread id) to the same `RunExecutor.advance`, so the embedded default and a team's
API + workers run one code path. Job ids are deterministic (`run:<thread>:<seq>`, plus `:f<fence>` when a dead
holder's lease is taken over), so a re-enqueue of work already waiting in Redis is refused by arq itself.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from editorial_ai.config import ConfigError, Settings

QUEUE_NAME = "editorial_ai:queue"
JOB_FUNCTION = "advance_run"
WORKER_KEY_PREFIX = "editorial_ai:worker:"
# Published after every queued item: idle workers poll at once instead of at their next poll (wake.py).
WAKE_CHANNEL = "editorial_ai:wake"


def wake_channel(url: str) -> str:
    """The wake-up channel of the Redis database in `url`: channels are server-wide, databases are not, so
    deployments sharing a server on different databases do not wake each other's workers."""
    path = url.split("://", 1)[-1].split("?", 1)[0]
    database = path.rsplit("/", 1)[1] if "/" in path else ""
    return f"{WAKE_CHANNEL}:{database or '0'}"
IN_PROGRESS_PREFIX = "arq:in-progress:"


class BrokerUnavailableError(RuntimeError):
    """The broker did not accept a work item; the message names the fix."""


def broker_url(settings: Settings) -> str | None:
    """EDITORIAL_AI_BROKER_URL, else REDIS_URL, else None (embedded mode)."""
    for value in (settings.broker_url, settings.redis_url):
        if value and value.strip():
            url = value.strip()
            if not url.startswith(("redis://", "rediss://", "unix://")):
                raise ConfigError(
                    f"EDITORIAL_AI_BROKER_URL / REDIS_URL must be a redis:// or rediss:// URL, got "
                    f"{url.split(':', 1)[0]}:...; set it to e.g. redis://127.0.0.1:6379/0, or unset "
                    "both to run work inside the server process"
                )
            return url
    return None


def describe_url(url: str) -> str:
    """host:port/db of a Redis URL, without credentials."""
    tail = url.split("://", 1)[-1]
    return tail.rsplit("@", 1)[-1]


def job_id(thread_id: str, seq: int, takeover_fence: int | None = None) -> str:
    return f"run:{thread_id}:{seq}" + (f":f{takeover_fence}" if takeover_fence is not None else "")


class WorkQueue(Protocol):
    mode: str

    async def enqueue(self, thread_id: str, seq: int, *, takeover_fence: int | None = None) -> bool: ...
    async def figures(self) -> dict[str, Any]: ...
    async def ping(self) -> None: ...
    async def close(self) -> None: ...


class EmbeddedQueue:
    """Work items as background tasks of this process (through the server's run manager, for live events)."""

    mode = "embedded"

    def __init__(
        self, launch: Callable[[str, Callable[[], Awaitable[Any]]], bool], advance: Callable[..., Awaitable[Any]]
    ) -> None:
        self._launch, self._advance = launch, advance
        self.enqueued = 0

    async def enqueue(self, thread_id: str, seq: int, *, takeover_fence: int | None = None) -> bool:
        started = time.time()
        self.enqueued += 1
        return self._launch(thread_id, lambda: self._advance(thread_id, enqueued_at=started))

    async def figures(self) -> dict[str, Any]:
        return {"mode": self.mode, "broker": "in-process", "depth": 0, "oldest_waiting_s": None, "workers": 1}

    async def ping(self) -> None:
        return None

    async def close(self) -> None:
        return None


class ArqQueue:
    """arq's Redis queue; the pool is created on first use, so a server starts while Redis is down."""

    mode = "redis"

    def __init__(self, url: str) -> None:
        self.url = url
        self._pool: Any = None

    def _fix(self, exc: BaseException) -> BrokerUnavailableError:
        return BrokerUnavailableError(
            f"the task queue's Redis at {describe_url(self.url)} is unreachable ({type(exc).__name__}: {exc}); "
            "start Redis or fix EDITORIAL_AI_BROKER_URL / REDIS_URL, then try again (nothing was recorded). "
            "Without a broker, unset both to run work inside the server process"
        )

    async def pool(self) -> Any:
        if self._pool is None:
            from arq import create_pool
            from arq.connections import RedisSettings

            settings = RedisSettings.from_dsn(self.url)
            settings.conn_timeout, settings.conn_retries = 2, 0
            try:
                self._pool = await create_pool(settings, default_queue_name=QUEUE_NAME)
            except Exception as exc:  # redis raises connection, timeout and OS errors alike
                raise self._fix(exc) from exc
        return self._pool

    async def ping(self) -> None:
        pool = await self.pool()
        try:
            await pool.ping()
        except Exception as exc:
            raise self._fix(exc) from exc

    async def enqueue(self, thread_id: str, seq: int, *, takeover_fence: int | None = None) -> bool:
        """True when queued, False when an item with that id is already waiting (a duplicate)."""
        pool = await self.pool()
        try:
            job = await pool.enqueue_job(
                JOB_FUNCTION,
                thread_id,
                time.time(),
                _job_id=job_id(thread_id, seq, takeover_fence),
                _queue_name=QUEUE_NAME,
            )
        except Exception as exc:
            raise self._fix(exc) from exc
        if job is not None:
            await self._wake(pool)
        return job is not None

    async def _wake(self, pool: Any) -> None:
        """Tell idle workers an item is waiting. The item is already safe in Redis: a lost message only means
        the workers find it at their next poll, so a failure here is not the caller's failure."""
        with contextlib.suppress(Exception):
            await pool.publish(wake_channel(self.url), b"1")

    async def figures(self) -> dict[str, Any]:
        """Depth (items waiting, not in progress), the oldest waiting item's age, and live workers."""
        pool = await self.pool()
        try:
            return await self._figures(pool)
        except Exception as exc:  # redis raises connection, timeout and OS errors alike
            raise self._fix(exc) from exc

    async def _figures(self, pool: Any) -> dict[str, Any]:
        now_ms = time.time() * 1000
        entries = await pool.zrange(QUEUE_NAME, 0, 999, withscores=True)
        waiting: list[float] = []
        if entries:
            ids = [e[0].decode() if isinstance(e[0], bytes) else str(e[0]) for e in entries]
            flags = await pool.mget([IN_PROGRESS_PREFIX + i for i in ids])
            waiting = [score for (_, score), flag in zip(entries, flags, strict=True) if flag is None]
        workers = [key async for key in pool.scan_iter(match=WORKER_KEY_PREFIX + "*", count=500)]
        due = [s for s in waiting if s <= now_ms]
        oldest = round((now_ms - min(due)) / 1000, 3) if due else None
        return {
            "mode": self.mode,
            "broker": describe_url(self.url),
            "depth": len(waiting),
            "oldest_waiting_s": oldest,
            "workers": len(workers),
        }

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.aclose()
            self._pool = None


def open_queue(
    settings: Settings,
    launch: Callable[[str, Callable[[], Awaitable[Any]]], bool],
    advance: Callable[..., Awaitable[Any]],
) -> WorkQueue:
    """arq when a broker is configured, else the in-process queue."""
    url = broker_url(settings)
    return ArqQueue(url) if url else EmbeddedQueue(launch, advance)
