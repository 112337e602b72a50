"""Index editorial_contents by creation time: `contents list` without a status filter pages newest first.

Without it the list query sorts every row (SQLite: a temporary B-tree per call); with it the page is read off the
index in order. The status-filtered list already has idx_contents_status (status, created_at).

Revision ID: 0002_contents_created_index
Revises: 0001_baseline
"""

from __future__ import annotations

from alembic import op

from editorial_ai.migrations.columns import target_schema

revision = "0002_contents_created_index"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("idx_contents_created", "editorial_contents", ["created_at"], schema=target_schema(),
                    if_not_exists=True)


def downgrade() -> None:
    op.drop_index("idx_contents_created", "editorial_contents", schema=target_schema(), if_exists=True)
