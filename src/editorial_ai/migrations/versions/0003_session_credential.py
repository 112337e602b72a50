"""Tie each admin UI session to the credential that opened it.

A session records which key it was opened with (`credential`: the reviewer's key id, or a short fingerprint of
ADMIN_API_KEY, or "dev" in dev mode). Every request compares it with the credentials in force, so removing a
reviewer or rotating ADMIN_API_KEY ends the sessions opened with the old key at once. Rows from before this
revision get NULL, which no credential matches: those sessions end and their holders log in again.

Revision ID: 0003_session_credential
Revises: 0002_contents_created_index
"""

from __future__ import annotations

from alembic import op

from editorial_ai.migrations.columns import existing_columns, target_schema, text

revision = "0003_session_credential"
down_revision = "0002_contents_created_index"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "credential" not in existing_columns("admin_sessions"):
        op.add_column("admin_sessions", text("credential", nullable=True), schema=target_schema())


def downgrade() -> None:
    op.drop_column("admin_sessions", "credential", schema=target_schema())
