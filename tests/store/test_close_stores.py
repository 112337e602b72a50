"""Closing the stores a pipeline opened: no PostgreSQL pool task outlives it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.pipeline.runner import open_pipeline
from editorial_ai.store.factory import close_stores

from .conftest import SchemaPool


def _pool_tasks() -> list[str]:
    return [t.get_name() for t in asyncio.all_tasks() if t.get_name().startswith("editorial_ai-")]


async def test_close_stores_closes_async_and_sync_repositories_and_ignores_the_rest() -> None:
    closed: list[str] = []

    class Pooled:
        async def aclose(self) -> None:
            closed.append("pooled")

    class Local:
        def close(self) -> None:
            closed.append("local")

    await close_stores(Pooled(), Local(), object())
    assert closed == ["pooled", "local"]


async def test_a_pipeline_on_postgres_leaves_no_pool_task_running(pg_schemas: SchemaPool, tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, database_url=pg_schemas.dsn, database_schema=pg_schemas.new())
    async with open_pipeline(settings) as pipeline:
        await pipeline.deps.contents.list()
        assert _pool_tasks()  # the pools are open while the pipeline is
        contents: Any = pipeline.deps.contents
    assert _pool_tasks() == [] and contents._pool is None
