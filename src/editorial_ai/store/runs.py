"""The run registry: one row per pipeline thread from the moment it is triggered, with its lease.

A lease is the right to execute a thread: `lease_owner`, `lease_expires` (database clock) and a fencing token
`fence` that grows by one at every acquisition. Only a holder whose fence still matches can extend, release or
record anything, so a worker that paused past its expiry and woke up finds it lost the run and stops.
`seq` counts work handed to the thread (trigger, decision, retry); a release that sees a newer `seq` than the
one it started with leaves the run queued, so a decision recorded mid-release is never dropped.
`run_executions` keeps one row per lease taken (worker, start, last heartbeat, end): the audit that no thread
ever ran on two workers at once.

The statements are in store/run_sql.py; the tables come from the versioned migrations, in the same database as the
contents. Open one with `store.factory.open_run_store`.
"""

from __future__ import annotations

import builtins
import json
from dataclasses import dataclass, field
from typing import Any, Literal

from sqlalchemy.sql.expression import Update

from editorial_ai.store.database import Database
from editorial_ai.store.run_sql import ACTIVE as ACTIVE
from editorial_ai.store.run_sql import RunDialect

RunStatus = Literal["queued", "running", "waiting", "done", "failed"]


@dataclass
class Lease:
    """A held lease: the fence proves ownership in every later statement."""

    thread_id: str
    worker: str
    fence: int
    seq: int
    kind: str
    ttl: float
    payload: dict[str, Any] = field(default_factory=dict)
    content_type: str = ""


class RunStore:
    """Run rows and leases over SQLite or PostgreSQL (`Database`), one Core statement per operation."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.sql = RunDialect(db.backend, db.schema)

    async def initialize(self) -> None:
        """Bring the database to the current schema revision (one query when it already is)."""
        await self.db.ensure_schema()

    async def close(self) -> None:
        await self.db.close()

    async def _rows(self, statement: Any, *, durable: bool = False) -> builtins.list[dict[str, Any]]:
        [rows] = await self.db.transaction([statement], durable=durable)
        return rows

    # --- work handed to a thread ----------------------------------------------------------------------

    async def enqueue(
        self,
        thread_id: str,
        kind: str,
        *,
        keyword: str = "",
        content_type: str = "",
        payload: dict[str, Any] | None = None,
    ) -> int:
        """Mark the thread queued with new work (creating its row on first use); returns the new `seq`."""
        statement = self.sql.enqueue(thread_id, kind, keyword, content_type, json.dumps(payload or {}))
        [row] = await self._rows(statement, durable=True)
        return int(row["seq"])

    async def register_new(self, thread_id: str, kind: str, *, keyword: str, content_type: str,
                           payload: dict[str, Any]) -> dict[str, Any] | None:
        """Create the thread's row queued with its first work unless the thread exists. None when this call
        created it; otherwise the existing row's keyword, content type and payload (an idempotent trigger's repeat
        starts nothing and compares its request with the first one). Atomic: of two racing calls one creates."""
        created = await self._rows(self.sql.register_new(thread_id, kind, keyword, content_type, json.dumps(payload)),
                                   durable=True)  # fmt: skip
        if created:
            return None
        rows = await self._rows(self.sql.request(thread_id))
        row: dict[str, Any] = dict(rows[0]) if rows else {"keyword": keyword, "content_type": content_type}
        stored = row.get("payload")
        row["payload"] = json.loads(stored) if isinstance(stored, str) else (stored or {})
        return row

    async def expire(self, thread_id: str, fence: int) -> bool:
        """End a lease whose holder is known dead (its process is gone) without waiting for the expiry."""
        return bool(await self._rows(self.sql.expire(thread_id, fence)))

    async def forget(self, thread_id: str) -> bool:
        """Delete a run that never started (its work item could not be queued): nothing stays half-written."""
        return bool(await self._rows(self.sql.forget(thread_id), durable=True))

    # --- leases -------------------------------------------------------------------------------------

    async def acquire(self, thread_id: str, worker: str, ttl: float) -> Lease | None:
        """Take the thread's lease if it has work and no live holder; None otherwise (nothing changed)."""
        if self.db.backend == "postgresql":  # one round trip: the log row is written from the UPDATE's own result
            taken = await self._rows(self.sql.acquire(thread_id, worker, ttl))
        else:  # one transaction under SQLite's write lock: no other acquirer runs between the two
            statements = [self.sql.take(thread_id, worker, ttl), self.sql.log_taken(thread_id, worker)]
            taken, _ = await self.db.transaction(statements, durable=False)
        if not taken:
            return None
        row = taken[0]
        return Lease(
            thread_id,
            worker,
            int(row["fence"]),
            int(row["seq"]),
            str(row["kind"]),
            ttl,
            json.loads(row["payload"] or "{}"),
            str(row["content_type"] or ""),
        )

    async def heartbeat(self, lease: Lease, node: str | None = None, *, node_only: bool = False) -> bool:
        """Extend the lease (and note the node running now); False when the lease was lost."""
        extend = self.sql.extend(lease.thread_id, lease.fence, lease.worker, lease.ttl, node)
        if node_only:  # a node started: one statement, the execution log's heartbeat waits for the timer
            return bool(await self._rows(extend))
        return bool(await self._both(extend, self.sql.beat(lease.thread_id, lease.fence)))

    async def _both(self, first: Update, second: Update) -> builtins.list[dict[str, Any]]:
        """Two independent writes in one transaction (PostgreSQL: one statement); the first one's rows."""
        if self.db.backend == "postgresql":
            return await self._rows(self.sql.both(first, second))
        rows, _ = await self.db.transaction([first, second], durable=False)
        return rows

    async def release(
        self,
        lease: Lease,
        status: RunStatus,
        *,
        outcome: str,
        error: str | None = None,
        content_id: str | None = None,
        pipeline_status: str | None = None,
        overhead: Any = None,
    ) -> str | None:
        """End the lease: the run's new status (`queued` when newer work arrived meanwhile), None if lost."""
        free = self.sql.free(lease.thread_id, lease.fence, lease.worker, lease.seq, status, error, content_id,
                             pipeline_status)  # fmt: skip
        end = self.sql.end(
            lease.thread_id,
            lease.fence,
            outcome,
            getattr(overhead, "pickup_ms", None),
            (overhead.lease_ms + overhead.heartbeat_ms) if overhead is not None else None,
            getattr(overhead, "heartbeats", 0),
        )
        freed = await self._both(free, end)
        return str(freed[0]["status"]) if freed else None

    # --- reading ------------------------------------------------------------------------------------

    async def get(self, thread_id: str) -> dict[str, Any] | None:
        """One run row, with `now` (database clock) so callers can judge the lease."""
        rows = await self._rows(self.sql.get(thread_id))
        return rows[0] if rows else None

    async def list(
        self, status: str | None = None, limit: int = 20, offset: int = 0
    ) -> tuple[builtins.list[dict[str, Any]], int]:
        """A page of runs, newest first, and the total for the filter."""
        statements = [self.sql.page(status, limit, offset), self.sql.count(status)]
        rows, total = await self.db.transaction(statements, durable=False)
        return rows, int(total[0]["n"])

    async def stale(self, grace_s: float, limit: int = 200) -> builtins.list[dict[str, Any]]:
        """Runs that need a new work item: leased by a holder that stopped heartbeating, or queued and not
        picked up for `grace_s` (their item was lost, or never reached the broker)."""
        return await self._rows(self.sql.stale(grace_s, limit))

    async def executions(self, thread_id: str | None = None) -> builtins.list[dict[str, Any]]:
        """The execution log, oldest first (one row per lease taken)."""
        return await self._rows(self.sql.executions(thread_id))

    async def queue_figures(self) -> dict[str, Any]:
        """Counts per status and the age of the oldest queued run (seconds, database clock)."""
        counts, oldest = await self.db.transaction([self.sql.status_counts(), self.sql.oldest_queued()],
                                                   durable=False)  # fmt: skip
        age = oldest[0]["age"] if oldest else None
        return {
            "counts": {str(r["status"]): int(r["n"]) for r in counts},
            "oldest_queued_s": round(float(age), 3) if age is not None else None,
        }
