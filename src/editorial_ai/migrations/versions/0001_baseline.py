"""Baseline: every table the stores created before versioned migrations, exactly as they created them.

Catalog (posts, solutions, spots, artists, brands, post_search and its trigram index), contents and the decision log
(editorial_contents, review_events), admin sessions (admin_sessions) and the run registry (pipeline_runs,
run_executions). A database made before this revision has some or all of these tables and no version record: this
revision then creates only what is missing and adds the columns older releases lacked, so the same upgrade brings
a new, a current and an older database to one schema.

Revision ID: 0001_baseline
Revises:
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

from editorial_ai.migrations.columns import (
    double,
    existing_columns,
    existing_tables,
    flag,
    integer,
    is_postgres,
    json_doc,
    key,
    moment,
    real,
    serial_key,
    target_schema,
    text,
)

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None

logger = logging.getLogger(__name__)

# The FTS5 table the SQLite catalog searches (folded text stored, so the tokenizer must not fold again).
_SQLITE_FTS = ("CREATE VIRTUAL TABLE IF NOT EXISTS post_fts USING fts5(post_id UNINDEXED, text, "
               "tokenize='trigram case_sensitive 1')")


def _tables() -> dict[str, tuple[list[sa.schema.SchemaItem], dict[str, object]]]:
    """Each table's columns and constraints, in creation order (foreign keys point backwards)."""
    schema = target_schema()
    posts_id = f"{schema}.posts.id" if schema else "posts.id"
    solutions_id = f"{schema}.solutions.id" if schema else "solutions.id"
    spots_seq = [sa.Column("seq", sa.BigInteger(), sa.Identity(always=False), nullable=False)] if is_postgres() else []
    return {
        "posts": ([
            key("id"), text("image_url"), text("artist_name"), text("group_name", ""), text("title"),
            text("context", ""), integer("view_count", 0, big=True), text("status", "active"), moment("created_at"),
        ], {}),
        "solutions": ([
            key("id"), text("title"), text("brand"), text("thumbnail_url"),
            integer("price_krw", big=True, nullable=True), json_doc("metadata", "{}"), text("link_type", "direct"),
        ], {}),
        "spots": ([
            *spots_seq, key("id"), text("post_id"), text("solution_id"), real("x"), real("y"),
            sa.ForeignKeyConstraint(["post_id"], [posts_id]), sa.ForeignKeyConstraint(["solution_id"], [solutions_id]),
        ], {}),
        "artists": ([key("id"), text("name"), text("group_name", "")], {}),
        "brands": ([key("id"), text("name")], {}),
        "post_search": ([key("post_id"), text("text"), sa.ForeignKeyConstraint(["post_id"], [posts_id])], {}),
        "editorial_contents": ([
            key("id"), text("thread_id"), text("status"), text("title", ""), text("keyword", ""),
            text("content_type", "fashion_magazine"), json_doc("layout_json", "{}"), json_doc("review_json", "{}"),
            text("review_summary", ""), json_doc("flags", "[]"), integer("attempt", 0),
            text("admin_feedback", nullable=True), text("rejection_reason", nullable=True),
            text("published_path", nullable=True), moment("created_at"), moment("updated_at"),
            moment("published_at", nullable=True), *_claim_columns(), sa.UniqueConstraint("thread_id"),
        ], {}),
        "review_events": ([
            serial_key("id"), text("content_id"), text("thread_id"), text("decision"), text("reviewer", "admin"),
            json_doc("payload", "{}"), moment("created_at"),
        ], {"sqlite_autoincrement": True}),
        "admin_sessions": ([
            key("id_hash"), text("csrf_token"), flag("authenticated"), moment("created_at", default_now=False),
            moment("expires_at", default_now=False), moment("revoked_at", nullable=True), _session_reviewer(),
        ], {}),
        "pipeline_runs": ([
            key("thread_id"), text("status"), text("kind"), text("keyword", ""), text("content_type", ""),
            text("payload", "{}"), double("created_at"), double("updated_at"), double("enqueued_at"),
            integer("seq", 0), integer("fence", 0), integer("attempts", 0), text("lease_owner", nullable=True),
            double("lease_expires", nullable=True), text("current_node", nullable=True),
            text("error", nullable=True), text("content_id", nullable=True), text("pipeline_status", nullable=True),
        ], {}),
        "run_executions": ([
            text("thread_id"), integer("fence"), text("worker"), text("kind"), double("started_at"),
            double("heartbeat_at"), double("ended_at", nullable=True), text("outcome", nullable=True),
            double("pickup_ms", nullable=True), double("overhead_ms", nullable=True), integer("heartbeats", 0),
            sa.PrimaryKeyConstraint("thread_id", "fence"),
        ], {}),
    }


def _claim_columns() -> list[sa.Column[object]]:
    """Columns editorial_contents gained when decisions became claims (added to older tables in place)."""
    return [integer("version", 0), text("claim_token", nullable=True),
            integer("claim_event_id", big=True, nullable=True)]  # fmt: skip


def _session_reviewer() -> sa.Column[object]:
    """The column admin_sessions gained with named reviewers (added to older tables in place)."""
    return text("reviewer", "admin")


_INDEXES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("idx_posts_view_count", "posts", ("view_count",)),
    ("idx_contents_status", "editorial_contents", ("status", "created_at")),
    ("idx_events_content", "review_events", ("content_id",)),
    ("idx_admin_sessions_expiry", "admin_sessions", ("expires_at",)),
    ("idx_pipeline_runs_status", "pipeline_runs", ("status", "enqueued_at")),
    ("idx_pipeline_runs_created", "pipeline_runs", ("created_at",)),
)


def upgrade() -> None:
    schema = target_schema()
    present = existing_tables()
    for name, (items, options) in _tables().items():
        if name not in present:
            op.create_table(name, *items, schema=schema, **options)  # type: ignore[arg-type]
    # Tables from before a column existed (created by an older release) gain it; new tables already have it.
    for table, columns in (("editorial_contents", _claim_columns()), ("admin_sessions", [_session_reviewer()])):
        have = existing_columns(table)
        for column in columns:
            if column.name not in have:
                op.add_column(table, column, schema=schema)
    spots_key = ("post_id", "seq") if is_postgres() else ("post_id",)
    for index, table, index_columns in (*_INDEXES, ("idx_spots_post_id", "spots", spots_key)):
        op.create_index(index, table, list(index_columns), schema=schema, if_not_exists=True)
    if is_postgres():
        _postgres_trigram_index(schema or "public")
    else:
        _sqlite_fts()


def _sqlite_fts() -> None:
    """The catalog's FTS5 trigram table; without it (SQLite < 3.34) searches scan the folded texts instead."""
    bind = op.get_bind()
    try:
        with bind.begin_nested():
            bind.exec_driver_sql(_SQLITE_FTS)
    except sa.exc.OperationalError as exc:
        logger.warning("SQLite has no FTS5 trigram tokenizer (%s): catalog searches scan every post", exc)


def _postgres_trigram_index(schema: str) -> None:
    """A pg_trgm GIN index on the folded texts; a role that may not create the extension keeps sequential scans."""
    bind = op.get_bind()
    try:
        with bind.begin_nested():  # a savepoint: a refused CREATE EXTENSION leaves the rest of the upgrade intact
            bind.exec_driver_sql("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except sa.exc.DBAPIError as exc:
        logger.warning("pg_trgm is unavailable (%s): catalog searches scan every post", str(exc.orig).strip())
        return
    found = bind.execute(sa.text("SELECT n.nspname FROM pg_opclass c JOIN pg_namespace n ON n.oid = c.opcnamespace "
                                 "WHERE c.opcname = 'gin_trgm_ops' LIMIT 1")).scalar()
    preparer = bind.dialect.identifier_preparer
    bind.exec_driver_sql(
        f"CREATE INDEX IF NOT EXISTS idx_post_search_trgm ON {preparer.quote_identifier(schema)}.post_search "
        f"USING gin (text {preparer.quote_identifier(found or 'public')}.gin_trgm_ops)"
    )


def downgrade() -> None:
    raise NotImplementedError("the baseline is the oldest schema: restore a backup to go further back")
