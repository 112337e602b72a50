"""The run registry: one row per pipeline thread from the moment it is triggered, with its lease.

A lease is the right to execute a thread: `lease_owner`, `lease_expires` (database clock) and a fencing token
`fence` that grows by one at every acquisition. Only a holder whose fence still matches can extend, release or
record anything, so a worker that paused past its expiry and woke up finds it lost the run and stops.
`seq` counts work handed to the thread (trigger, decision, retry); a release that sees a newer `seq` than the
one it started with leaves the run queued, so a decision recorded mid-release is never dropped.
`run_executions` keeps one row per lease taken (worker, start, last heartbeat, end): the audit that no thread
ever ran on two workers at once.
"""

from __future__ import annotations

import builtins
import json
from dataclasses import dataclass, field
from typing import Any, Literal

from editorial_ai.config import Settings
from editorial_ai.store.database import Database, PostgresDatabase, SqliteDatabase
from editorial_ai.worker.runstore_schema import DDL, RUN_COLUMNS

RunStatus = Literal["queued", "running", "waiting", "done", "failed"]
ACTIVE: tuple[str, ...] = ("queued", "running")


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
    """Run rows and leases over SQLite or PostgreSQL (same statements, `{p}` the schema prefix)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.p = db.prefix
        self.pg = isinstance(db, PostgresDatabase)

    def _q(self, statement: str) -> str:
        return statement.replace("{p}", self.p)

    async def initialize(self) -> None:
        """Create the tables when missing (PostgreSQL: under an advisory lock, so workers starting together
        never race on CREATE)."""
        steps: builtins.list[tuple[str, dict[str, Any]]] = [(self._q(ddl), {}) for ddl in DDL]
        if isinstance(self.db, PostgresDatabase):
            steps.insert(
                0, ("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))", {"key": f"editorial_ai:runs:{self.p}"})
            )
        await self.db.transaction(steps)

    async def close(self) -> None:
        await self.db.close()

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
        statement = self._q(
            "INSERT INTO {p}pipeline_runs AS r (thread_id, status, kind, keyword, content_type, payload, created_at,"
            " updated_at, enqueued_at, seq) VALUES (:thread_id, 'queued', :kind, :keyword, :content_type, :payload,"
            " {now}, {now}, {now}, 1) ON CONFLICT (thread_id) DO UPDATE SET status = 'queued', kind = :kind,"
            " seq = r.seq + 1, enqueued_at = {now}, updated_at = {now}, error = NULL RETURNING seq"
        )
        params = {
            "thread_id": thread_id,
            "kind": kind,
            "keyword": keyword,
            "content_type": content_type,
            "payload": json.dumps(payload or {}),
        }
        [[row]] = await self.db.transaction([(statement, params)])
        return int(row["seq"])

    async def register_new(self, thread_id: str, kind: str, *, keyword: str, content_type: str,
                           payload: dict[str, Any]) -> dict[str, Any] | None:
        """Create the thread's row queued with its first work unless the thread exists. None when this call
        created it; otherwise the existing row's keyword, content type and payload (an idempotent trigger's repeat
        starts nothing and compares its request with the first one). Atomic: of two racing calls one creates."""
        insert = self._q(
            "INSERT INTO {p}pipeline_runs (thread_id, status, kind, keyword, content_type, payload, created_at,"
            " updated_at, enqueued_at, seq) VALUES (:thread_id, 'queued', :kind, :keyword, :content_type, :payload,"
            " {now}, {now}, {now}, 1) ON CONFLICT (thread_id) DO NOTHING RETURNING seq"
        )
        params = {"thread_id": thread_id, "kind": kind, "keyword": keyword, "content_type": content_type,
                  "payload": json.dumps(payload)}
        [created] = await self.db.transaction([(insert, params)])
        if created:
            return None
        read = self._q("SELECT keyword, content_type, payload FROM {p}pipeline_runs WHERE thread_id = :thread_id")
        [rows] = await self.db.transaction([(read, {"thread_id": thread_id})], durable=False)
        row: dict[str, Any] = dict(rows[0]) if rows else {"keyword": keyword, "content_type": content_type}
        stored = row.get("payload")
        row["payload"] = json.loads(stored) if isinstance(stored, str) else (stored or {})
        return row

    async def expire(self, thread_id: str, fence: int) -> bool:
        """End a lease whose holder is known dead (its process is gone) without waiting for the expiry."""
        statement = self._q(
            "UPDATE {p}pipeline_runs SET lease_expires = 0 WHERE thread_id = :thread_id"
            " AND fence = :fence AND status = 'running' RETURNING fence"
        )
        [rows] = await self.db.transaction([(statement, {"thread_id": thread_id, "fence": fence})], durable=False)
        return bool(rows)

    async def forget(self, thread_id: str) -> bool:
        """Delete a run that never started (its work item could not be queued): nothing stays half-written."""
        statement = self._q(
            "DELETE FROM {p}pipeline_runs WHERE thread_id = :thread_id AND fence = 0 RETURNING thread_id"
        )
        [rows] = await self.db.transaction([(statement, {"thread_id": thread_id})])
        return bool(rows)

    # --- leases -------------------------------------------------------------------------------------

    async def acquire(self, thread_id: str, worker: str, ttl: float) -> Lease | None:
        """Take the thread's lease if it has work and no live holder; None otherwise (nothing changed)."""
        take = self._q(
            "UPDATE {p}pipeline_runs SET lease_owner = :worker, lease_expires = {now} + :ttl, fence = fence + 1,"
            " attempts = attempts + 1, status = 'running', updated_at = {now}, error = NULL"
            " WHERE thread_id = :thread_id AND status IN ('queued', 'running')"
            " AND (lease_owner IS NULL OR lease_expires < {now}) RETURNING fence, seq, kind, payload, content_type"
        )
        log = self._q(
            "INSERT INTO {p}run_executions (thread_id, fence, worker, kind, started_at, heartbeat_at)"
            " SELECT thread_id, fence, lease_owner, kind, {now}, {now} FROM {p}pipeline_runs"
            " WHERE thread_id = :thread_id AND lease_owner = :worker ON CONFLICT (thread_id, fence) DO NOTHING"
        )
        params = {"thread_id": thread_id, "worker": worker, "ttl": ttl}
        if self.pg:  # one round trip: the log row is written from the UPDATE's own result
            one = self._q(
                f"WITH taken AS ({take}, thread_id, lease_owner), logged AS (INSERT INTO {{p}}run_executions"
                " (thread_id, fence, worker, kind, started_at, heartbeat_at) SELECT thread_id, fence, lease_owner,"
                " kind, {now}, {now} FROM taken ON CONFLICT (thread_id, fence) DO NOTHING)"
                " SELECT fence, seq, kind, payload, content_type FROM taken"
            )
            [taken] = await self.db.transaction([(one, params)], durable=False)
        else:
            taken, _ = await self.db.transaction([(take, params), (log, params)], durable=False)
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
        extend = self._q(
            "UPDATE {p}pipeline_runs SET lease_expires = {now} + :ttl, current_node = :node, updated_at = {now}"
            " WHERE thread_id = :thread_id AND fence = :fence AND lease_owner = :worker RETURNING fence"
        )
        beat = self._q(
            "UPDATE {p}run_executions SET heartbeat_at = {now} WHERE thread_id = :thread_id"
            " AND fence = :fence AND ended_at IS NULL"
        )
        params = {
            "thread_id": lease.thread_id,
            "fence": lease.fence,
            "worker": lease.worker,
            "ttl": lease.ttl,
            "node": node,
        }
        if node_only:  # a node started: one statement, the execution log's heartbeat waits for the timer
            [extended] = await self.db.transaction([(extend, params)], durable=False)
        else:
            extended = await self._both(extend, beat, params)
        return bool(extended)

    async def _both(self, first: str, second: str, params: dict[str, Any]) -> builtins.list[dict[str, Any]]:
        """Two independent writes in one transaction (PostgreSQL: one statement); the first one's rows."""
        if self.pg:
            both = f"WITH a AS ({first}), b AS ({second}) SELECT * FROM a"
            [rows] = await self.db.transaction([(both, params)], durable=False)
            return rows
        rows, _ = await self.db.transaction([(first, params), (second, params)], durable=False)
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
        free = self._q(
            "UPDATE {p}pipeline_runs SET lease_owner = NULL, lease_expires = NULL, current_node = NULL,"
            " updated_at = {now}, status = CASE WHEN seq = :seq THEN :status ELSE 'queued' END,"
            " enqueued_at = CASE WHEN seq = :seq THEN enqueued_at ELSE {now} END, error = :error,"
            " content_id = COALESCE(:content_id, content_id),"
            " pipeline_status = COALESCE(:pipeline_status, pipeline_status)"
            " WHERE thread_id = :thread_id AND fence = :fence AND lease_owner = :worker RETURNING status"
        )
        end = self._q(
            "UPDATE {p}run_executions SET ended_at = {now}, outcome = :outcome, pickup_ms = :pickup_ms,"
            " overhead_ms = :overhead_ms, heartbeats = :heartbeats"
            " WHERE thread_id = :thread_id AND fence = :fence"
        )
        params = {
            "thread_id": lease.thread_id,
            "fence": lease.fence,
            "worker": lease.worker,
            "seq": lease.seq,
            "status": status,
            "error": error,
            "content_id": content_id,
            "pipeline_status": pipeline_status,
            "outcome": outcome,
            "pickup_ms": getattr(overhead, "pickup_ms", None),
            "overhead_ms": (overhead.lease_ms + overhead.heartbeat_ms) if overhead is not None else None,
            "heartbeats": getattr(overhead, "heartbeats", 0),
        }
        freed = await self._both(free, end, params)
        return str(freed[0]["status"]) if freed else None

    # --- reading ------------------------------------------------------------------------------------

    async def get(self, thread_id: str) -> dict[str, Any] | None:
        """One run row, with `now` (database clock) so callers can judge the lease."""
        statement = self._q(
            f"SELECT {RUN_COLUMNS}, {{now}} AS now FROM {{p}}pipeline_runs WHERE thread_id = :thread_id"
        )
        [rows] = await self.db.transaction([(statement, {"thread_id": thread_id})], durable=False)
        return rows[0] if rows else None

    async def list(
        self, status: str | None = None, limit: int = 20, offset: int = 0
    ) -> tuple[builtins.list[dict[str, Any]], int]:
        """A page of runs, newest first, and the total for the filter."""
        where = "WHERE status = :status" if status else ""
        params = {"status": status, "limit": limit, "offset": offset}
        rows, total = await self.db.transaction(
            [
                (
                    self._q(
                        f"SELECT {RUN_COLUMNS}, {{now}} AS now FROM {{p}}pipeline_runs {where}"
                        " ORDER BY created_at DESC, thread_id LIMIT :limit OFFSET :offset"
                    ),
                    params,
                ),
                (self._q(f"SELECT COUNT(*) AS n FROM {{p}}pipeline_runs {where}"), params),
            ],
            durable=False,
        )
        return rows, int(total[0]["n"])

    async def stale(self, grace_s: float, limit: int = 200) -> builtins.list[dict[str, Any]]:
        """Runs that need a new work item: leased by a holder that stopped heartbeating, or queued and not
        picked up for `grace_s` (their item was lost, or never reached the broker)."""
        statement = self._q(
            "SELECT thread_id, status, seq, fence, lease_owner FROM {p}pipeline_runs"
            " WHERE (status = 'running' AND (lease_expires IS NULL OR lease_expires < {now}))"
            " OR (status = 'queued' AND lease_owner IS NULL AND enqueued_at < {now} - :grace)"
            " ORDER BY enqueued_at LIMIT :limit"
        )
        [rows] = await self.db.transaction([(statement, {"grace": grace_s, "limit": limit})], durable=False)
        return rows

    async def executions(self, thread_id: str | None = None) -> builtins.list[dict[str, Any]]:
        """The execution log, oldest first (one row per lease taken)."""
        where = "WHERE thread_id = :thread_id" if thread_id else ""
        statement = self._q(
            "SELECT thread_id, fence, worker, kind, started_at, heartbeat_at, ended_at, outcome,"
            f" pickup_ms, overhead_ms, heartbeats FROM {{p}}run_executions {where}"
            " ORDER BY started_at, fence"
        )
        [rows] = await self.db.transaction([(statement, {"thread_id": thread_id})], durable=False)
        return rows

    async def queue_figures(self) -> dict[str, Any]:
        """Counts per status and the age of the oldest queued run (seconds, database clock)."""
        counts, oldest = await self.db.transaction(
            [
                (self._q("SELECT status, COUNT(*) AS n FROM {p}pipeline_runs GROUP BY status"), {}),
                (self._q("SELECT {now} - MIN(enqueued_at) AS age FROM {p}pipeline_runs WHERE status = 'queued'"), {}),
            ],
            durable=False,
        )
        age = oldest[0]["age"] if oldest else None
        return {
            "counts": {str(r["status"]): int(r["n"]) for r in counts},
            "oldest_queued_s": round(float(age), 3) if age is not None else None,
        }


async def open_run_store(settings: Settings) -> RunStore:
    """The run registry next to the contents (PostgreSQL when the contents are there, else SQLite)."""
    from editorial_ai.store.factory import storage_plan

    plan = storage_plan(settings)
    db: Database
    if plan.contents == "postgres" and plan.database_url:
        pg = PostgresDatabase(plan.database_url, plan.schema)
        await pg.open()
        db = pg
    else:
        settings.resolved_db_path.parent.mkdir(parents=True, exist_ok=True)
        db = SqliteDatabase(settings.resolved_db_path)
    store = RunStore(db)
    await store.initialize()
    return store
