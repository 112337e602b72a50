"""PostgreSQL plumbing shared by the catalog and content repositories (psycopg 3, async).

Behaviour mirrors the SQLite repositories: same method contracts, same row shapes (JSON columns come back as
Python objects, timestamps as ISO-8601 strings). Each call opens a short-lived connection, so a repository holds
no resources, needs no closing and can be shared across tasks; every table lives in one schema (`public` unless
told otherwise) so several deployments or test runs can share a database.
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

DEFAULT_SCHEMA = "public"
SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_CONNECT_TIMEOUT_S = 10
_LOCK_WAIT_S = 120.0

class PostgresUnavailableError(ConfigError):
    """PostgreSQL could not be reached or refused the connection; the message names the fix."""


def check_schema_name(schema: str) -> str:
    """`schema` if it is a plain lower-case identifier (it is interpolated as one), else ConfigError."""
    if not SCHEMA_NAME.fullmatch(schema):
        raise ConfigError(
            f"invalid schema name {schema!r} (EDITORIAL_AI_DB_SCHEMA): use lower-case letters, digits and "
            "underscores, starting with a letter or underscore"
        )
    return schema


def describe_dsn(dsn: str) -> str:
    """`user@host:port/dbname` of a connection string, without the password (for messages)."""
    try:
        parts = conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return "<unparsable DATABASE_URL>"
    host = parts.get("host") or parts.get("hostaddr") or "localhost"
    user = f"{parts['user']}@" if parts.get("user") else ""
    return f"{user}{host}:{parts.get('port') or 5432}/{parts.get('dbname') or ''}"


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
    """Connection handling, schema qualification and one-time initialization shared by both repositories."""

    _ddl: tuple[str, ...] = ()

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

    @property
    def _init_lock_key(self) -> str:
        return f"editorial_ai:init:{self.schema}"

    def _sql(self, template: str) -> sql.Composed:
        return sql.SQL(template).format(s=sql.Identifier(self.schema))

    @asynccontextmanager
    async def _connect(self) -> AsyncIterator[psycopg.AsyncConnection[DictRow]]:
        try:
            conn = await psycopg.AsyncConnection.connect(
                self.dsn, autocommit=True, row_factory=dict_row, prepare_threshold=None, **self._connect_kwargs
            )
        except psycopg.OperationalError as exc:
            raise PostgresUnavailableError(
                f"cannot connect to PostgreSQL at {describe_dsn(self.dsn)}: {str(exc).strip()}. Check DATABASE_URL "
                "(is the server running and reachable?), or unset it to use the embedded SQLite database"
            ) from exc
        try:
            yield conn
        finally:
            await conn.close()

    async def initialize(self) -> None:
        """Create the schema and tables if missing (and seed, where the subclass does); idempotent.

        A transaction-scoped advisory lock per schema makes concurrent initializers (other processes, other
        workers) wait for the first one instead of racing on CREATE statements or on seeding.
        """
        async with self._connect() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (self._init_lock_key,))
            await self._ensure_schema(conn)
            for statement in self._ddl:
                await conn.execute(self._sql(statement))
            await self._after_schema(conn)

    async def _ensure_schema(self, conn: psycopg.AsyncConnection[DictRow]) -> None:
        """CREATE SCHEMA only when missing: roles without CREATE on the database can still use `public`."""
        cur = await conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (self.schema,))
        if await cur.fetchone() is None:
            await conn.execute(self._sql("CREATE SCHEMA IF NOT EXISTS {s}"))

    async def _after_schema(self, conn: psycopg.AsyncConnection[DictRow]) -> None:
        """Hook run inside the initialization transaction, after the tables exist."""


@asynccontextmanager
async def checkpointer_setup_lock(dsn: str, schema: str = DEFAULT_SCHEMA) -> AsyncIterator[None]:
    """Hold a session advisory lock while the LangGraph checkpointer creates its tables in `schema`.

    The checkpointer's migrations use CREATE INDEX CONCURRENTLY, which waits for every other open transaction
    in the database; a waiter blocked inside `pg_advisory_lock` would be one, so waiters poll with
    `pg_try_advisory_lock` from an autocommit session instead and never hold a transaction while waiting.
    """
    repo = PostgresRepositoryBase(dsn, schema=schema)
    key = f"editorial_ai:checkpoints:{repo.schema}"
    async with repo._connect() as conn:
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
