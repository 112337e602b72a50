"""Tables of the run registry: the same statements on SQLite and PostgreSQL (`{p}` is the schema prefix)."""

from __future__ import annotations

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
