"""What a database's schema looks like, as comparable data: tables, columns, keys, indexes (SQLite, PostgreSQL)."""

from __future__ import annotations

import sqlite3
from typing import Any

# Bookkeeping tables that are not the application's schema.
_SQLITE_SKIP = ("alembic_version", "sqlite_sequence")


def sqlite_shape(path: Any) -> dict[str, Any]:
    """Every application table of the SQLite file: columns, foreign keys, indexes, and a virtual table's SQL."""
    conn = sqlite3.connect(path)
    try:
        shape: dict[str, Any] = {}
        tables = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall()
        for name, sql in tables:
            if name in _SQLITE_SKIP or name.startswith("post_fts_"):  # FTS5 keeps its own shadow tables
                continue
            if sql.upper().startswith("CREATE VIRTUAL TABLE"):
                shape[name] = sql[sql.upper().index(" USING "):]
                continue
            indexes = {}
            for _, index, unique, origin, partial in conn.execute(f"PRAGMA index_list({name})"):
                columns = [row[2] for row in conn.execute(f"PRAGMA index_info({index})")]
                indexes[index] = (unique, origin, partial, columns)
            shape[name] = {
                "columns": conn.execute(f"PRAGMA table_info({name})").fetchall(),
                "foreign_keys": sorted(row[2:5] for row in conn.execute(f"PRAGMA foreign_key_list({name})")),
                "indexes": indexes,
                "autoincrement": "AUTOINCREMENT" in sql.upper(),
            }
        return shape
    finally:
        conn.close()


def postgres_shape(conn: Any, schema: str) -> dict[str, Any]:
    """Every table of `schema` (psycopg connection): columns, constraints and index definitions."""
    def rows(query: str) -> list[tuple[Any, ...]]:
        return [tuple(str(v).replace(schema, "<schema>") if isinstance(v, str) else v for v in row)
                for row in conn.execute(query, (schema,)).fetchall()]  # fmt: skip

    return {
        "columns": rows(
            "SELECT table_name, ordinal_position, column_name, data_type, is_nullable, column_default, is_identity, "
            "identity_generation FROM information_schema.columns WHERE table_schema = %s AND table_name <> "
            "'alembic_version' ORDER BY table_name, ordinal_position"
        ),
        "constraints": rows(
            "SELECT t.relname, c.conname, c.contype, pg_get_constraintdef(c.oid) FROM pg_constraint c "
            "JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace "
            "WHERE n.nspname = %s AND t.relname <> 'alembic_version' ORDER BY 1, 2"
        ),
        "indexes": rows(
            "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = %s "
            "AND tablename <> 'alembic_version' ORDER BY 1, 2"
        ),
    }
