"""Editorial contents and the append-only decision log (seed 001 section 11).

A human decision is claimed in one transaction: the compare-and-set of the status on the row's `version`, the
decision event and an owner token (`claim_token`) for resuming the graph. Only the claim's owner resumes the
graph; the token is cleared when the resumed run stops, so a claim left open by a crash is found by `resume`.
"""

from __future__ import annotations

import asyncio
import builtins
import contextlib
import sqlite3
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, Protocol

from sqlalchemy.sql.expression import ClauseElement, Delete, Insert, Update

from editorial_ai.models.content_record import ContentRecord, DecisionEvent
from editorial_ai.store.content_query import ContentQuery
from editorial_ai.store.content_sql import ContentDialect
from editorial_ai.store.content_store import TRANSITION_FIELDS as TRANSITION_FIELDS
from editorial_ai.store.content_store import SqlContentRepository, Unit
from editorial_ai.store.schema_version import ensure_sqlite_schema
from editorial_ai.store.sqlite_pool import SqliteConnectionPool

ContentStatus = Literal["pending", "escalated", "approved", "published", "rejected", "revision_requested"]
AWAITING: tuple[str, ...] = ("pending", "escalated")


class ContentRepository(Protocol):
    """Storage of contents awaiting or past the human gate."""

    async def initialize(self) -> None: ...
    async def upsert_pending(
        self,
        *,
        thread_id: str,
        attempt: int,
        status: ContentStatus,
        title: str,
        keyword: str,
        content_type: str,
        layout: dict[str, Any],
        review: dict[str, Any],
        flags: list[str],
    ) -> str: ...
    async def get(self, content_id: str) -> ContentRecord | None: ...
    async def get_by_thread(self, thread_id: str) -> ContentRecord | None: ...
    async def ids_starting_with(self, prefix: str, limit: int = 10) -> builtins.list[str]: ...
    async def list(
        self, status: str | None = None, limit: int = 20, offset: int = 0
    ) -> tuple[builtins.list[ContentRecord], int]: ...
    async def search(
        self, query: ContentQuery, limit: int = 20, offset: int = 0
    ) -> tuple[builtins.list[ContentRecord], int]: ...
    async def transition(
        self, content_id: str, *, expected: tuple[str, ...], new_status: ContentStatus, **fields: Any
    ) -> bool: ...
    async def transition_with_event(
        self, content_id: str, *, expected: tuple[str, ...], new_status: ContentStatus, decision: str,
        reviewer: str, payload: dict[str, Any], **fields: Any
    ) -> int | None: ...
    async def claim_decision(
        self, content_id: str, *, version: int, expected: tuple[str, ...], new_status: ContentStatus, token: str,
        decision: str, reviewer: str, payload: dict[str, Any], **fields: Any
    ) -> int | None: ...
    async def save_edit(
        self, content_id: str, *, version: int, expected: tuple[str, ...], attempt: int, title: str,
        layout: dict[str, Any], review: dict[str, Any], reviewer: str, payload: dict[str, Any]
    ) -> int | None: ...
    async def take_over_claim(self, content_id: str, *, token: str, new_token: str) -> bool: ...
    async def release_claim(self, content_id: str, *, token: str) -> bool: ...
    async def record_event(
        self, *, content_id: str, thread_id: str, decision: str, reviewer: str, payload: dict[str, Any]
    ) -> int: ...
    async def events(self, content_id: str | None = None) -> builtins.list[DecisionEvent]: ...

    async def recent_events(self, content_type: str, limit: int = 10) -> builtins.list[DecisionEvent]: ...
    async def touch_reader(self, content_id: str, reviewer: str, *, ttl_s: float,
                           now: datetime | None = None) -> None: ...
    async def readers_of(self, content_ids: builtins.list[str], *,
                         now: datetime | None = None) -> dict[str, builtins.list[dict[str, Any]]]: ...
    async def drop_reader(self, content_id: str, reviewer: str) -> None: ...


# Writers of this process to one file queue here before taking SQLite's write lock, so at most one worker thread
# per file waits on the lock: a unit holding it always finds a thread for its COMMIT.
_WRITERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Path, asyncio.Lock]] = weakref.WeakKeyDictionary()


def _writer_lock(path: Path) -> asyncio.Lock:
    return _WRITERS.setdefault(asyncio.get_running_loop(), {}).setdefault(path.resolve(), asyncio.Lock())


class _SqliteUnit:
    """Statements on one pooled connection, each in a worker thread so the event loop never waits on the file.
    The first write takes the write lock (`BEGIN IMMEDIATE`): no upgrade deadlock between two writers, and a
    unit that only reads runs without a transaction, as single reads always have."""

    def __init__(self, conn: sqlite3.Connection, dialect: ContentDialect, writers: asyncio.Lock) -> None:
        self.conn, self.dialect, self.writers, self.writing = conn, dialect, writers, False

    async def _cursor(self, statement: ClauseElement) -> Callable[[], sqlite3.Cursor]:
        sql, params = self.dialect.compile(statement)
        begin = isinstance(statement, Insert | Update | Delete) and not self.writing
        if begin:
            await self.writers.acquire()
            self.writing = True

        def run() -> sqlite3.Cursor:
            if begin:
                self.conn.execute("BEGIN IMMEDIATE")
            return self.conn.execute(sql, params)

        return run

    async def rows(self, statement: ClauseElement) -> list[dict[str, Any]]:
        run = await self._cursor(statement)
        return await asyncio.to_thread(lambda: [dict(row) for row in run().fetchall()])

    async def count(self, statement: ClauseElement) -> int:
        run = await self._cursor(statement)
        return await asyncio.to_thread(lambda: run().rowcount)


class SqliteContentRepository(SqlContentRepository):
    """ContentRepository over an SQLite file (WAL), on connections pooled for the life of the repository.

    Tables come from the versioned migrations (`editorial_ai.migrations`): `initialize()` checks the recorded
    revision with one query and upgrades only a database that is behind.
    """

    dialect = ContentDialect("sqlite")

    def __init__(self, db_path: Path, *, synchronous: Literal["normal", "full"] = "normal") -> None:
        """Use `db_path`; `synchronous` as EDITORIAL_AI_CHECKPOINT_SYNC, so a decision is as durable as its checkpoint.

        In WAL mode `normal` syncs at checkpoints, not at every commit: a write survives any process dying, only a
        power cut can lose the last ones; `full` waits for the disk at every commit.
        """
        self.db_path = Path(db_path)
        self._pool = SqliteConnectionPool(self.db_path, pragmas=(f"synchronous={synchronous.upper()}",))

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Unit]:
        with self._pool.connection() as conn:
            unit = _SqliteUnit(conn, self.dialect, _writer_lock(self.db_path))
            try:
                yield unit
                if conn.in_transaction:
                    await asyncio.to_thread(conn.execute, "COMMIT")  # `synchronous=FULL` waits for the disk here
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            finally:
                if unit.writing:
                    unit.writers.release()

    def close(self) -> None:
        """Close the pooled connections (the repository stays usable: new ones open on demand)."""
        self._pool.close()

    async def initialize(self) -> None:
        """Bring the database to the current schema (creating the file if needed); idempotent."""
        self.db_path.parent.mkdir(parents=True, exist_ok=True)

        def job() -> None:
            with self._pool.connection() as conn:
                ensure_sqlite_schema(conn, self.db_path)
                # WAL lets readers run beside the one writer. The mode is stored in the file, so this is a no-op
                # once set; switching needs a moment alone with the file and SQLite does not wait for it, so a
                # connection racing the first switch finds it done (or keeps the default journal).
                with contextlib.suppress(sqlite3.OperationalError):
                    conn.execute("PRAGMA journal_mode=WAL")

        await asyncio.to_thread(job)
