"""Versioned storage schema: Alembic revisions shared by SQLite and PostgreSQL (docs/storage.md).

Every database the stores use (the SQLite file, or one PostgreSQL schema) records its revision in
`alembic_version`. `REVISIONS` lists them oldest first; opening a store compares the recorded one with `HEAD`
(one query, `editorial_ai.store.schema_version`) and imports Alembic only when an upgrade is due, because
importing it and SQLAlchemy costs a few hundred milliseconds that every CLI command would otherwise pay.
"""

from __future__ import annotations

# Oldest first; a test checks this against the revision files so the two cannot drift.
REVISIONS: tuple[str, ...] = ("0001_baseline", "0002_contents_created_index", "0003_session_credential",
                              "0004_content_readers")
HEAD = REVISIONS[-1]
VERSION_TABLE = "alembic_version"
