"""`contents list`: stored titles and keywords are printed as written, never read as console markup."""

from __future__ import annotations

import asyncio
from pathlib import Path

from typer.testing import CliRunner

from editorial_ai.cli.main import app
from editorial_ai.store.contents import SqliteContentRepository


def _store(data_dir: Path, title: str, keyword: str) -> None:
    async def go() -> None:
        repo = SqliteContentRepository(data_dir / "editorial.db")
        await repo.initialize()
        await repo.upsert_pending(thread_id="t-1", attempt=1, status="pending", title=title, keyword=keyword,
                                  content_type="fashion_magazine", layout={}, review={}, flags=[])  # fmt: skip
        repo.close()

    asyncio.run(go())


def test_the_list_prints_bracketed_titles_and_keywords_verbatim(data_dir: Path) -> None:
    _store(data_dir, "[new] Jennie's look [/] in Seoul", "[bold]denim")
    result = CliRunner().invoke(app, ["contents", "list"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "[new] Jennie's look [/] in Seoul" in result.output
    assert "[bold]denim" in result.output
