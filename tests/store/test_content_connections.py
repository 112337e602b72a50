"""The contents stores reuse their connections instead of opening one per call, on SQLite and PostgreSQL."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.store.contents import SqliteContentRepository
from editorial_ai.store.factory import open_contents
from editorial_ai.store.sqlite_pool import SqliteConnectionPool

from .conftest import SchemaPool


async def _ten_calls(repo: Any) -> None:
    content_id = await repo.upsert_pending(
        thread_id="t-1", attempt=1, status="pending", title="T", keyword="k", content_type="fashion_magazine",
        layout={}, review={}, flags=[])  # fmt: skip
    for _ in range(3):
        await repo.list()
        await repo.get(content_id)
        await repo.events(content_id)


async def test_sqlite_calls_share_one_pooled_connection(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[sqlite3.Connection] = []
    real_open = SqliteConnectionPool._open

    def counting_open(self: SqliteConnectionPool) -> sqlite3.Connection:
        opened.append(real_open(self))
        return opened[-1]

    monkeypatch.setattr(SqliteConnectionPool, "_open", counting_open)
    repo = SqliteContentRepository(tmp_path / "editorial.db")
    await repo.initialize()
    await _ten_calls(repo)
    assert len(opened) == 1  # calls one after another: the same connection every time
    repo.close()


@pytest.mark.parametrize(("level", "code"), [("normal", 1), ("full", 2)])
async def test_sqlite_commits_wait_for_the_disk_as_the_checkpoints_do(tmp_path: Path, level: str, code: int) -> None:
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_CHECKPOINT_SYNC=level)
    repo = open_contents(settings)
    assert isinstance(repo, SqliteContentRepository)
    await repo.initialize()
    with repo._pool.connection() as conn:
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == code
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    repo.close()


async def test_postgres_calls_share_pooled_connections(pg_schemas: SchemaPool) -> None:
    from editorial_ai.store.postgres_contents import PostgresContentRepository

    repo = PostgresContentRepository(pg_schemas.dsn, schema=pg_schemas.new())
    await repo.initialize()
    await _ten_calls(repo)
    stats = repo._pool.get_stats()
    assert stats["connections_num"] == 1 and stats["requests_num"] >= 11
    await repo.aclose()


async def test_one_process_holds_one_pool_per_database(pg_schemas: SchemaPool, tmp_path: Path) -> None:
    """Contents, catalog and run registry borrow from the same pool; it closes when the last one lets go."""
    from editorial_ai.store.factory import open_run_store
    from editorial_ai.store.postgres_catalog import PostgresCatalogRepository
    from editorial_ai.store.postgres_contents import PostgresContentRepository

    schema = pg_schemas.new()
    contents = PostgresContentRepository(pg_schemas.dsn, schema=schema)
    catalog = PostgresCatalogRepository(pg_schemas.dsn, schema=schema)
    await contents.initialize()
    await catalog.initialize()
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, DATABASE_URL=pg_schemas.dsn, EDITORIAL_AI_DB_SCHEMA=schema)
    registry = await open_run_store(settings)  # the factory's registry, as the server and workers open it
    await _ten_calls(contents)
    await catalog.search_posts("Jennie")
    await registry.enqueue("t-1", "start")
    pool = contents._pool
    assert pool is not None and catalog._pool is pool and getattr(registry.db, "pool", None) is pool
    assert pool.get_stats()["connections_num"] <= 2  # the three share connections, none opens its own
    await contents.aclose()
    await catalog.aclose()
    assert not pool.closed  # the registry still holds it
    await registry.close()
    assert pool.closed
