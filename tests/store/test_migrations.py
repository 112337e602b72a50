"""Versioned migrations: the baseline is the previous release's schema, old databases upgrade in place with their rows,
and opening a current database costs one query and no Alembic import."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.migrations import HEAD, REVISIONS
from editorial_ai.migrations.runner import SCRIPT_LOCATION, upgrade_postgres, upgrade_sqlite
from editorial_ai.store.catalog import SqliteCatalogRepository
from editorial_ai.store.contents import SqliteContentRepository
from editorial_ai.store.schema_version import SchemaTooNewError
from editorial_ai.store.sessions import SqliteSessionStore

from . import legacy_schema
from .conftest import SchemaPool
from .schema_shape import postgres_shape, sqlite_shape

_NOW = "2026-03-01T12:00:00+00:00"


def test_the_listed_revisions_are_the_revision_files_in_order() -> None:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(str(SCRIPT_LOCATION))
    assert tuple(rev.revision for rev in reversed(list(script.walk_revisions()))) == REVISIONS
    assert script.get_heads() == [HEAD]


# ------------------------------------------------------------------------------------------------------ SQLite


def _legacy_sqlite(path: Path) -> None:
    """A file as the previous release left it: its tables, with rows in the contents, log, catalog and runs."""
    conn = sqlite3.connect(path)
    for statement in legacy_schema.sqlite_statements():
        conn.execute(statement)
    conn.executemany(
        "INSERT INTO editorial_contents (id, thread_id, status, title, layout_json, created_at, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(f"c-{i}", f"t-{i}", "pending", f"Old draft {i}", json.dumps({"title": f"Old {i}"}), f"2026-03-0{i}T10:00:00",
          _NOW) for i in (1, 2)],
    )  # fmt: skip
    conn.execute("INSERT INTO review_events (content_id, thread_id, decision, created_at)"
                 " VALUES ('c-1', 't-1', 'approved', ?)", (_NOW,))  # fmt: skip
    conn.execute("INSERT INTO posts (id, image_url, artist_name, title, created_at) VALUES ('p-old', 'u', 'Old Artist',"
                 " 'Old post', ?)", (_NOW,))  # fmt: skip
    conn.execute("INSERT INTO pipeline_runs (thread_id, status, kind, created_at, updated_at, enqueued_at)"
                 " VALUES ('t-1', 'waiting', 'start', 1, 1, 1)")  # fmt: skip
    conn.commit()
    conn.close()


def _revision(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute("SELECT version_num FROM alembic_version")]


def _list_plan(path: Path) -> str:
    """How SQLite runs the contents list's page query (newest first, no filter)."""
    with sqlite3.connect(path) as conn:
        rows = conn.execute("EXPLAIN QUERY PLAN SELECT * FROM editorial_contents ORDER BY created_at DESC LIMIT 20")
        return " | ".join(str(row[-1]) for row in rows)


def test_the_sqlite_baseline_is_exactly_the_previous_schema(tmp_path: Path) -> None:
    old, new = tmp_path / "old.db", tmp_path / "new.db"
    _legacy_sqlite(old)
    upgrade_sqlite(new, "0001_baseline")
    expected = sqlite_shape(old)
    assert sqlite_shape(new) == expected
    assert set(expected) >= {"posts", "post_fts", "editorial_contents", "admin_sessions", "pipeline_runs"}
    upgrade_sqlite(old, "0001_baseline")  # on the previous release's file: records the version, changes nothing
    assert sqlite_shape(old) == expected and _revision(old) == ["0001_baseline"]


async def test_an_sqlite_file_from_the_previous_release_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "editorial.db"
    _legacy_sqlite(path)
    assert "idx_contents_created" not in _list_plan(path)
    contents = SqliteContentRepository(path)
    await contents.initialize()
    assert _revision(path) == [HEAD]
    items, total = await contents.list()
    assert total == 2 and [i.id for i in items] == ["c-2", "c-1"]  # rows kept, newest first
    assert items[1].layout_json == {"title": "Old 1"} and items[1].version == 0
    assert [e.decision for e in await contents.events("c-1")] == ["approved"]
    catalog = SqliteCatalogRepository(path)
    await catalog.initialize()  # posts present: nothing seeded, the old post indexed for search
    assert (await catalog.counts())["posts"] == 1
    assert [p.id for p in await catalog.search_posts("old artist")] == ["p-old"]
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT status FROM pipeline_runs WHERE thread_id = 't-1'").fetchone() == ("waiting",)
    assert "USING INDEX idx_contents_created" in _list_plan(path)
    contents.close()
    catalog.close()


async def test_the_second_revision_is_applied_to_a_file_at_the_baseline(tmp_path: Path) -> None:
    path = tmp_path / "editorial.db"
    upgrade_sqlite(path, "0001_baseline")
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO editorial_contents (id, thread_id, status, created_at, updated_at)"
                     " VALUES ('c-1', 't-1', 'approved', ?, ?)", (_NOW, _NOW))  # fmt: skip
    assert "idx_contents_created" not in _list_plan(path)
    store = SqliteSessionStore(path)  # any store upgrades the shared file
    await store.initialize()
    assert _revision(path) == [HEAD]  # this revision and every later one
    assert "USING INDEX idx_contents_created" in _list_plan(path)
    contents = SqliteContentRepository(path)
    await contents.initialize()
    upgraded = await contents.get("c-1")
    assert upgraded is not None and upgraded.status == "approved"
    store.close()
    contents.close()


async def test_tables_from_before_claims_and_named_reviewers_gain_their_columns(tmp_path: Path) -> None:
    path = tmp_path / "editorial.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE editorial_contents (id TEXT PRIMARY KEY, thread_id TEXT NOT NULL UNIQUE, status TEXT"
                     " NOT NULL, title TEXT NOT NULL DEFAULT '', keyword TEXT NOT NULL DEFAULT '', content_type TEXT"
                     " NOT NULL DEFAULT 'fashion_magazine', layout_json TEXT NOT NULL DEFAULT '{}', review_json TEXT"
                     " NOT NULL DEFAULT '{}', review_summary TEXT NOT NULL DEFAULT '', flags TEXT NOT NULL DEFAULT"
                     " '[]', attempt INTEGER NOT NULL DEFAULT 0, admin_feedback TEXT, rejection_reason TEXT,"
                     " published_path TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, published_at TEXT)")
        conn.execute("CREATE TABLE admin_sessions (id_hash TEXT PRIMARY KEY, csrf_token TEXT NOT NULL,"
                     " authenticated INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, expires_at TEXT NOT NULL,"
                     " revoked_at TEXT)")
        conn.execute("INSERT INTO editorial_contents (id, thread_id, status, created_at, updated_at)"
                     " VALUES ('c-1', 't-1', 'pending', ?, ?)", (_NOW, _NOW))  # fmt: skip
        conn.execute("INSERT INTO admin_sessions VALUES ('h', 'csrf', 1, ?, '2999-01-01T00:00:00+00:00', NULL)",
                     (_NOW,))
    contents = SqliteContentRepository(path)
    await contents.initialize()
    item = await contents.get("c-1")
    assert item is not None and (item.version, item.claim_token, item.claim_event_id) == (0, None, None)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT reviewer FROM admin_sessions WHERE id_hash = 'h'").fetchone() == ("admin",)
    assert _revision(path) == [HEAD]
    contents.close()


async def test_concurrent_openers_of_a_new_file_upgrade_it_once(tmp_path: Path) -> None:
    path = tmp_path / "editorial.db"
    repos: list[Any] = [SqliteContentRepository(path), SqliteCatalogRepository(path), SqliteSessionStore(path)]
    await asyncio.gather(*(repo.initialize() for repo in repos))
    assert _revision(path) == [HEAD]
    for repo in repos:
        repo.close()


async def test_a_file_upgraded_by_a_newer_release_is_refused_with_the_fix(tmp_path: Path) -> None:
    path = tmp_path / "editorial.db"
    upgrade_sqlite(path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099_from_the_future'")
    repo = SqliteContentRepository(path)
    with pytest.raises(SchemaTooNewError, match=r"0099_from_the_future.*newer release.*pip install -U editorial-ai"):
        await repo.initialize()
    repo.close()


_OPEN_AND_REPORT = """
import asyncio, sys
from pathlib import Path
from editorial_ai.store.contents import SqliteContentRepository
repo = SqliteContentRepository(Path(sys.argv[1]))
asyncio.run(repo.initialize())
print(sorted(name for name in ("alembic", "sqlalchemy") if name in sys.modules))
"""


def test_opening_a_current_file_imports_no_alembic(tmp_path: Path) -> None:
    path = tmp_path / "editorial.db"

    def imported() -> list[str]:
        out = subprocess.run([sys.executable, "-c", _OPEN_AND_REPORT, str(path)], capture_output=True, text=True,
                             check=True, timeout=120).stdout  # fmt: skip
        return list(json.loads(out.strip().replace("'", '"')))

    # SQLAlchemy Core writes the contents store's statements, so it is always there; Alembic only for an upgrade.
    assert imported() == ["alembic", "sqlalchemy"]  # a new file: upgraded, so Alembic was needed
    assert imported() == ["sqlalchemy"]  # current: one SELECT, no migration machinery


# -------------------------------------------------------------------------------------------------- PostgreSQL


def _pg(dsn: str) -> Any:
    import psycopg

    return psycopg.connect(dsn, autocommit=True)


def _trgm_schema(conn: Any) -> str:
    conn.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    row = conn.execute("SELECT n.nspname FROM pg_opclass c JOIN pg_namespace n ON n.oid = c.opcnamespace "
                       "WHERE c.opcname = 'gin_trgm_ops' LIMIT 1").fetchone()  # fmt: skip
    return str(row[0])


def _legacy_postgres(conn: Any, schema: str) -> None:
    conn.execute(f'CREATE SCHEMA "{schema}"')
    for statement in legacy_schema.postgres_statements(f'"{schema}"', f'"{_trgm_schema(conn)}"'):
        conn.execute(statement)


def test_the_postgres_baseline_is_exactly_the_previous_schema(pg_schemas: SchemaPool) -> None:
    old, new = pg_schemas.new(), pg_schemas.new()
    with _pg(pg_schemas.dsn) as conn:
        _legacy_postgres(conn, old)
        upgrade_postgres(pg_schemas.dsn, new, "0001_baseline")
        expected = postgres_shape(conn, old)
        assert postgres_shape(conn, new) == expected
        tables = {row[0] for row in expected["columns"]}
        assert tables >= {"posts", "editorial_contents", "review_events", "admin_sessions", "pipeline_runs"}
        upgrade_postgres(pg_schemas.dsn, old, "0001_baseline")  # the previous release's schema: only recorded
        assert postgres_shape(conn, old) == expected


async def test_a_postgres_schema_from_the_previous_release_is_upgraded_in_place(pg_schemas: SchemaPool) -> None:
    from editorial_ai.store.postgres_contents import PostgresContentRepository

    schema = pg_schemas.new()
    with _pg(pg_schemas.dsn) as conn:
        _legacy_postgres(conn, schema)
        conn.execute(f'INSERT INTO "{schema}".editorial_contents (id, thread_id, status, title) '
                     "VALUES ('c-1', 't-1', 'escalated', 'Old draft')")  # fmt: skip
    repo = PostgresContentRepository(pg_schemas.dsn, schema=schema)
    await asyncio.gather(repo.initialize(), PostgresContentRepository(pg_schemas.dsn, schema=schema).initialize())
    item = await repo.get("c-1")
    assert item is not None and (item.status, item.title, item.version) == ("escalated", "Old draft", 0)
    with _pg(pg_schemas.dsn) as conn:
        assert conn.execute(f'SELECT version_num FROM "{schema}".alembic_version').fetchall() == [(HEAD,)]
        index = conn.execute("SELECT indexdef FROM pg_indexes WHERE schemaname = %s AND indexname = "
                             "'idx_contents_created'", (schema,)).fetchone()  # fmt: skip
    assert index is not None and "(created_at)" in index[0]
    await repo.aclose()


async def test_upgrades_of_sqlite_and_postgres_at_once_in_one_process_stay_apart(
    tmp_path: Path, pg_schemas: SchemaPool
) -> None:
    schemas = [pg_schemas.new() for _ in range(3)]
    files = [tmp_path / f"{n}.db" for n in range(3)]
    await asyncio.gather(*(asyncio.to_thread(upgrade_sqlite, path) for path in files),
                         *(asyncio.to_thread(upgrade_postgres, pg_schemas.dsn, s) for s in schemas))  # fmt: skip
    assert all(_revision(path) == [HEAD] for path in files)
    with _pg(pg_schemas.dsn) as conn:
        for schema in schemas:
            assert conn.execute(f'SELECT version_num FROM "{schema}".alembic_version').fetchall() == [(HEAD,)]
