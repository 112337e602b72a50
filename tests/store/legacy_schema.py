"""The schema as the stores created it before versioned migrations (copied from that release, frozen).

Used to build databases "made by the previous version" and to prove the baseline revision creates exactly this.
`{s}` is the quoted PostgreSQL schema.
"""

from __future__ import annotations

SQLITE = (
    """CREATE TABLE IF NOT EXISTS posts (
        id TEXT PRIMARY KEY, image_url TEXT NOT NULL, artist_name TEXT NOT NULL,
        group_name TEXT NOT NULL DEFAULT '', title TEXT NOT NULL, context TEXT NOT NULL DEFAULT '',
        view_count INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL DEFAULT 'active',
        created_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS solutions (
        id TEXT PRIMARY KEY, title TEXT NOT NULL, brand TEXT NOT NULL, thumbnail_url TEXT NOT NULL,
        price_krw INTEGER, metadata TEXT NOT NULL DEFAULT '{}', link_type TEXT NOT NULL DEFAULT 'direct')""",
    """CREATE TABLE IF NOT EXISTS spots (
        id TEXT PRIMARY KEY, post_id TEXT NOT NULL REFERENCES posts(id),
        solution_id TEXT NOT NULL REFERENCES solutions(id), x REAL NOT NULL, y REAL NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS artists (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, group_name TEXT NOT NULL DEFAULT '')""",
    "CREATE TABLE IF NOT EXISTS brands (id TEXT PRIMARY KEY, name TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS post_search (post_id TEXT PRIMARY KEY REFERENCES posts(id), text TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS idx_posts_view_count ON posts(view_count)",
    "CREATE INDEX IF NOT EXISTS idx_spots_post_id ON spots(post_id)",
    "CREATE VIRTUAL TABLE IF NOT EXISTS post_fts USING fts5(post_id UNINDEXED, text, "
    "tokenize='trigram case_sensitive 1')",
    """CREATE TABLE IF NOT EXISTS editorial_contents (
        id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL,
        title TEXT NOT NULL DEFAULT '',
        keyword TEXT NOT NULL DEFAULT '',
        content_type TEXT NOT NULL DEFAULT 'fashion_magazine',
        layout_json TEXT NOT NULL DEFAULT '{}',
        review_json TEXT NOT NULL DEFAULT '{}',
        review_summary TEXT NOT NULL DEFAULT '',
        flags TEXT NOT NULL DEFAULT '[]',
        attempt INTEGER NOT NULL DEFAULT 0,
        admin_feedback TEXT,
        rejection_reason TEXT,
        published_path TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        published_at TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        claim_token TEXT,
        claim_event_id INTEGER)""",
    "CREATE INDEX IF NOT EXISTS idx_contents_status ON editorial_contents(status, created_at)",
    """CREATE TABLE IF NOT EXISTS review_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        content_id TEXT NOT NULL,
        thread_id TEXT NOT NULL,
        decision TEXT NOT NULL,
        reviewer TEXT NOT NULL DEFAULT 'admin',
        payload TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS idx_events_content ON review_events(content_id)",
    """CREATE TABLE IF NOT EXISTS admin_sessions (
        id_hash TEXT PRIMARY KEY,
        csrf_token TEXT NOT NULL,
        authenticated INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        revoked_at TEXT,
        reviewer TEXT NOT NULL DEFAULT 'admin')""",
    "CREATE INDEX IF NOT EXISTS idx_admin_sessions_expiry ON admin_sessions(expires_at)",
)

# The run registry's tables, written once for both dialects (`{p}`: "" on SQLite, the schema and a dot on PostgreSQL).
RUNS = (
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

POSTGRES = (
    """CREATE TABLE IF NOT EXISTS {s}.posts (
        id TEXT PRIMARY KEY, image_url TEXT NOT NULL, artist_name TEXT NOT NULL,
        group_name TEXT NOT NULL DEFAULT '', title TEXT NOT NULL, context TEXT NOT NULL DEFAULT '',
        view_count BIGINT NOT NULL DEFAULT 0, status TEXT NOT NULL DEFAULT 'active',
        created_at TIMESTAMPTZ NOT NULL DEFAULT now())""",
    """CREATE TABLE IF NOT EXISTS {s}.solutions (
        id TEXT PRIMARY KEY, title TEXT NOT NULL, brand TEXT NOT NULL, thumbnail_url TEXT NOT NULL,
        price_krw BIGINT, metadata JSONB NOT NULL DEFAULT '{}'::jsonb, link_type TEXT NOT NULL DEFAULT 'direct')""",
    """CREATE TABLE IF NOT EXISTS {s}.spots (
        seq BIGINT GENERATED BY DEFAULT AS IDENTITY, id TEXT PRIMARY KEY,
        post_id TEXT NOT NULL REFERENCES {s}.posts(id), solution_id TEXT NOT NULL REFERENCES {s}.solutions(id),
        x DOUBLE PRECISION NOT NULL, y DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS {s}.artists (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, group_name TEXT NOT NULL DEFAULT '')""",
    "CREATE TABLE IF NOT EXISTS {s}.brands (id TEXT PRIMARY KEY, name TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS idx_posts_view_count ON {s}.posts (view_count)",
    "CREATE INDEX IF NOT EXISTS idx_spots_post_id ON {s}.spots (post_id, seq)",
    """CREATE TABLE IF NOT EXISTS {s}.post_search (
        post_id TEXT PRIMARY KEY REFERENCES {s}.posts(id), text TEXT NOT NULL)""",
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX IF NOT EXISTS idx_post_search_trgm ON {s}.post_search USING gin (text {trgm}.gin_trgm_ops)",
    """CREATE TABLE IF NOT EXISTS {s}.editorial_contents (
        id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL UNIQUE,
        status TEXT NOT NULL,
        title TEXT NOT NULL DEFAULT '',
        keyword TEXT NOT NULL DEFAULT '',
        content_type TEXT NOT NULL DEFAULT 'fashion_magazine',
        layout_json JSONB NOT NULL DEFAULT '{}'::jsonb,
        review_json JSONB NOT NULL DEFAULT '{}'::jsonb,
        review_summary TEXT NOT NULL DEFAULT '',
        flags JSONB NOT NULL DEFAULT '[]'::jsonb,
        attempt INTEGER NOT NULL DEFAULT 0,
        admin_feedback TEXT,
        rejection_reason TEXT,
        published_path TEXT,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        published_at TIMESTAMPTZ)""",
    "CREATE INDEX IF NOT EXISTS idx_contents_status ON {s}.editorial_contents (status, created_at)",
    """CREATE TABLE IF NOT EXISTS {s}.review_events (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        content_id TEXT NOT NULL,
        thread_id TEXT NOT NULL,
        decision TEXT NOT NULL,
        reviewer TEXT NOT NULL DEFAULT 'admin',
        payload JSONB NOT NULL DEFAULT '{}'::jsonb,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now())""",
    "CREATE INDEX IF NOT EXISTS idx_events_content ON {s}.review_events (content_id)",
    "ALTER TABLE {s}.editorial_contents ADD COLUMN IF NOT EXISTS version INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE {s}.editorial_contents ADD COLUMN IF NOT EXISTS claim_token TEXT",
    "ALTER TABLE {s}.editorial_contents ADD COLUMN IF NOT EXISTS claim_event_id BIGINT",
    """CREATE TABLE IF NOT EXISTS {s}.admin_sessions (
        id_hash TEXT PRIMARY KEY,
        csrf_token TEXT NOT NULL,
        authenticated BOOLEAN NOT NULL DEFAULT FALSE,
        created_at TIMESTAMPTZ NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL,
        revoked_at TIMESTAMPTZ
    )""",
    "CREATE INDEX IF NOT EXISTS idx_admin_sessions_expiry ON {s}.admin_sessions(expires_at)",
    "ALTER TABLE {s}.admin_sessions ADD COLUMN IF NOT EXISTS reviewer TEXT NOT NULL DEFAULT 'admin'",
)


def sqlite_statements() -> list[str]:
    """Every statement the previous version ran on a new SQLite file."""
    return [*SQLITE, *(ddl.replace("{p}", "") for ddl in RUNS)]


def postgres_statements(schema: str, trgm_schema: str = "public") -> list[str]:
    """Every statement the previous version ran on a new PostgreSQL schema (`schema`, `trgm_schema` quoted)."""
    return [*(ddl.replace("{s}", schema).replace("{trgm}", trgm_schema) for ddl in POSTGRES),
            *(ddl.replace("{p}", f"{schema}.") for ddl in RUNS)]  # fmt: skip
