"""Storage fixtures: every repository test runs on SQLite and, when a server answers, on PostgreSQL.

PostgreSQL tests use `EDITORIAL_AI_TEST_DATABASE_URL` (default: postgresql://postgres@127.0.0.1:5432/test) and
work in throw-away schemas named `eai_test_<random>` that are dropped afterwards, so they never touch `public`.
When the server is unreachable or psycopg is missing, the postgres parameters are skipped with the reason.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.store.catalog import SqliteCatalogRepository
from editorial_ai.store.contents import SqliteContentRepository
from editorial_ai.store.database import Database, PostgresDatabase, SqliteDatabase
from editorial_ai.store.runs import RunStore

# Read at import: the autouse isolation fixture removes EDITORIAL_AI_* variables before each test.
TEST_DATABASE_URL = os.environ.get("EDITORIAL_AI_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
BACKENDS = ("sqlite", "postgres")


@pytest.fixture(scope="session")
def postgres_dsn() -> str:
    """The test database's connection string, or a skip saying why PostgreSQL cannot be used."""
    try:
        import psycopg
    except ImportError:
        pytest.skip("psycopg is not installed (pip install 'editorial-ai[postgres]'); PostgreSQL tests skipped")
    from editorial_ai.store.postgres import describe_dsn

    try:
        with psycopg.connect(TEST_DATABASE_URL, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        pytest.skip(f"PostgreSQL is not reachable at {describe_dsn(TEST_DATABASE_URL)} "
                    f"(set EDITORIAL_AI_TEST_DATABASE_URL): {str(exc).strip()}")  # fmt: skip
    return TEST_DATABASE_URL


@dataclass
class SchemaPool:
    """Hands out fresh schema names and drops every one of them at teardown."""

    dsn: str
    run: str = field(default_factory=lambda: uuid.uuid4().hex[:10])
    names: list[str] = field(default_factory=list)

    def new(self) -> str:
        name = f"eai_test_{self.run}_{len(self.names)}"
        self.names.append(name)
        return name

    def drop_all(self) -> None:
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.dsn, autocommit=True) as conn:
            for name in self.names:
                conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(name)))


@pytest.fixture
def pg_schemas(postgres_dsn: str) -> Iterator[SchemaPool]:
    """Isolated PostgreSQL schemas for one test, dropped afterwards."""
    pool = SchemaPool(postgres_dsn)
    yield pool
    pool.drop_all()


@dataclass
class Stores:
    """Builds repositories of one backend; the same `name` means the same underlying database."""

    backend: str
    tmp_path: Path
    dsn: str | None = None
    pool: SchemaPool | None = None
    _schemas: dict[str, str] = field(default_factory=dict)

    def schema(self, name: str = "main") -> str:
        assert self.pool is not None
        if name not in self._schemas:
            self._schemas[name] = self.pool.new()
        return self._schemas[name]

    def catalog(self, name: str = "main", *, seed: Mapping[str, Any] | None = None) -> Any:
        if self.backend == "postgres":
            from editorial_ai.store.postgres_catalog import PostgresCatalogRepository

            assert self.dsn is not None
            return PostgresCatalogRepository(self.dsn, schema=self.schema(name), seed=seed)
        return SqliteCatalogRepository(self.tmp_path / f"{name}.db", seed=seed)

    def contents(self, name: str = "main") -> Any:
        if self.backend == "postgres":
            from editorial_ai.store.postgres_contents import PostgresContentRepository

            assert self.dsn is not None
            return PostgresContentRepository(self.dsn, schema=self.schema(name))
        return SqliteContentRepository(self.tmp_path / f"{name}.db")


@pytest.fixture(params=BACKENDS)
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Stores:
    """Repository builders for each backend in turn (postgres skipped with the reason when unavailable)."""
    if request.param == "postgres":
        pool: SchemaPool = request.getfixturevalue("pg_schemas")
        return Stores("postgres", tmp_path, dsn=pool.dsn, pool=pool)
    return Stores("sqlite", tmp_path)


@pytest.fixture
async def runs(stores: Stores) -> AsyncIterator[RunStore]:
    """A run registry on each backend, its tables made by the migrations as in a deployment."""
    db: Database
    if stores.backend == "postgres":
        assert stores.dsn is not None
        db = PostgresDatabase(stores.dsn, stores.schema())
        await db.open()
    else:
        db = SqliteDatabase(stores.tmp_path / "main.db")
    registry = RunStore(db)
    await registry.initialize()
    yield registry
    await registry.close()


@pytest.fixture(autouse=True)
async def _close_postgres_pools(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[None]:
    """Every PostgreSQL pool a test opens is closed before the test's event loop ends.

    A repository left open keeps its pool's scheduler and workers running; the loop's shutdown then cancels them and
    waits, which now and then never returned (a whole suite hung in that teardown).
    """
    from editorial_ai.store import pg_pool

    opened: list[Any] = []
    real = pg_pool.open_pool

    def tracking(*args: Any, **kwargs: Any) -> Any:
        pool = real(*args, **kwargs)
        opened.append(pool)
        return pool

    monkeypatch.setattr(pg_pool, "open_pool", tracking)
    yield
    for pool in opened:
        await pool.close()

