"""Alembic revisions, one file each, applied in the order their down_revision links give."""
