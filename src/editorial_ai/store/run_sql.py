"""The run registry's statements, written once in SQLAlchemy Core and compiled for SQLite or PostgreSQL.

Times are epoch seconds from the database clock (`RunDialect.now`), so lease expiries compare against one clock
however many machines run workers. Where an operation writes two tables (a lease and its execution-log row),
SQLite runs the two statements in one transaction and PostgreSQL runs them as one statement, the writes as
data-modifying CTEs (`RunDialect.both`): one round trip per lease operation.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.sql.expression import ClauseElement, ColumnElement, Select, Update

from editorial_ai.models.status import RunState
from editorial_ai.store.sql_compile import Backend, insert

QUEUED, RUNNING = RunState.QUEUED.value, RunState.RUNNING.value  # bound as plain text on both databases

ACTIVE: tuple[str, ...] = (QUEUED, RUNNING)
RUN_COLUMNS = ("thread_id", "status", "kind", "keyword", "content_type", "created_at", "updated_at", "enqueued_at",
               "seq", "fence", "attempts", "lease_owner", "lease_expires", "current_node", "error", "content_id",
               "pipeline_status")  # fmt: skip
EXECUTION_COLUMNS = ("thread_id", "fence", "worker", "kind", "started_at", "heartbeat_at", "ended_at", "outcome",
                     "pickup_ms", "overhead_ms", "heartbeats")  # fmt: skip


@dataclass(frozen=True)
class RunTables:
    """The tables as the baseline migration made them (types here only steer how values are bound)."""

    runs: sa.Table
    executions: sa.Table


@lru_cache(maxsize=32)
def run_tables(schema: str | None) -> RunTables:
    """The tables in `schema` (None: SQLite's one namespace)."""
    metadata = sa.MetaData(schema=schema)
    runs = sa.Table(
        "pipeline_runs", metadata,
        *(sa.Column(name, sa.Text) for name in ("thread_id", "status", "kind", "keyword", "content_type", "payload",
                                                 "lease_owner", "current_node", "error", "content_id",
                                                 "pipeline_status")),
        *(sa.Column(name, sa.Double) for name in ("created_at", "updated_at", "enqueued_at", "lease_expires")),
        *(sa.Column(name, sa.Integer) for name in ("seq", "fence", "attempts")),
    )  # fmt: skip
    executions = sa.Table(
        "run_executions", metadata,
        *(sa.Column(name, sa.Text) for name in ("thread_id", "worker", "kind", "outcome")),
        *(sa.Column(name, sa.Integer) for name in ("fence", "heartbeats")),
        *(sa.Column(name, sa.Double) for name in ("started_at", "heartbeat_at", "ended_at", "pickup_ms",
                                                   "overhead_ms")),
    )  # fmt: skip
    return RunTables(runs, executions)


@dataclass(frozen=True)
class RunDialect:
    """The registry's statements as one database spells them."""

    backend: Backend
    schema: str | None = None

    @property
    def tables(self) -> RunTables:
        return run_tables(self.schema)

    @property
    def now(self) -> ColumnElement[float]:
        """The database clock in epoch seconds (clock_timestamp on PostgreSQL: it moves within a transaction)."""
        if self.backend == "sqlite":
            return (sa.func.julianday(sa.literal_column("'now'")) - 2440587.5) * 86400.0
        return sa.cast(sa.extract("epoch", sa.func.clock_timestamp()), sa.Double)

    # --- work handed to a thread ----------------------------------------------------------------------

    def _new_run(self, thread_id: str, kind: str, keyword: str, content_type: str, payload: str) -> Any:
        now = self.now
        return insert(self.backend, self.tables.runs).values(
            thread_id=thread_id, status="queued", kind=kind, keyword=keyword, content_type=content_type,
            payload=payload, created_at=now, updated_at=now, enqueued_at=now, seq=1)  # fmt: skip

    def enqueue(self, thread_id: str, kind: str, keyword: str, content_type: str, payload: str) -> Any:
        """Queue new work, creating the row on first use (keyword, content type and payload stay the first ones)."""
        runs, now = self.tables.runs, self.now
        new = self._new_run(thread_id, kind, keyword, content_type, payload)
        return new.on_conflict_do_update(
            index_elements=[runs.c.thread_id],
            set_={"status": "queued", "kind": new.excluded.kind, "seq": runs.c.seq + 1, "enqueued_at": now,
                  "updated_at": now, "error": sa.null()},
        ).returning(runs.c.seq)  # fmt: skip

    def register_new(self, thread_id: str, kind: str, keyword: str, content_type: str, payload: str) -> Any:
        """Create the row unless the thread exists (a row back only when this statement created it)."""
        runs = self.tables.runs
        new = self._new_run(thread_id, kind, keyword, content_type, payload)
        return new.on_conflict_do_nothing(index_elements=[runs.c.thread_id]).returning(runs.c.seq)

    def request(self, thread_id: str) -> Select[Any]:
        """What the thread's first trigger asked for."""
        c = self.tables.runs.c
        return sa.select(c.keyword, c.content_type, c.payload).where(c.thread_id == thread_id)

    def expire(self, thread_id: str, fence: int) -> Update:
        """End the lease `fence` at once (its holder is known dead)."""
        runs = self.tables.runs
        c = runs.c
        return (sa.update(runs).where(c.thread_id == thread_id, c.fence == fence, c.status == RUNNING)
                .values(lease_expires=0).returning(c.fence))  # fmt: skip

    def forget(self, thread_id: str) -> ClauseElement:
        """Delete the run if no lease was ever taken on it."""
        runs = self.tables.runs
        return sa.delete(runs).where(runs.c.thread_id == thread_id, runs.c.fence == 0).returning(runs.c.thread_id)

    # --- leases -------------------------------------------------------------------------------------

    def take(self, thread_id: str, worker: str, ttl: float) -> Update:
        """The lease, if the thread has work and no live holder: a new fence, one attempt more."""
        runs, now = self.tables.runs, self.now
        c = runs.c
        return (
            sa.update(runs)
            .where(c.thread_id == thread_id, c.status.in_(ACTIVE),
                   sa.or_(c.lease_owner.is_(None), c.lease_expires < now))
            .values(lease_owner=worker, lease_expires=now + ttl, fence=c.fence + 1, attempts=c.attempts + 1,
                    status="running", updated_at=now, error=sa.null())
            .returning(c.fence, c.seq, c.kind, c.payload, c.content_type, c.thread_id, c.lease_owner)
        )  # fmt: skip

    def log_taken(self, thread_id: str, worker: str) -> Any:
        """The execution-log row of the lease `worker` holds now (SQLite: after `take`, in its transaction)."""
        runs = self.tables.runs
        c = runs.c
        held = sa.select(c.thread_id, c.fence, c.lease_owner, c.kind).where(c.thread_id == thread_id,
                                                                          c.lease_owner == worker)  # fmt: skip
        return self._log(held)

    def acquire(self, thread_id: str, worker: str, ttl: float) -> Select[Any]:
        """PostgreSQL: `take` and its log row in one statement, the row written from the UPDATE's own result."""
        taken = self.take(thread_id, worker, ttl).cte("taken")
        t = taken.c
        logged = self._log(sa.select(t.thread_id, t.fence, t.lease_owner, t.kind)).cte("logged")
        return sa.select(t.fence, t.seq, t.kind, t.payload, t.content_type).add_cte(logged)

    def _log(self, held: Select[Any]) -> Any:
        executions, now = self.tables.executions, self.now
        e = executions.c
        source = held.add_columns(now, now)
        return (insert(self.backend, executions)
                .from_select([e.thread_id, e.fence, e.worker, e.kind, e.started_at, e.heartbeat_at], source)
                .on_conflict_do_nothing(index_elements=[e.thread_id, e.fence]))  # fmt: skip

    def extend(self, thread_id: str, fence: int, worker: str, ttl: float, node: str | None) -> Update:
        """Push the lease's expiry on and note the node running now, if `worker` still holds lease `fence`."""
        runs, now = self.tables.runs, self.now
        c = runs.c
        return (sa.update(runs).where(c.thread_id == thread_id, c.fence == fence, c.lease_owner == worker)
                .values(lease_expires=now + ttl, current_node=node, updated_at=now).returning(c.fence))  # fmt: skip

    def beat(self, thread_id: str, fence: int) -> Update:
        """The execution log's heartbeat of lease `fence`."""
        executions = self.tables.executions
        e = executions.c
        return (sa.update(executions).where(e.thread_id == thread_id, e.fence == fence, e.ended_at.is_(None))
                .values(heartbeat_at=self.now))  # fmt: skip

    def free(self, thread_id: str, fence: int, worker: str, seq: int, status: str, error: str | None,
             content_id: str | None, pipeline_status: str | None) -> Update:
        """End lease `fence`: the run takes `status`, or stays queued when work newer than `seq` arrived."""
        runs, now = self.tables.runs, self.now
        c = runs.c
        current = c.seq == seq
        return (
            sa.update(runs).where(c.thread_id == thread_id, c.fence == fence, c.lease_owner == worker)
            .values(lease_owner=sa.null(), lease_expires=sa.null(), current_node=sa.null(), updated_at=now,
                    status=sa.case((current, status), else_="queued"),
                    enqueued_at=sa.case((current, c.enqueued_at), else_=now), error=error,
                    content_id=sa.func.coalesce(sa.bindparam("content_id", content_id, sa.Text), c.content_id),
                    pipeline_status=sa.func.coalesce(sa.bindparam("pipeline_status", pipeline_status, sa.Text),
                                                     c.pipeline_status))
            .returning(c.status)
        )  # fmt: skip

    def end(self, thread_id: str, fence: int, outcome: str, pickup_ms: float | None, overhead_ms: float | None,
            heartbeats: int) -> Update:
        """Close lease `fence`'s execution-log row with what the queue machinery cost it."""
        executions = self.tables.executions
        e = executions.c
        return (sa.update(executions).where(e.thread_id == thread_id, e.fence == fence)
                .values(ended_at=self.now, outcome=outcome, pickup_ms=pickup_ms, overhead_ms=overhead_ms,
                        heartbeats=heartbeats))  # fmt: skip

    def both(self, first: Update, second: Update) -> Select[Any]:
        """PostgreSQL: two independent writes as one statement, answering the first one's RETURNING rows."""
        a = first.cte("a")
        return sa.select(*a.c).add_cte(second.cte("b"))

    # --- reading ------------------------------------------------------------------------------------

    def _runs(self) -> Select[Any]:
        c = self.tables.runs.c
        return sa.select(*(c[name] for name in RUN_COLUMNS), self.now.label("now"))

    def get(self, thread_id: str) -> Select[Any]:
        """One run row, with `now` (database clock) so callers can judge the lease."""
        return self._runs().where(self.tables.runs.c.thread_id == thread_id)

    def _status_is(self, status: str | None) -> tuple[ColumnElement[bool], ...]:
        return (self.tables.runs.c.status == status,) if status else ()

    def page(self, status: str | None, limit: int, offset: int) -> Select[Any]:
        """A page of runs, newest first."""
        c = self.tables.runs.c
        return (self._runs().where(*self._status_is(status)).order_by(c.created_at.desc(), c.thread_id)
                .limit(limit).offset(offset))  # fmt: skip

    def count(self, status: str | None) -> Select[Any]:
        return sa.select(sa.func.count().label("n")).select_from(self.tables.runs).where(*self._status_is(status))

    def stale(self, grace_s: float, limit: int) -> Select[Any]:
        """Runs whose holder stopped heartbeating, and queued runs nobody picked up within `grace_s`."""
        c, now = self.tables.runs.c, self.now
        lapsed = sa.and_(c.status == RUNNING, sa.or_(c.lease_expires.is_(None), c.lease_expires < now))
        unclaimed = sa.and_(c.status == QUEUED, c.lease_owner.is_(None), c.enqueued_at < now - grace_s)
        return (sa.select(c.thread_id, c.status, c.seq, c.fence, c.lease_owner).where(sa.or_(lapsed, unclaimed))
                .order_by(c.enqueued_at).limit(limit))  # fmt: skip

    def executions(self, thread_id: str | None) -> Select[Any]:
        """The execution log, oldest first."""
        e = self.tables.executions.c
        where = (e.thread_id == thread_id,) if thread_id else ()
        return sa.select(*(e[name] for name in EXECUTION_COLUMNS)).where(*where).order_by(e.started_at, e.fence)

    def status_counts(self) -> Select[Any]:
        c = self.tables.runs.c
        return sa.select(c.status, sa.func.count().label("n")).group_by(c.status)

    def oldest_queued(self) -> Select[Any]:
        """Seconds the oldest queued run has waited (NULL when none waits)."""
        c = self.tables.runs.c
        return sa.select((self.now - sa.func.min(c.enqueued_at)).label("age")).where(c.status == QUEUED)
