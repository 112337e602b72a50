"""Choosing storage backends from settings: embedded SQLite by default, PostgreSQL and Supabase when configured.

Rules (docs/storage.md):

* `EDITORIAL_AI_STORAGE=sqlite` keeps everything in the embedded SQLite files, whatever else is set.
* `EDITORIAL_AI_STORAGE=postgres` puts contents, decision log, checkpoints and (without SUPABASE_URL) the
  catalog in PostgreSQL at DATABASE_URL, which is then required.
* `EDITORIAL_AI_STORAGE=supabase` reads the catalog from Supabase (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY
  required); contents and checkpoints go to DATABASE_URL when set, else to SQLite.
* Unset: PostgreSQL when DATABASE_URL is set, else SQLite; the catalog comes from Supabase when SUPABASE_URL
  is set.
"""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from editorial_ai.config import ConfigError, Settings

if TYPE_CHECKING:  # imported where used: `contents list` never loads the catalog modules
    from editorial_ai.store.catalog import CatalogRepository, InitializableCatalog
    from editorial_ai.store.contents import ContentRepository
    from editorial_ai.store.runs import RunStore

CatalogBackend = Literal["sqlite", "postgres", "supabase"]
ContentsBackend = Literal["sqlite", "postgres"]
_OFFLINE_DB = "or unset it to use the embedded SQLite database"


@dataclass(frozen=True)
class StoragePlan:
    """Where each kind of state lives (checkpoints always live with the contents)."""

    catalog: CatalogBackend
    contents: ContentsBackend
    database_url: str | None = None
    schema: str = "public"

    def describe(self) -> str:
        """One line for logs and health output, without credentials."""
        where = "SQLite"
        if self.contents == "postgres" and self.database_url:
            from editorial_ai.store.postgres import describe_dsn

            where = f"PostgreSQL {describe_dsn(self.database_url)} (schema {self.schema})"
        return f"contents and checkpoints: {where}; catalog: {self.catalog}"


def _clean(value: str | None) -> str | None:
    return value.strip() if value and value.strip() else None


def storage_plan(settings: Settings) -> StoragePlan:
    """The backends `settings` select; ConfigError naming the variable when one needs a missing setting."""
    choice = (_clean(settings.storage_backend) or "").lower() or None
    database_url = _clean(settings.database_url)
    supabase_url = _clean(settings.supabase_url)
    if choice == "sqlite":
        return StoragePlan("sqlite", "sqlite", schema=settings.database_schema)
    if choice == "postgres" and database_url is None:
        raise ConfigError(
            "EDITORIAL_AI_STORAGE=postgres needs DATABASE_URL (postgresql://user:password@host:5432/dbname): "
            "set it, or unset EDITORIAL_AI_STORAGE to use the embedded SQLite database"
        )
    if choice == "supabase" and supabase_url is None:
        raise ConfigError(
            "EDITORIAL_AI_STORAGE=supabase needs SUPABASE_URL (https://<project>.supabase.co) and "
            "SUPABASE_SERVICE_ROLE_KEY: set them, or unset EDITORIAL_AI_STORAGE to use the embedded SQLite database"
        )
    contents: ContentsBackend = "postgres" if database_url else "sqlite"
    catalog: CatalogBackend = "supabase" if supabase_url else contents
    if catalog == "supabase":
        key = settings.supabase_service_role_key
        if key is None or not key.get_secret_value().strip():
            raise ConfigError(
                "SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is missing: set it (Project Settings > API > "
                "service_role), or unset SUPABASE_URL to use the embedded SQLite catalog"
            )
    return StoragePlan(catalog, contents, database_url=database_url, schema=settings.database_schema)


def _postgres(module: str = "postgres") -> Any:
    """A PostgreSQL store module, or ConfigError with the install command when the driver is missing."""
    try:
        postgres = importlib.import_module(f"editorial_ai.store.{module}")
    except ImportError as exc:
        raise ConfigError(
            f"DATABASE_URL is set but the PostgreSQL driver is not installed ({exc.name}): "
            f"pip install 'editorial-ai[postgres]', {_OFFLINE_DB}"
        ) from exc
    return postgres


def open_catalog(settings: Settings, plan: StoragePlan | None = None) -> InitializableCatalog:
    """The catalog repository `settings` select (not yet initialized)."""
    plan = plan or storage_plan(settings)
    if plan.catalog == "supabase":
        from editorial_ai.store.supabase import SupabaseCatalogRepository

        key = settings.supabase_service_role_key
        return SupabaseCatalogRepository(settings.supabase_url or "", key.get_secret_value() if key else "")
    if plan.catalog == "postgres":
        repository: InitializableCatalog = _postgres("postgres_catalog").PostgresCatalogRepository(plan.database_url,
                                                                               schema=plan.schema)
        return repository
    from editorial_ai.store.catalog import SqliteCatalogRepository

    return SqliteCatalogRepository(settings.resolved_db_path)


def open_contents(settings: Settings, plan: StoragePlan | None = None) -> ContentRepository:
    """The content repository `settings` select (not yet initialized)."""
    plan = plan or storage_plan(settings)
    if plan.contents == "postgres":
        module = _postgres("postgres_contents")
        repository: ContentRepository = module.PostgresContentRepository(plan.database_url, schema=plan.schema)
        return repository
    from editorial_ai.store.contents import SqliteContentRepository

    return SqliteContentRepository(settings.resolved_db_path, synchronous=settings.checkpoint_sync)


async def open_run_store(settings: Settings, plan: StoragePlan | None = None) -> RunStore:
    """The run registry, initialized, in the contents' database. On PostgreSQL it borrows the process's pool to that
    database (store/pg_pool.py), the one the repositories use: one pool per database per process."""
    from editorial_ai.store.database import Database, PostgresDatabase, SqliteDatabase
    from editorial_ai.store.runs import RunStore

    plan = plan or storage_plan(settings)
    db: Database
    if plan.contents == "postgres" and plan.database_url:
        _postgres("pg_pool")  # the driver's absence named with the install command
        pg = PostgresDatabase(plan.database_url, plan.schema)
        await pg.open()
        db = pg
    else:
        settings.resolved_db_path.parent.mkdir(parents=True, exist_ok=True)
        db = SqliteDatabase(settings.resolved_db_path)
    store = RunStore(db)
    try:
        await store.initialize()
    except BaseException:
        await store.close()  # a pool borrowed for nothing goes back
        raise
    return store


async def close_stores(*repositories: Any) -> None:
    """Release the repositories' connections: pooled PostgreSQL connections (`aclose`, whose pool keeps tasks on the
    event loop until closed) and pooled SQLite connections (`close`). Safe on any repository, any number of times."""
    for repository in repositories:
        if hasattr(repository, "aclose"):
            await repository.aclose()
        elif hasattr(repository, "close"):
            repository.close()


async def open_stores(settings: Settings) -> tuple[CatalogRepository, ContentRepository]:
    """Initialized catalog and content repositories (tables created and seeded on first use)."""
    plan = storage_plan(settings)
    settings.ensure_dirs()
    catalog = open_catalog(settings, plan)
    await catalog.initialize()
    contents = open_contents(settings, plan)
    await contents.initialize()
    return catalog, contents


@asynccontextmanager
async def open_checkpointer(settings: Settings) -> AsyncIterator[Any]:
    """The LangGraph checkpointer that makes runs durable across processes (lives with the contents)."""
    plan = storage_plan(settings)
    if plan.contents == "postgres" and plan.database_url:
        postgres = _postgres()
        from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver

        conn_string = postgres.with_search_path(plan.database_url, plan.schema)
        # The lock's own connection fails first, with the fix, when the server is unreachable.
        async with (
            postgres.checkpointer_setup_lock(plan.database_url, plan.schema),  # also creates the schema
            AsyncPostgresSaver.from_conn_string(conn_string) as setup_saver,
        ):
            await setup_saver.setup()
        from editorial_ai.store.pg_pool import open_checkpoint_pool  # why a pool, and its settings: there

        async with open_checkpoint_pool(conn_string) as pool:
            yield AsyncPostgresSaver(pool)
        return
    from editorial_ai.store.sqlite_checkpoints import open_sqlite_saver  # imports langgraph only when called

    async with open_sqlite_saver(settings.resolved_checkpoint_path, settings.checkpoint_sync) as saver:
        yield saver
