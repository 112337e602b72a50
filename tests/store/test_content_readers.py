"""Who reads which content, on every backend: a claim written through one repository is read through another on the
same database (two processes), keeps its start while renewed, and lapses by itself at its expiry."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from editorial_ai.migrations.runner import upgrade_sqlite
from editorial_ai.pipeline.assignments import Assignments
from editorial_ai.store.contents import SqliteContentRepository

from .conftest import Stores

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


async def _two(stores: Stores) -> tuple[Any, Any]:
    first, second = stores.contents(), stores.contents()  # one database, two repositories (two processes)
    await first.initialize()
    await second.initialize()
    return first, second


def _names(found: dict[str, list[dict[str, Any]]], content_id: str) -> list[str]:
    return [str(r["reviewer"]) for r in found.get(content_id, [])]


async def test_a_reader_written_by_one_repository_is_read_by_another(stores: Stores) -> None:
    first, second = await _two(stores)
    await first.touch_reader("c1", "Mina", ttl_s=60, now=_at(0))
    await second.touch_reader("c1", "Kim", ttl_s=60, now=_at(10))
    await second.touch_reader("c2", "Kim", ttl_s=60, now=_at(10))
    found = await first.readers_of(["c1", "c2", "c3"], now=_at(20))
    assert _names(found, "c1") == ["Mina", "Kim"] and _names(found, "c2") == ["Kim"] and "c3" not in found
    mina = found["c1"][0]
    assert datetime.fromisoformat(mina["since"]) == _at(0) and datetime.fromisoformat(mina["expires_at"]) == _at(60)
    await first.drop_reader("c1", "Kim")
    assert _names(await second.readers_of(["c1"], now=_at(20)), "c1") == ["Mina"]
    assert await first.readers_of([]) == {}


async def test_a_renewed_claim_keeps_its_start_and_an_abandoned_one_lapses(stores: Stores) -> None:
    first, second = await _two(stores)
    await first.touch_reader("c1", "Mina", ttl_s=60, now=_at(0))
    await first.touch_reader("c1", "Mina", ttl_s=60, now=_at(50))  # the desk's heartbeat
    [mina] = (await second.readers_of(["c1"], now=_at(100)))["c1"]
    assert datetime.fromisoformat(mina["since"]) == _at(0) and datetime.fromisoformat(mina["expires_at"]) == _at(110)
    assert await second.readers_of(["c1"], now=_at(110)) == {}  # the tab was closed: the claim lapsed
    await second.touch_reader("c2", "Kim", ttl_s=60, now=_at(120))  # any write drops lapsed claims
    await first.touch_reader("c1", "Mina", ttl_s=60, now=_at(130))  # back later: a new claim
    [mina] = (await second.readers_of(["c1"], now=_at(130)))["c1"]
    assert datetime.fromisoformat(mina["since"]) == _at(130)


async def test_the_registry_names_the_others_first_come_first(stores: Stores) -> None:
    first, second = await _two(stores)
    mine, theirs = Assignments(first, ttl_s=60), Assignments(second, ttl_s=60)
    now = datetime.now(UTC).timestamp()
    await mine.touch("c1", "Mina", now=now)
    await theirs.touch("c1", "Kim", now=now + 1)
    assert [r.name for r in await theirs.others("c1", "Kim", now=now + 2)] == ["Mina"]
    assert [r.name for r in await mine.others("c1", "Lee", now=now + 2)] == ["Mina", "Kim"]
    assert await mine.others_of(["c1", "c2"], "Lee", now=now + 100) == {}
    await theirs.leave("c1", "Kim")
    assert [r.name for r in await mine.others("c1", "Lee", now=now + 2)] == ["Mina"]


async def test_the_readers_table_is_added_to_a_database_at_the_previous_revision(tmp_path: Path) -> None:
    path = tmp_path / "editorial.db"
    upgrade_sqlite(path, "0003_session_credential")
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO editorial_contents (id, thread_id, status, created_at, updated_at)"
                     " VALUES ('c-1', 't-1', 'pending', '2026-03-01T12:00:00+00:00', '2026-03-01T12:00:00+00:00')")
        assert "content_readers" not in {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    contents = SqliteContentRepository(path)
    await contents.initialize()
    await contents.touch_reader("c-1", "Mina", ttl_s=60, now=_at(0))
    assert _names(await contents.readers_of(["c-1"], now=_at(1)), "c-1") == ["Mina"]
    item = await contents.get("c-1")
    assert item is not None and item.status == "pending"
    contents.close()
