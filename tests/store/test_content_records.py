"""SQLite and PostgreSQL hand back equal records for the same stored row, through every read of the store."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from editorial_ai.models.content_record import ContentRecord, DecisionEvent
from editorial_ai.store.content_query import ContentQuery
from editorial_ai.store.content_store import SqlContentRepository
from editorial_ai.store.contents import SqliteContentRepository

from .conftest import SchemaPool, Stores

CREATED = "2026-03-01T12:00:00.123456+00:00"
PUBLISHED = "2026-03-01T12:30:00+00:00"


async def _store_row(repo: SqlContentRepository, **overrides: Any) -> None:
    """One content and one decision event written as given (fixed id and times), each value bound the way the
    repository's own backend binds it."""
    d = repo.dialect
    values: dict[str, Any] = {
        "id": "c-1", "thread_id": "t-1", "status": "published", "title": "The Jennie Effect", "keyword": "Jennie",
        "content_type": "fashion_magazine", "layout_json": d.json({"title": "The Jennie Effect", "blocks": []}),
        "review_json": d.json({"passed": True, "composite_score": 0.82, "summary": "Passed."}),
        "review_summary": "Passed.", "flags": d.json(["judge_skipped"]), "attempt": 2, "version": 3,
        "admin_feedback": None, "rejection_reason": None, "published_path": "/out/c-1.html",
        "created_at": d.time(CREATED), "updated_at": d.time(PUBLISHED), "published_at": d.time(PUBLISHED),
        "claim_token": None, "claim_event_id": None, **overrides,
    }  # fmt: skip
    async with repo._transaction() as unit:
        await unit.count(sa.insert(d.tables.contents).values(**values))
        await unit.count(sa.insert(d.tables.events).values(
            content_id="c-1", thread_id="t-1", decision="approved", reviewer="kim",
            payload=d.json({"note": "ok", "from_status": "pending"}), created_at=d.time(CREATED)))


async def _reads(repo: SqlContentRepository) -> tuple[Any, ...]:
    found, total = await repo.search(ContentQuery(text="jennie", status="published", min_score=0.5))
    return (await repo.get("c-1"), await repo.get_by_thread("t-1"), await repo.list(), await repo.list("published"),
            (found, total), await repo.events("c-1"), await repo.events(),
            await repo.recent_events("fashion_magazine"))  # fmt: skip


async def test_sqlite_and_postgresql_return_equal_records_for_the_same_row(tmp_path: Path,
                                                                           pg_schemas: SchemaPool) -> None:
    from editorial_ai.store.postgres_contents import PostgresContentRepository

    sqlite = SqliteContentRepository(tmp_path / "records.db")
    postgres = PostgresContentRepository(pg_schemas.dsn, schema=pg_schemas.new())
    await asyncio.gather(sqlite.initialize(), postgres.initialize())
    try:
        await asyncio.gather(_store_row(sqlite), _store_row(postgres))
        left, right = await _reads(sqlite), await _reads(postgres)
    finally:
        await postgres.aclose()
    assert left == right
    record = left[0]
    assert isinstance(record, ContentRecord) and record == left[1] and left[2] == ([record], 1) == left[4]
    assert record.created_at == CREATED and record.published_at == PUBLISHED  # timestamptz read back as ISO text
    assert record.layout_json == {"title": "The Jennie Effect", "blocks": []} and record.flags == ["judge_skipped"]
    assert (record.admin_feedback, record.claim_token, record.claim_event_id) == (None, None, None)
    event = left[5][0]
    assert isinstance(event, DecisionEvent) and event.id == 1 and event.created_at == CREATED
    assert event.payload == {"note": "ok", "from_status": "pending"} and left[6] == left[7] == [event]
    # The boundary of JSON output gives the same document from either database.
    assert record.model_dump(mode="json") == right[0].model_dump(mode="json")


async def test_nullable_text_columns_read_as_none_and_json_as_documents(stores: Stores) -> None:
    repo = stores.contents()
    await repo.initialize()
    await _store_row(repo, status="pending", published_path=None, published_at=None, rejection_reason=None)
    record = await repo.get("c-1")
    assert record is not None
    assert (record.published_path, record.published_at, record.rejection_reason) == (None, None, None)
    assert record.review_json["composite_score"] == 0.82 and isinstance(record.version, int)
    moved = await repo.transition("c-1", expected=("pending",), new_status="rejected", rejection_reason="Off")
    after = await repo.get("c-1")
    assert moved and after is not None and after.rejection_reason == "Off" and after.version == 4
