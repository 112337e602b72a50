"""Decision claims on every backend: status, event and owner token in one transaction; versions; migration."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import pytest

from editorial_ai.store.contents import AWAITING, SqliteContentRepository

from .conftest import SchemaPool, Stores

# editorial_contents as the first release created it (no version, no claim columns).
_OLD_SQLITE_TABLE = """
CREATE TABLE editorial_contents (
    id TEXT PRIMARY KEY, thread_id TEXT NOT NULL UNIQUE, status TEXT NOT NULL, title TEXT NOT NULL DEFAULT '',
    keyword TEXT NOT NULL DEFAULT '', content_type TEXT NOT NULL DEFAULT 'fashion_magazine',
    layout_json TEXT NOT NULL DEFAULT '{}', review_json TEXT NOT NULL DEFAULT '{}',
    review_summary TEXT NOT NULL DEFAULT '', flags TEXT NOT NULL DEFAULT '[]', attempt INTEGER NOT NULL DEFAULT 0,
    admin_feedback TEXT, rejection_reason TEXT, published_path TEXT, created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL, published_at TEXT);
INSERT INTO editorial_contents (id, thread_id, status, created_at, updated_at)
    VALUES ('c-old', 't-old', 'pending', '2025-01-01T00:00:00+00:00', '2025-01-01T00:00:00+00:00');
"""
_OLD_POSTGRES_TABLE = """
CREATE TABLE {}.editorial_contents (
    id TEXT PRIMARY KEY, thread_id TEXT NOT NULL UNIQUE, status TEXT NOT NULL, title TEXT NOT NULL DEFAULT '',
    keyword TEXT NOT NULL DEFAULT '', content_type TEXT NOT NULL DEFAULT 'fashion_magazine',
    layout_json JSONB NOT NULL DEFAULT '{{}}'::jsonb, review_json JSONB NOT NULL DEFAULT '{{}}'::jsonb,
    review_summary TEXT NOT NULL DEFAULT '', flags JSONB NOT NULL DEFAULT '[]'::jsonb,
    attempt INTEGER NOT NULL DEFAULT 0, admin_feedback TEXT, rejection_reason TEXT, published_path TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(), updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    published_at TIMESTAMPTZ)
"""


def _draft(thread_id: str = "t-1", attempt: int = 1) -> dict[str, Any]:
    return {"thread_id": thread_id, "attempt": attempt, "status": "pending", "title": "The Jennie Effect",
            "keyword": "Jennie", "content_type": "fashion_magazine", "layout": {}, "review": {}, "flags": []}


def _claim(contents: Any, content_id: str, version: int, token: str, **extra: Any) -> Any:
    return contents.claim_decision(content_id, version=version, expected=AWAITING, new_status="approved",
                                   token=token, decision="approved", reviewer="kim", payload={"decision": "approved"},
                                   **extra)


@pytest.fixture
async def contents(stores: Stores) -> Any:
    repository = stores.contents()
    await repository.initialize()
    return repository


async def test_a_claim_writes_status_event_and_token_together(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft())
    before = await contents.get(content_id)
    event_id = await _claim(contents, content_id, before.version, "tok-1", admin_feedback="fine")
    after = await contents.get(content_id)
    assert isinstance(event_id, int)
    assert (after.status, after.claim_token, after.claim_event_id) == ("approved", "tok-1", event_id)
    assert after.version == before.version + 1 and after.admin_feedback == "fine"
    events = await contents.events(content_id)
    assert [(e.id, e.decision, e.thread_id) for e in events] == [(event_id, "approved", "t-1")]


async def test_a_stale_version_or_status_claims_nothing(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft())
    version = (await contents.get(content_id)).version
    assert await _claim(contents, content_id, version + 1, "stale") is None
    assert await _claim(contents, content_id, version, "first") is not None
    assert await _claim(contents, content_id, version + 1, "late") is None  # right version, status no longer awaiting
    assert len(await contents.events(content_id)) == 1
    assert (await contents.get(content_id)).claim_token == "first"


async def test_concurrent_claims_have_one_winner_and_one_event(stores: Stores) -> None:
    first = stores.contents()
    await first.initialize()
    content_id = await first.upsert_pending(**_draft())
    version = (await first.get(content_id)).version
    repos = [stores.contents() for _ in range(12)]  # separate connections, as separate processes would use
    results = await asyncio.gather(*(_claim(r, content_id, version, f"tok-{i}") for i, r in enumerate(repos)))
    winners = [i for i, r in enumerate(results) if r is not None]
    assert len(winners) == 1
    assert len(await first.events(content_id)) == 1
    assert (await first.get(content_id)).claim_token == f"tok-{winners[0]}"


async def test_the_claim_is_taken_over_and_released_by_its_owner_only(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft())
    await _claim(contents, content_id, (await contents.get(content_id)).version, "owner")
    assert not await contents.take_over_claim(content_id, token="someone", new_token="thief")
    assert await contents.take_over_claim(content_id, token="owner", new_token="resumer")
    assert not await contents.release_claim(content_id, token="owner")
    assert await contents.release_claim(content_id, token="resumer")
    assert (await contents.get(content_id)).claim_token is None


async def test_a_new_attempt_bumps_the_version(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft())
    v1 = (await contents.get(content_id)).version
    await contents.upsert_pending(**_draft())  # same attempt: nothing changes
    assert (await contents.get(content_id)).version == v1
    await contents.upsert_pending(**_draft(attempt=2))
    assert (await contents.get(content_id)).version == v1 + 1


async def test_an_sqlite_database_from_before_claims_is_upgraded(tmp_path: Any) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:  # the table as the first release created it, with one pending row
        conn.executescript(_OLD_SQLITE_TABLE)
    repo = SqliteContentRepository(path)
    await asyncio.gather(repo.initialize(), SqliteContentRepository(path).initialize())  # concurrent upgraders
    old = await repo.get("c-old")
    assert old is not None and (old.version, old.claim_token) == (0, None)
    assert await _claim(repo, "c-old", 0, "tok") is not None


async def test_a_postgres_database_from_before_claims_is_upgraded(pg_schemas: SchemaPool) -> None:
    import psycopg
    from psycopg import sql

    from editorial_ai.store.postgres_contents import PostgresContentRepository

    schema = pg_schemas.new()
    with psycopg.connect(pg_schemas.dsn, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
        conn.execute(sql.SQL(_OLD_POSTGRES_TABLE).format(sql.Identifier(schema)))
        conn.execute(sql.SQL("INSERT INTO {}.editorial_contents (id, thread_id, status) VALUES ('c-old', 't-old',"
                             " 'pending')").format(sql.Identifier(schema)))
    repo = PostgresContentRepository(pg_schemas.dsn, schema=schema)
    await repo.initialize()
    old = await repo.get("c-old")
    assert old is not None and (old.version, old.claim_token) == (0, None)
    assert await _claim(repo, "c-old", 0, "tok") is not None
