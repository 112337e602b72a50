"""Tables of the run registry, which live in the same database as the contents and share its migrations.

The tables are created by the versioned migrations (`editorial_ai.migrations`, baseline revision), like every other
table of that database; `ensure_run_tables` brings the registry's database to the current revision with one query
when it already is. `DDL` is the same schema as plain statements (`{p}` is the schema prefix), kept for callers
that still create the tables themselves: a test holds it equal to the baseline revision.
"""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

RUN_COLUMNS = (
    "thread_id, status, kind, keyword, content_type, created_at, updated_at, enqueued_at, seq, fence, "
    "attempts, lease_owner, lease_expires, current_node, error, content_id, pipeline_status"
)

DDL = (
    """CREATE TABLE IF NOT EXISTS {p}pipeline_runs (
        thread_id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        kind TEXT NOT NULL,
        keyword TEXT NOT NULL DEFAULT '',
        content_type TEXT NOT NULL DEFAULT '',
        payload TEXT NOT NULL DEFAULT '{}',
        created_at DOUBLE PRECISION NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL,
        enqueued_at DOUBLE PRECISION NOT NULL,
        seq INTEGER NOT NULL DEFAULT 0,
        fence INTEGER NOT NULL DEFAULT 0,
        attempts INTEGER NOT NULL DEFAULT 0,
        lease_owner TEXT,
        lease_expires DOUBLE PRECISION,
        current_node TEXT,
        error TEXT,
        content_id TEXT,
        pipeline_status TEXT)""",
    "CREATE INDEX IF NOT EXISTS idx_pipeline_runs_status ON {p}pipeline_runs (status, enqueued_at)",
    "CREATE INDEX IF NOT EXISTS idx_pipeline_runs_created ON {p}pipeline_runs (created_at)",
    """CREATE TABLE IF NOT EXISTS {p}run_executions (
        thread_id TEXT NOT NULL,
        fence INTEGER NOT NULL,
        worker TEXT NOT NULL,
        kind TEXT NOT NULL,
        started_at DOUBLE PRECISION NOT NULL,
        heartbeat_at DOUBLE PRECISION NOT NULL,
        ended_at DOUBLE PRECISION,
        outcome TEXT,
        pickup_ms DOUBLE PRECISION,
        overhead_ms DOUBLE PRECISION,
        heartbeats INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (thread_id, fence))""",
)


async def ensure_run_tables(db: Any) -> bool:
    """Bring the registry's database (a `store.database` SqliteDatabase or PostgresDatabase) to the current schema.

    One query when it is current; the migrations (under their lock) otherwise. True when an upgrade ran.
    """
    from editorial_ai.store.schema_version import ensure_postgres_schema, ensure_sqlite_schema

    if getattr(db, "pool", None) is not None:  # PostgresDatabase: prefix is "<schema>."
        schema = str(db.prefix).removesuffix(".")
        async with db.pool.connection() as conn:
            upgraded: bool = await ensure_postgres_schema(conn, db.pool.conninfo, schema,
                                                          f"PostgreSQL schema {schema!r} (run registry)")  # fmt: skip
            return upgraded

    def check() -> bool:
        conn = sqlite3.connect(db.path, timeout=30, isolation_level=None)
        try:
            return ensure_sqlite_schema(conn, db.path)
        finally:
            conn.close()

    return await asyncio.to_thread(check)
