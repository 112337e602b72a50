"""The run registry's tables come from the storage migrations; its plain DDL stays equal to the baseline revision."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from editorial_ai.migrations import HEAD
from editorial_ai.migrations.runner import upgrade_sqlite
from editorial_ai.store.database import PostgresDatabase, SqliteDatabase
from editorial_ai.worker.runstore import RunStore
from editorial_ai.worker.runstore_schema import DDL, ensure_run_tables

_RUN_TABLES = ("pipeline_runs", "run_executions")


def _shape(path: Path) -> dict[str, tuple[list[Any], list[Any]]]:
    """Columns and indexes (with their columns) of the registry's tables in an SQLite file."""
    with sqlite3.connect(path) as conn:
        return {
            table: (
                conn.execute(f"PRAGMA table_info({table})").fetchall(),
                sorted((index[1], index[2], [c[2] for c in conn.execute(f"PRAGMA index_info({index[1]})")])
                       for index in conn.execute(f"PRAGMA index_list({table})")),
            )
            for table in _RUN_TABLES
        }


def test_the_registry_ddl_equals_the_baseline_revision(tmp_path: Path) -> None:
    by_ddl, by_revision = tmp_path / "ddl.db", tmp_path / "baseline.db"
    with sqlite3.connect(by_ddl) as conn:
        for statement in DDL:
            conn.execute(statement.replace("{p}", ""))
    upgrade_sqlite(by_revision, "0001_baseline")
    expected = _shape(by_ddl)
    assert all(columns for columns, _ in expected.values())
    assert _shape(by_revision) == expected


async def test_ensure_run_tables_migrates_an_sqlite_registry_once(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "editorial.db")
    assert await ensure_run_tables(db) is True
    assert await ensure_run_tables(db) is False  # current: one query, nothing to do
    with sqlite3.connect(db.path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
    assert await RunStore(db).enqueue("t-1", "start", keyword="Jennie") == 1


async def test_ensure_run_tables_migrates_a_postgres_registry_once(postgres_dsn: str, pg_schema: str) -> None:
    db = PostgresDatabase(postgres_dsn, pg_schema)
    await db.open()
    try:
        assert await ensure_run_tables(db) is True  # creates the schema as well
        assert await ensure_run_tables(db) is False
        store = RunStore(db)
        assert await store.enqueue("t-1", "start") == 1
        assert await store.enqueue("t-1", "decision") == 2
    finally:
        await db.close()
