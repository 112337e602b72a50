"""Choosing storage backends from settings: embedded SQLite by default."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from editorial_ai.config import Settings
from editorial_ai.store.catalog import CatalogRepository, SqliteCatalogRepository
from editorial_ai.store.contents import ContentRepository, SqliteContentRepository


async def open_stores(settings: Settings) -> tuple[CatalogRepository, ContentRepository]:
    """Initialized catalog and content repositories (tables created and seeded on first use)."""
    settings.ensure_dirs()
    catalog = SqliteCatalogRepository(settings.resolved_db_path)
    await catalog.initialize()
    contents = SqliteContentRepository(settings.resolved_db_path)
    await contents.initialize()
    return catalog, contents


@asynccontextmanager
async def open_checkpointer(settings: Settings) -> AsyncIterator[Any]:
    """The LangGraph checkpointer that makes runs durable across processes."""
    async with AsyncSqliteSaver.from_conn_string(str(settings.resolved_checkpoint_path)) as saver:
        yield saver
