"""The run registry's tables come from the storage migrations, and its statements name their columns as migrated."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from editorial_ai.migrations import HEAD
from editorial_ai.migrations.runner import upgrade_sqlite
from editorial_ai.store.database import PostgresDatabase, SqliteDatabase
from editorial_ai.store.run_sql import run_tables
from editorial_ai.store.runs import RunStore

from .conftest import SchemaPool


def test_the_statements_tables_have_the_migrated_columns(tmp_path: Path) -> None:
    path = tmp_path / "editorial.db"
    upgrade_sqlite(path)
    tables = run_tables(None)
    with sqlite3.connect(path) as conn:
        for table in (tables.runs, tables.executions):
            migrated = {row[1] for row in conn.execute(f"PRAGMA table_info({table.name})")}
            assert {column.name for column in table.columns} == migrated, table.name


async def test_an_sqlite_registry_is_migrated_once(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "editorial.db")
    assert await db.ensure_schema() is True
    assert await db.ensure_schema() is False  # current: one query, nothing to do
    with sqlite3.connect(db.path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
    store = RunStore(db)
    await store.initialize()
    assert await store.enqueue("t-1", "start", keyword="Jennie") == 1
    await store.close()


async def test_a_postgres_registry_is_migrated_once(pg_schemas: SchemaPool) -> None:
    db = PostgresDatabase(pg_schemas.dsn, pg_schemas.new())
    await db.open()
    try:
        assert await db.ensure_schema() is True  # creates the schema as well
        assert await db.ensure_schema() is False
        store = RunStore(db)
        assert await store.enqueue("t-1", "start") == 1
        assert await store.enqueue("t-1", "decision") == 2
    finally:
        await db.close()
