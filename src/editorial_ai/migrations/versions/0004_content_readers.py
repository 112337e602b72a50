"""Who is reading which content on the desk, shared by every process that opens the database.

One row per (content, editor): when the editor opened it (`since`), when they were last seen on it (`seen`: a page
view or the desk's heartbeat) and when the claim lapses (`expires_at`: `seen` plus the reading time). Every server
worker, the admin UI and the CLI read the same rows, so "in review by NAME" holds across processes; a closed tab
stops renewing its row and the item frees itself at `expires_at`.

Revision ID: 0004_content_readers
Revises: 0003_session_credential
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from editorial_ai.migrations.columns import existing_tables, moment, target_schema, text

revision = "0004_content_readers"
down_revision = "0003_session_credential"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "content_readers" in existing_tables():
        return
    op.create_table(
        "content_readers", text("content_id"), text("reviewer"), moment("since"), moment("seen"),
        moment("expires_at"), sa.PrimaryKeyConstraint("content_id", "reviewer"), schema=target_schema())
    op.create_index("idx_content_readers_expires", "content_readers", ["expires_at"], schema=target_schema())


def downgrade() -> None:
    op.drop_index("idx_content_readers_expires", "content_readers", schema=target_schema(), if_exists=True)
    op.drop_table("content_readers", schema=target_schema())
