"""Recovery: find runs whose holder vanished (or whose work item never arrived) and queue them again.

Every worker runs a sweeper; one of them at a time sweeps (leader by a Redis lock with expiry), so N workers do
not scan the registry N times. A double sweep would still be harmless: re-enqueued items carry deterministic job
ids and the lease lets only one executor run a thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from typing import Any

from editorial_ai.models.status import RunState
from editorial_ai.store.runs import RunStore

logger = logging.getLogger(__name__)

LEADER_KEY = "editorial_ai:sweeper"
Requeue = Callable[[str, int, int | None], Awaitable[Any]]


def holder_is_dead_here(owner: str | None) -> bool:
    """True when the lease holder was a process on this machine that no longer exists."""
    if not owner or "@" not in owner:
        return False
    host, _, rest = owner.split("@", 1)[1].partition(":")
    pid = rest.split(":", 1)[0]
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


class RedisLeader:
    """A leader lock in Redis: SET NX PX, renewed by its holder every sweep."""

    def __init__(self, pool_factory: Callable[[], Awaitable[Any]], me: str, ttl_s: float) -> None:
        self._pool, self.me, self.ttl_ms = pool_factory, me, int(ttl_s * 1000)

    async def is_leader(self) -> bool:
        pool = await self._pool()
        if await pool.set(LEADER_KEY, self.me, nx=True, px=self.ttl_ms):
            return True
        holder = await pool.get(LEADER_KEY)
        if holder is not None and (holder.decode() if isinstance(holder, bytes) else holder) == self.me:
            await pool.pexpire(LEADER_KEY, self.ttl_ms)
            return True
        return False


class Sweeper:
    """Periodically re-enqueues stale runs; `sweep_once` is the unit tests and start-up call."""

    def __init__(self, store: RunStore, requeue: Requeue, *, lease_s: float, leader: RedisLeader | None = None) -> None:
        self.store, self.requeue, self.lease_s, self.leader = store, requeue, lease_s, leader
        self.interval_s = max(1.0, lease_s / 2)
        self.requeued = 0

    async def sweep_once(self, *, reap_dead_local: bool = False, grace_s: float | None = None) -> int:
        """Queue every stale run once; with `reap_dead_local`, leases of dead processes on this machine first.

        `grace_s` (default two leases) is how long a queued run may wait before it counts as forgotten; a server
        starting in embedded mode passes 0: nothing else would ever pick up what its predecessor left queued."""
        if reap_dead_local:
            rows, _ = await self.store.list("running", limit=500)
            for row in rows:
                if holder_is_dead_here(row.get("lease_owner")):
                    await self.store.expire(str(row["thread_id"]), int(row["fence"]))
        count = 0
        for row in await self.store.stale(grace_s=self.lease_s * 2 if grace_s is None else grace_s):
            takeover = int(row["fence"]) if row["status"] == RunState.RUNNING else None
            try:
                await self.requeue(str(row["thread_id"]), int(row["seq"]), takeover)
            except Exception as exc:  # noqa: BLE001 - broker down: the next sweep tries again
                logger.warning("sweeper could not queue thread %s: %s", row["thread_id"], exc)
                break
            count += 1
            logger.info("sweeper queued thread %s again (%s, fence %s)", row["thread_id"], row["status"], row["fence"])
        self.requeued += count
        return count

    async def run_forever(self) -> None:
        while True:
            try:
                if self.leader is None or await self.leader.is_leader():
                    await self.sweep_once()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - keep sweeping after a database or broker hiccup
                logger.warning("sweep failed: %s", exc)
            await asyncio.sleep(self.interval_s)


@contextlib.asynccontextmanager
async def sweeping(sweeper: Sweeper) -> Any:
    """Run the sweeper in the background for the life of the block."""
    task = asyncio.create_task(sweeper.run_forever(), name="sweeper")
    try:
        yield sweeper
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
