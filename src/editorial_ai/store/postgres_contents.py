"""PostgreSQL content repository: contents awaiting or past the human gate, and decision events."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from psycopg.rows import DictRow
from sqlalchemy.sql.expression import ClauseElement, Delete, Insert, Update

from editorial_ai.store.content_sql import ContentDialect
from editorial_ai.store.content_store import SqlContentRepository, Unit
from editorial_ai.store.postgres import DEFAULT_SCHEMA, PostgresRepositoryBase


class _PostgresUnit:
    """Statements on one pooled autocommit connection. The first write opens a transaction, so a unit that only
    reads costs one round trip per statement, as single reads always have (each is atomic on its own)."""

    def __init__(self, conn: psycopg.AsyncConnection[DictRow], dialect: ContentDialect) -> None:
        self.conn, self.dialect, self.began = conn, dialect, False

    async def _cursor(self, statement: ClauseElement) -> psycopg.AsyncCursor[DictRow]:
        sql, params = self.dialect.compile(statement)
        if isinstance(statement, Insert | Update | Delete) and not self.began:
            await self.conn.execute("BEGIN")
            self.began = True
        return await self.conn.execute(sql, params)

    async def rows(self, statement: ClauseElement) -> list[dict[str, Any]]:
        cur = await self._cursor(statement)
        return [dict(row) for row in await cur.fetchall()] if cur.description else []

    async def count(self, statement: ClauseElement) -> int:
        return (await self._cursor(statement)).rowcount


class PostgresContentRepository(SqlContentRepository, PostgresRepositoryBase):
    """`ContentRepository` over PostgreSQL: JSONB documents, timestamptz times, row-level compare-and-set."""

    def __init__(self, dsn: str, *, schema: str = DEFAULT_SCHEMA) -> None:
        """Use the database at `dsn`, tables in `schema`."""
        PostgresRepositoryBase.__init__(self, dsn, schema=schema)
        self.dialect = ContentDialect("postgresql", self.schema)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Unit]:
        async with self._connect() as conn:
            unit = _PostgresUnit(conn, self.dialect)
            try:
                yield unit
            except BaseException:
                if unit.began:
                    await conn.execute("ROLLBACK")
                raise
            if unit.began:
                await conn.execute("COMMIT")
