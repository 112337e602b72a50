"""Alembic environment: runs the revisions on the connection `editorial_ai.migrations.runner` opened.

The runner holds the database's write lock (SQLite `BEGIN IMMEDIATE`, a PostgreSQL advisory lock) in that
connection's transaction, so concurrent processes upgrade one after another and never both.
"""

from __future__ import annotations

from alembic import context

_connection = context.config.attributes.get("connection")
if _connection is None:
    raise RuntimeError(
        "editorial_ai migrations run through editorial_ai.migrations.runner (opening a store upgrades its "
        "database); the bare `alembic` command has no database to use"
    )
context.configure(connection=_connection, version_table_schema=context.config.attributes.get("schema"))
with context.begin_transaction():
    context.run_migrations()
