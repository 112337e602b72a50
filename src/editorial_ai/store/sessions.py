"""Admin UI sessions kept server-side, in the same database as the contents (SQLite or PostgreSQL).

The browser holds only a random session id; the database holds its SHA-256 (a leaked table opens nothing),
the CSRF token of the session's forms, whether it passed the admin login, when it expires, and the credential it
was opened with (`credential`: a reviewer's key id, a fingerprint of ADMIN_API_KEY, or "dev"). Logout revokes the
row, so a copied cookie is dead afterwards, across restarts and across server processes; removing a reviewer
revokes every row of theirs (`revoke_reviewer`), and the API re-checks `credential` on every request.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from editorial_ai.config import Settings
from editorial_ai.store.schema_version import ensure_sqlite_schema
from editorial_ai.store.sqlite_pool import SqliteConnectionPool


@dataclass(frozen=True)
class Session:
    """A live session (never expired or revoked when a store returns it)."""

    id_hash: str
    csrf_token: str
    authenticated: bool
    expires_at: datetime
    reviewer: str = "admin"  # who logged in: "admin" (ADMIN_API_KEY) or a named reviewer
    credential: str | None = None  # the key it was opened with (api/security.py credential_of); None: unknown


def hash_id(session_id: str) -> str:
    """What the database stores instead of the cookie value."""
    return hashlib.sha256(session_id.encode("utf-8", "replace")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


class SessionStore(Protocol):
    """Server-side session records."""

    async def initialize(self) -> None: ...
    async def create(self, *, authenticated: bool, ttl: timedelta, reviewer: str = "admin",
                     credential: str | None = None) -> tuple[str, Session]: ...
    async def get(self, session_id: str) -> Session | None: ...
    async def revoke(self, session_id: str) -> None: ...
    async def revoke_reviewer(self, reviewer: str) -> int: ...


class SqliteSessionStore:
    """Sessions in the app's SQLite database, on connections pooled for the life of the store."""

    def __init__(self, db_path: Path) -> None:
        self.db_path = Path(db_path)
        self._pool = SqliteConnectionPool(self.db_path)

    async def _run(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        def job() -> list[sqlite3.Row]:
            with self._pool.connection() as conn:
                return conn.execute(sql, params).fetchall()

        return await asyncio.to_thread(job)

    def close(self) -> None:
        """Close the pooled connections (the store stays usable: new ones open on demand)."""
        self._pool.close()

    async def initialize(self) -> None:
        """Bring the database to the current schema (tables from `editorial_ai.migrations`); idempotent."""
        self.db_path.parent.mkdir(parents=True, exist_ok=True)

        def job() -> None:
            with self._pool.connection() as conn:
                ensure_sqlite_schema(conn, self.db_path)

        await asyncio.to_thread(job)

    async def create(self, *, authenticated: bool, ttl: timedelta, reviewer: str = "admin",
                     credential: str | None = None) -> tuple[str, Session]:
        """A new session; returns the cookie value (shown once, never stored) and the record."""
        now = _now()
        # Expired rows are useless: drop them here so the table cannot grow without bound.
        await self._run("DELETE FROM admin_sessions WHERE expires_at < ?", (now.isoformat(),))
        session_id, session = _new_session(authenticated, now + ttl, reviewer, credential)
        await self._run(
            "INSERT INTO admin_sessions (id_hash, csrf_token, authenticated, created_at, expires_at, reviewer, "
            "credential) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (session.id_hash, session.csrf_token, int(authenticated), now.isoformat(),
             session.expires_at.isoformat(), reviewer, credential))
        return session_id, session

    async def get(self, session_id: str) -> Session | None:
        """The live session of a cookie value, or None (unknown, expired or revoked)."""
        rows = await self._run(
            "SELECT * FROM admin_sessions WHERE id_hash = ? AND revoked_at IS NULL AND expires_at > ?",
            (hash_id(session_id), _now().isoformat()))
        if not rows:
            return None
        row = rows[0]
        return Session(row["id_hash"], row["csrf_token"], bool(row["authenticated"]),
                       datetime.fromisoformat(row["expires_at"]), row["reviewer"], row["credential"])

    async def revoke(self, session_id: str) -> None:
        """End a session for good."""
        await self._run("UPDATE admin_sessions SET revoked_at = ? WHERE id_hash = ?",
                        (_now().isoformat(), hash_id(session_id)))

    async def revoke_reviewer(self, reviewer: str) -> int:
        """End every live session of `reviewer` (their key was removed); returns how many ended."""
        def job() -> int:
            with self._pool.connection() as conn:
                cur = conn.execute("UPDATE admin_sessions SET revoked_at = ? WHERE lower(reviewer) = lower(?) "
                                   "AND revoked_at IS NULL", (_now().isoformat(), reviewer))
                return cur.rowcount

        return await asyncio.to_thread(job)


def _new_session(authenticated: bool, expires_at: datetime, reviewer: str = "admin",
                 credential: str | None = None) -> tuple[str, Session]:
    session_id = secrets.token_urlsafe(32)
    return session_id, Session(hash_id(session_id), secrets.token_urlsafe(32), authenticated, expires_at, reviewer,
                               credential)


def _postgres_store(database_url: str, schema: str) -> SessionStore:
    """The PostgreSQL store (imported lazily: the driver is an optional extra)."""
    from editorial_ai.store.postgres import PostgresRepositoryBase

    class PostgresSessionStore(PostgresRepositoryBase):
        """Sessions in the app's PostgreSQL schema."""

        _pool_name = "editorial_ai-sessions"

        async def create(self, *, authenticated: bool, ttl: timedelta, reviewer: str = "admin",
                         credential: str | None = None) -> tuple[str, Session]:
            now = _now()
            session_id, session = _new_session(authenticated, now + ttl, reviewer, credential)
            async with self._connect() as conn:
                await conn.execute(self._sql("DELETE FROM {s}.admin_sessions WHERE expires_at < %s"), (now,))
                await conn.execute(self._sql(
                    "INSERT INTO {s}.admin_sessions (id_hash, csrf_token, authenticated, created_at, expires_at, "
                    "reviewer, credential) VALUES (%s, %s, %s, %s, %s, %s, %s)"),
                    (session.id_hash, session.csrf_token, authenticated, now, session.expires_at, reviewer,
                     credential))
            return session_id, session

        async def get(self, session_id: str) -> Session | None:
            async with self._connect() as conn:
                cur = await conn.execute(self._sql(
                    "SELECT * FROM {s}.admin_sessions WHERE id_hash = %s AND revoked_at IS NULL "
                    "AND expires_at > %s"), (hash_id(session_id), _now()))
                row = await cur.fetchone()
            if row is None:
                return None
            return Session(row["id_hash"], row["csrf_token"], bool(row["authenticated"]), row["expires_at"],
                           row["reviewer"], row["credential"])

        async def revoke(self, session_id: str) -> None:
            async with self._connect() as conn:
                await conn.execute(self._sql("UPDATE {s}.admin_sessions SET revoked_at = %s WHERE id_hash = %s"),
                                   (_now(), hash_id(session_id)))

        async def revoke_reviewer(self, reviewer: str) -> int:
            async with self._connect() as conn:
                cur = await conn.execute(self._sql(
                    "UPDATE {s}.admin_sessions SET revoked_at = %s WHERE lower(reviewer) = lower(%s) "
                    "AND revoked_at IS NULL"), (_now(), reviewer))
                return int(cur.rowcount or 0)

    store: SessionStore = PostgresSessionStore(database_url, schema=schema)
    return store


def open_sessions(settings: Settings) -> SessionStore:
    """The session store next to the contents the settings select (not yet initialized)."""
    from editorial_ai.store.factory import storage_plan

    plan = storage_plan(settings)
    if plan.contents == "postgres" and plan.database_url:
        return _postgres_store(plan.database_url, plan.schema)
    return SqliteSessionStore(settings.resolved_db_path)
