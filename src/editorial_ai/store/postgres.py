"""PostgreSQL plumbing shared by the catalog and content repositories (psycopg 3, async).

Behaviour mirrors the SQLite repositories: same method contracts, same row shapes (JSON columns come back as
Python objects, timestamps as ISO-8601 strings). Calls borrow connections from a pool per repository and event loop;
every table lives in one schema (`public` unless told otherwise) so several deployments or test runs can share a
database, and the tables come from the versioned migrations (`editorial_ai.migrations`).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg.rows import DictRow, dict_row
from psycopg.types.json import Jsonb

from editorial_ai.config import ConfigError
from editorial_ai.store.pg_conninfo import PostgresUnavailableError as PostgresUnavailableError
from editorial_ai.store.pg_conninfo import describe_dsn as describe_dsn
from editorial_ai.store.schema_version import ensure_postgres_schema

DEFAULT_SCHEMA = "public"
SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_CONNECT_TIMEOUT_S = 10
_LOCK_WAIT_S = 120.0


def check_schema_name(schema: str) -> str:
    """`schema` if it is a plain lower-case identifier (it is interpolated as one), else ConfigError."""
    if not SCHEMA_NAME.fullmatch(schema):
        raise ConfigError(
            f"invalid schema name {schema!r} (EDITORIAL_AI_DB_SCHEMA): use lower-case letters, digits and "
            "underscores, starting with a letter or underscore"
        )
    return schema


def with_search_path(dsn: str, schema: str) -> str:
    """`dsn` whose sessions resolve unqualified table names in `schema` first (for the checkpointer)."""
    check_schema_name(schema)
    if schema == DEFAULT_SCHEMA:
        return dsn
    options = conninfo_to_dict(dsn).get("options") or ""
    return make_conninfo(dsn, options=f"{options} -c search_path={schema}".strip())


def to_iso(value: Any) -> Any:
    return value.astimezone(UTC).isoformat() if isinstance(value, datetime) else value


def to_timestamp(value: Any) -> Any:
    """An ISO string (as the SQLite store accepts) or a datetime, as a timestamptz parameter."""
    if isinstance(value, str):
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    return value


def to_jsonb(value: Any) -> Jsonb:
    """A JSON document given as text (as the SQLite store stores it) or as Python objects."""
    return Jsonb(json.loads(value) if isinstance(value, str | bytes) else value)


def like_pattern(term: str) -> str:
    """`%term%` with the LIKE wildcards and the escape character escaped (ESCAPE '\\')."""
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


class PostgresRepositoryBase:
    """Pooled connections, schema qualification and the schema-version check shared by every repository.

    Connections come from the process's pool to the database in the running event loop (`pg_pool.acquire_pool`,
    shared with the other repositories and the run registry; opened on first use, checked before lending), so a
    run's queries reuse connections instead of paying a connection set-up each.
    """

    def __init__(self, dsn: str, *, schema: str = DEFAULT_SCHEMA) -> None:
        self.dsn = dsn
        self.schema = check_schema_name(schema)
        try:
            params = conninfo_to_dict(dsn)
        except psycopg.ProgrammingError as exc:
            raise ConfigError(
                f"DATABASE_URL is not a valid PostgreSQL connection string ({str(exc).strip()}); use the form "
                "postgresql://user:password@host:5432/dbname, or unset it to use the embedded SQLite database"
            ) from exc
        self._connect_kwargs: dict[str, Any] = {} if "connect_timeout" in params else {
            "connect_timeout": _CONNECT_TIMEOUT_S}
        self._pool: Any = None  # opened on first use, in the event loop that uses it
        self._pool_loop: asyncio.AbstractEventLoop | None = None

    @property
    def _init_lock_key(self) -> str:
        return f"editorial_ai:init:{self.schema}"

    def _sql(self, template: str) -> sql.Composed:
        return sql.SQL(template).format(s=sql.Identifier(self.schema))

    def _unavailable(self, detail: str) -> PostgresUnavailableError:
        return PostgresUnavailableError(
            f"cannot connect to PostgreSQL at {describe_dsn(self.dsn)}: {detail}. Check DATABASE_URL (is the server "
            "running and reachable?), or unset it to use the embedded SQLite database"
        )

    @asynccontextmanager
    async def _direct(self) -> AsyncIterator[psycopg.AsyncConnection[DictRow]]:
        """A connection of its own (autocommit, dict rows), closed after the block: for one-off work."""
        try:
            conn = await psycopg.AsyncConnection.connect(
                self.dsn, autocommit=True, row_factory=dict_row, prepare_threshold=None, **self._connect_kwargs
            )
        except psycopg.OperationalError as exc:
            raise self._unavailable(str(exc).strip()) from exc
        try:
            yield conn
        finally:
            await conn.close()

    async def _open_pool(self) -> Any:
        """This loop's pool (a pool is bound to the event loop it was opened in)."""
        loop = asyncio.get_running_loop()
        if self._pool is not None and self._pool_loop is loop:
            return self._pool
        from psycopg_pool import PoolTimeout

        from editorial_ai.store.pg_pool import CONNECT_TIMEOUT_S, acquire_pool

        try:
            pool = await acquire_pool(self.dsn)
        except PoolTimeout as exc:
            raise self._unavailable(f"no connection within {CONNECT_TIMEOUT_S} s") from exc
        self._pool, self._pool_loop = pool, loop
        return pool

    @asynccontextmanager
    async def _connect(self) -> AsyncIterator[psycopg.AsyncConnection[DictRow]]:
        """A pooled autocommit connection for the block."""
        pool = await self._open_pool()
        async with pool.connection() as conn:
            yield conn

    async def aclose(self) -> None:
        """Give the shared pool back (the last user closes it); a later call takes it again."""
        from editorial_ai.store.pg_pool import release_pool

        pool, loop, self._pool, self._pool_loop = self._pool, self._pool_loop, None, None
        if pool is not None and loop is asyncio.get_running_loop():
            await release_pool(pool)

    async def initialize(self) -> None:
        """Bring the schema's tables to the current revision (creating schema and tables if missing); idempotent.

        One query finds the recorded revision; only a schema that is behind is upgraded, under a per-schema
        advisory lock (`editorial_ai.migrations.runner`), so concurrent initializers never race on CREATE.
        """
        async with self._connect() as conn:
            await ensure_postgres_schema(conn, self.dsn, self.schema,
                                         f"PostgreSQL schema {self.schema!r} at {describe_dsn(self.dsn)}")  # fmt: skip

    async def _ensure_schema(self, conn: psycopg.AsyncConnection[DictRow]) -> None:
        """CREATE SCHEMA only when missing: roles without CREATE on the database can still use `public`."""
        cur = await conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (self.schema,))
        if await cur.fetchone() is None:
            await conn.execute(self._sql("CREATE SCHEMA IF NOT EXISTS {s}"))


@asynccontextmanager
async def checkpointer_setup_lock(dsn: str, schema: str = DEFAULT_SCHEMA) -> AsyncIterator[None]:
    """Hold a session advisory lock while the LangGraph checkpointer creates its tables in `schema`.

    The checkpointer's migrations use CREATE INDEX CONCURRENTLY, which waits for every other open transaction
    in the database; a waiter blocked inside `pg_advisory_lock` would be one, so waiters poll with
    `pg_try_advisory_lock` from an autocommit session instead and never hold a transaction while waiting.
    """
    repo = PostgresRepositoryBase(dsn, schema=schema)
    key = f"editorial_ai:checkpoints:{repo.schema}"
    async with repo._direct() as conn:
        async with conn.transaction():  # the same lock as initialize(): schema creation never races
            await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (repo._init_lock_key,))
            await repo._ensure_schema(conn)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + _LOCK_WAIT_S
        while True:
            cur = await conn.execute("SELECT pg_try_advisory_lock(hashtextextended(%s, 0)) AS ok", (key,))
            row = await cur.fetchone()
            if row and row["ok"]:
                break
            if loop.time() > deadline:
                raise PostgresUnavailableError(
                    f"timed out after {_LOCK_WAIT_S:.0f}s waiting for another process to finish creating the "
                    f"checkpoint tables in schema {repo.schema!r}; retry, or check for a stuck process"
                )
            await asyncio.sleep(0.1)
        try:
            yield
        finally:
            await conn.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (key,))
