"""`python -m editorial_ai.migrations [--check]`: bring the configured database to the newest schema revision.

Stores upgrade on first use anyway; this runs the upgrade ahead of a deployment, or (`--check`) reports the recorded
revision and exits 1 when it is behind, without changing anything. The database comes from the settings
(EDITORIAL_AI_DB_PATH / DATABASE_URL and EDITORIAL_AI_DB_SCHEMA), as for every other command.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from typing import Any

from editorial_ai.config import ConfigError, Settings
from editorial_ai.migrations import HEAD


async def _postgres_revision(dsn: str, schema: str) -> str | None:
    import psycopg
    from psycopg.rows import dict_row

    from editorial_ai.store.schema_version import postgres_revision

    conn: Any = await psycopg.AsyncConnection.connect(dsn, autocommit=True, row_factory=dict_row)
    try:
        return await postgres_revision(conn, schema)
    finally:
        await conn.close()


def recorded_revision(settings: Settings) -> tuple[str, str | None]:
    """Where the configured database is (for messages) and the revision it records (None: none yet)."""
    from editorial_ai.store.factory import storage_plan
    from editorial_ai.store.schema_version import sqlite_revision

    plan = storage_plan(settings)
    if plan.contents == "postgres" and plan.database_url:
        from editorial_ai.store.postgres import describe_dsn

        where = f"PostgreSQL {describe_dsn(plan.database_url)} schema {plan.schema}"
        return where, asyncio.run(_postgres_revision(plan.database_url, plan.schema))
    path = settings.resolved_db_path
    if not path.exists():
        return f"SQLite {path}", None
    conn = sqlite3.connect(path)
    try:
        return f"SQLite {path}", sqlite_revision(conn)
    finally:
        conn.close()


def main(argv: list[str] | None = None) -> int:
    """Upgrade (or with --check only report); the exit status says whether the database is current."""
    parser = argparse.ArgumentParser(prog="python -m editorial_ai.migrations", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report the revision; exit 1 when behind")
    args = parser.parse_args(argv)
    try:
        settings = Settings()
        where, before = recorded_revision(settings)
        if args.check or before == HEAD:
            print(f"{where}: at {before or 'no recorded revision'}; newest is {HEAD}")
            return 0 if before == HEAD else 1
        from editorial_ai.migrations.runner import upgrade_postgres, upgrade_sqlite
        from editorial_ai.store.factory import storage_plan
        from editorial_ai.store.schema_version import needs_upgrade

        needs_upgrade(before, where)  # refuses a revision from a newer release, naming the fix
        plan = storage_plan(settings)
        if plan.contents == "postgres" and plan.database_url:
            upgrade_postgres(plan.database_url, plan.schema)
        else:
            settings.ensure_dirs()
            upgrade_sqlite(settings.resolved_db_path)
        print(f"{where}: upgraded from {before or 'no recorded revision'} to {HEAD}")
        return 0
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
