"""Is this database's schema current? One query per store opening; Alembic is imported only to upgrade.

Every database records the revision its tables are at in `alembic_version` (`editorial_ai.migrations`). A
database at `HEAD` costs one SELECT here. A new file, one made before versioned migrations (no version table) or
one at an older revision is upgraded in place by `editorial_ai.migrations.runner`, which imports Alembic and
SQLAlchemy (a few hundred milliseconds, paid only then). A database at a revision this release does not know was
upgraded by a newer release: opening it fails with `SchemaTooNewError` instead of guessing at its tables.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

from editorial_ai.config import ConfigError
from editorial_ai.migrations import HEAD, REVISIONS, VERSION_TABLE

UNDEFINED_TABLE, INVALID_SCHEMA_NAME = "42P01", "3F000"  # PostgreSQL error codes: no version table (yet)


class SchemaTooNewError(ConfigError):
    """The database was upgraded by a newer release of editorial-ai; the message names the fix."""


def needs_upgrade(recorded: str | None, where: str) -> bool:
    """Whether a database at `recorded` (None: no version record) must be upgraded to HEAD."""
    if recorded == HEAD:
        return False
    if recorded is None or recorded in REVISIONS:
        return True
    raise SchemaTooNewError(
        f"{where} is at schema revision {recorded!r}, which this editorial-ai does not know (newest known: "
        f"{HEAD!r}): it was upgraded by a newer release; install that release (pip install -U editorial-ai), or "
        "point the settings at another database"
    )


def sqlite_revision(conn: sqlite3.Connection) -> str | None:
    """The revision recorded in an SQLite database, or None when it has no version record yet."""
    try:
        # fetchall: a statement left unfinished would keep a read lock the upgrade's writer then waits on
        rows = conn.execute(f"SELECT version_num FROM {VERSION_TABLE}").fetchall()
    except sqlite3.OperationalError as exc:
        if "no such table" not in str(exc):
            raise
        return None
    return str(rows[0][0]) if rows else None


def ensure_sqlite_schema(conn: sqlite3.Connection, db_path: Path) -> bool:
    """Upgrade the file at `db_path` to HEAD when `conn` (a connection to it) finds it behind; True if it did."""
    if not needs_upgrade(sqlite_revision(conn), f"SQLite database {db_path}"):
        return False
    from editorial_ai.migrations.runner import upgrade_sqlite

    upgrade_sqlite(db_path)
    return True


async def postgres_revision(conn: Any, schema: str) -> str | None:
    """The revision recorded in `schema`, or None when it has no version record yet.

    `conn` must be in autocommit mode: a missing table fails this one statement, not a surrounding transaction.
    `schema` is a checked identifier (`postgres.check_schema_name`).
    """
    try:
        cur = await conn.execute(f'SELECT version_num FROM "{schema}".{VERSION_TABLE}')
    except Exception as exc:
        if getattr(exc, "sqlstate", None) in (UNDEFINED_TABLE, INVALID_SCHEMA_NAME):
            return None
        raise
    row = await cur.fetchone()
    return None if row is None else str(row["version_num"])


async def ensure_postgres_schema(conn: Any, dsn: str, schema: str, where: str) -> bool:
    """Upgrade `schema` at `dsn` to HEAD when `conn` finds it behind (in a worker thread); True if it did."""
    if not needs_upgrade(await postgres_revision(conn, schema), where):
        return False
    from editorial_ai.migrations.runner import upgrade_postgres

    await asyncio.to_thread(upgrade_postgres, dsn, schema)
    return True
