"""Statements in one transaction on either database the stores speak: SQLite (embedded) and PostgreSQL (a team).

The run registry's statements are SQLAlchemy Core (store/run_sql.py), compiled here for the database in hand
(store/sql_compile.py) and run on its connections: pooled sqlite3 connections, or the process's shared pool to the
PostgreSQL database (store/pg_pool.py), the one the repositories use too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy.sql.expression import ClauseElement

from editorial_ai.store.schema_version import ensure_postgres_schema, ensure_sqlite_schema
from editorial_ai.store.sql_compile import Backend, compile_statement
from editorial_ai.store.sqlite_pool import SqliteConnectionPool

if TYPE_CHECKING:
    from psycopg_pool import AsyncConnectionPool


class Database(Protocol):
    """Runs statements in one transaction and returns each statement's rows (RETURNING / SELECT)."""

    backend: Backend
    schema: str | None  # None: SQLite's one namespace

    async def ensure_schema(self) -> bool: ...
    async def transaction(
        self, statements: Sequence[ClauseElement], *, durable: bool = True
    ) -> list[list[dict[str, Any]]]: ...
    async def close(self) -> None: ...


class SqliteDatabase:
    """Pooled connections (WAL), one transaction at a time each, in a thread so the event loop never blocks on a
    lock. Opening a connection per transaction cost more than the transaction's own statements."""

    backend: Backend = "sqlite"
    schema: str | None = None

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._pool = SqliteConnectionPool(self.path)

    async def ensure_schema(self) -> bool:
        """Bring the file to the current schema revision (one query when it is current); True if it upgraded."""

        def check() -> bool:
            with self._pool.connection() as conn:
                return ensure_sqlite_schema(conn, self.path)

        return await asyncio.to_thread(check)

    def _run(self, steps: Sequence[tuple[str, dict[str, Any]]]) -> list[list[dict[str, Any]]]:
        with self._pool.connection() as conn:
            conn.execute("BEGIN IMMEDIATE")  # take the write lock first: no upgrade deadlock between writers
            try:
                results = []
                for sql, params in steps:
                    results.append([dict(row) for row in conn.execute(sql, params).fetchall()])
                conn.execute("COMMIT")
                return results
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    async def transaction(
        self, statements: Sequence[ClauseElement], *, durable: bool = True
    ) -> list[list[dict[str, Any]]]:
        return await asyncio.to_thread(self._run, [compile_statement(s, self.backend) for s in statements])

    async def close(self) -> None:
        self._pool.close()


class PostgresDatabase:
    """The process's shared pool to the database (`pg_pool.acquire_pool`: autocommit sessions, no prepared
    statements, safe behind transaction poolers), one transaction per call in pipeline mode.

    Lease traffic commits asynchronously (`SET LOCAL synchronous_commit = off`): a commit returns before its WAL
    record reaches the disk, which on a busy disk is 10 ms instead of 1 ms per lease statement. Only a crash of the
    database server itself can lose such a commit (the last few hundred milliseconds), and the registry heals from
    it: a lost heartbeat or release looks like an expired lease (the sweeper re-queues, the next holder finds the
    run already at its stop), a lost acquisition is a lease the holder finds gone at its next heartbeat. Work
    handed to a run (`durable=True`: trigger, decision, retry) is committed synchronously, because the API answers
    202 on it. The setting is per transaction, so the repositories sharing the pool keep synchronous commits.
    """

    backend: Backend = "postgresql"

    def __init__(self, dsn: str, schema: str) -> None:
        self.dsn = dsn
        self.schema: str | None = schema
        self.pool: AsyncConnectionPool[Any] | None = None  # taken from the shared ones by `open`

    async def open(self) -> None:
        """Take the process's pool to the database (opened by its first user)."""
        from editorial_ai.store.pg_pool import acquire_pool

        if self.pool is None:
            self.pool = await acquire_pool(self.dsn)

    async def ensure_schema(self) -> bool:
        """Bring the schema to the current revision, creating it when missing (one query when it is current); True
        if it upgraded. The upgrade holds the per-schema advisory lock, so workers starting together never race."""
        schema = str(self.schema)
        async with self._pool().connection() as conn:
            upgraded: bool = await ensure_postgres_schema(conn, self.dsn, schema,
                                                          f"PostgreSQL schema {schema!r} (run registry)")  # fmt: skip
            return upgraded

    def _pool(self) -> AsyncConnectionPool[Any]:
        if self.pool is None:
            raise RuntimeError("PostgresDatabase.open() was not awaited")
        return self.pool

    async def transaction(
        self, statements: Sequence[ClauseElement], *, durable: bool = True
    ) -> list[list[dict[str, Any]]]:
        steps = [compile_statement(s, self.backend) for s in statements]
        async with self._pool().connection() as conn:
            # Pipeline mode sends BEGIN, the setting, the statements and COMMIT without waiting for each answer:
            # one round trip to the server instead of one per statement (a durable enqueue was four).
            async with conn.pipeline(), conn.transaction():
                if not durable:
                    await conn.execute("SET LOCAL synchronous_commit = off")
                cursors = [await conn.execute(sql, params) for sql, params in steps]
            return [[dict(row) for row in await cur.fetchall()] if cur.description else [] for cur in cursors]

    async def close(self) -> None:
        """Give the shared pool back (the last user closes it)."""
        from editorial_ai.store.pg_pool import release_pool

        pool, self.pool = self.pool, None
        if pool is not None:
            await release_pool(pool)
