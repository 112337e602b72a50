"""The trigram-indexed catalog search returns exactly what the folded LIKE scan returned, and reuses connections."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.models.catalog import CatalogPost
from editorial_ai.store.catalog import SqliteCatalogRepository, load_sample_catalog
from editorial_ai.store.sqlite_pool import SqliteConnectionPool

_COLUMNS = "p.id, p.image_url, p.artist_name, p.group_name, p.title, p.context, p.view_count, p.status, p.created_at"


def _fold(value: str) -> str:
    import unicodedata

    return unicodedata.normalize("NFKC", value).casefold()


def scan_search(db_path: Path, term: str, limit: int) -> list[CatalogPost]:
    """The search as it was before the index: one LIKE scan over every post's folded text."""
    escaped = _fold(term.strip()).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    with sqlite3.connect(db_path) as conn:
        conn.row_factory = sqlite3.Row
        rows = conn.execute(
            f"SELECT {_COLUMNS} FROM posts p JOIN post_search s ON s.post_id = p.id WHERE p.status = 'active' "
            "AND s.text LIKE ? ESCAPE '\\' ORDER BY p.view_count DESC, p.id LIMIT ?",
            (f"%{escaped}%", limit),
        )
        result = [CatalogPost.model_validate(dict(row)) for row in rows]
    conn.close()
    return result


def catalog_terms() -> list[str]:
    """Every keyword the sample catalog supports, in the case users type them, plus partial and accented forms."""
    data = load_sample_catalog()
    terms = {p["artist_name"] for p in data["posts"]} | {p["group_name"] for p in data["posts"]}
    terms |= {p["context"] for p in data["posts"]} | {s["brand"] for s in data["solutions"]}
    terms |= {s["title"] for s in data["solutions"]}
    terms |= {k for s in data["solutions"] for k in s["metadata"].get("keywords", [])}
    terms |= {
        "ROSÉ",
        "rose",
        "Alaïa",
        "ALAIA",
        "maison kitsuné",
        "Stüssy",
        "stussy",
        "jen",
        "Je",
        "V",
        "é",
        "",
        "Jennie Effect",
        "JENNIE airport",
        "bag",
        "  chanel  ",
        'say "hi"',
        "100%",
        "a_b",
        "ß",
        "STRASSE",
    }
    return sorted(t for t in terms if isinstance(t, str))


@pytest.fixture
async def sample(tmp_path: Path) -> SqliteCatalogRepository:
    repo = SqliteCatalogRepository(tmp_path / "catalog.db")
    await repo.initialize()
    return repo


async def test_indexed_search_matches_the_scan_on_every_catalog_keyword(sample: SqliteCatalogRepository) -> None:
    terms = catalog_terms()
    assert len(terms) > 300
    matched = 0
    for term in terms:
        for limit in (5, 500):
            found = await sample.search_posts(term, limit=limit)
            assert found == scan_search(sample.db_path, term, limit), (term, limit)
            matched += bool(found)
    assert matched > 500  # the comparison is not between two empty lists


def _post(pid: str, artist: str, group: str, title: str, views: int) -> dict[str, Any]:
    return {"id": pid, "image_url": f"sample://posts/{pid}", "artist_name": artist, "group_name": group,
            "title": title, "context": "street style", "view_count": views, "status": "active",
            "created_at": "2025-05-01T00:00:00Z"}  # fmt: skip


async def test_korean_and_latin_names_mixed(tmp_path: Path) -> None:
    seed = {"posts": [_post("k1", "제니", "블랙핑크", "제니 Jennie 공항 패션 airport", 30),
                      _post("k2", "Rosé", "BLACKPINK", "로제 Rosé 무대 stage", 20),
                      _post("k3", "뷔 (V)", "BTS 방탄소년단", "V 뷔 파리 Paris", 10),
                      _post("k4", "Jennie", "BLACKPINK", "Jennie's café look", 5)]}  # fmt: skip
    repo = SqliteCatalogRepository(tmp_path / "ko.db", seed=seed)
    await repo.initialize()
    expected = {"제니": ["k1"], "제니 jennie": ["k1"], "블랙핑크": ["k1"], "공항 패션": ["k1"], "로제 ROSÉ": ["k2"],
                "뷔": ["k3"], "V": ["k3"], "방탄소년단": ["k3"], "bts 방탄": ["k3"], "Jennie": ["k1", "k4"],
                "CAFÉ": ["k4"], "cafe": [], "파리 paris": ["k3"], "무대": ["k2"]}  # fmt: skip
    for term, ids in expected.items():
        found = await repo.search_posts(term, limit=10)
        assert [p.id for p in found] == ids, term
        assert found == scan_search(repo.db_path, term, 10), term


async def test_search_reads_the_trigram_index(sample: SqliteCatalogRepository) -> None:
    with sqlite3.connect(sample.db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM post_fts").fetchone()[0] == len(load_sample_catalog()["posts"])
        plan = " ".join(
            str(row[-1])
            for row in conn.execute("EXPLAIN QUERY PLAN SELECT post_id FROM post_fts WHERE post_fts MATCH '\"jennie\"'")
        )
    conn.close()
    assert "VIRTUAL TABLE INDEX" in plan


async def test_a_database_indexed_before_the_trigram_table_is_indexed_on_initialize(tmp_path: Path) -> None:
    repo = SqliteCatalogRepository(tmp_path / "old.db")
    await repo.initialize()
    with sqlite3.connect(repo.db_path) as conn:
        conn.execute("DROP TABLE post_fts")
    conn.close()
    stale = SqliteCatalogRepository(repo.db_path)  # not initialized: scans instead of failing
    assert [p.id for p in await stale.search_posts("Jennie")] == [p.id for p in scan_search(
        repo.db_path, "Jennie", 5)]  # fmt: skip
    await SqliteCatalogRepository(repo.db_path).initialize()
    assert await repo.search_posts("Jennie") == scan_search(repo.db_path, "Jennie", 5)


async def test_queries_reuse_pooled_connections(sample: SqliteCatalogRepository, monkeypatch: Any) -> None:
    opened: list[sqlite3.Connection] = []
    original = SqliteConnectionPool._open

    def counting(self: SqliteConnectionPool) -> sqlite3.Connection:
        opened.append(original(self))
        return opened[-1]

    monkeypatch.setattr(SqliteConnectionPool, "_open", counting)
    sample.close()
    for term in ("Jennie", "Chanel", "airport", "V"):
        await sample.search_posts(term)
    await sample.solutions_for_posts(["p001"])
    await sample.vocabulary()
    assert len(opened) == 1


def test_pool_discards_a_connection_left_in_a_transaction(tmp_path: Path) -> None:
    pool = SqliteConnectionPool(tmp_path / "t.db")
    with pool.connection() as conn:
        conn.execute("BEGIN")
    with pool.connection() as again:
        assert again is not conn and not again.in_transaction
    with pytest.raises(sqlite3.OperationalError), pool.connection() as broken:
        broken.execute("SELECT * FROM missing")
    with pool.connection() as fresh:
        assert fresh is not broken
    pool.close()


async def test_postgres_catalog_searches_reuse_pooled_connections(pg_schemas: Any, monkeypatch: Any) -> None:
    import psycopg

    from editorial_ai.store.postgres_catalog import PostgresCatalogRepository

    repo = PostgresCatalogRepository(pg_schemas.dsn, schema=pg_schemas.new())
    await repo.initialize()
    connects: list[str] = []
    original = psycopg.AsyncConnection.connect

    async def counting(*args: Any, **kwargs: Any) -> Any:
        connects.append("connect")
        return await original(*args, **kwargs)

    monkeypatch.setattr(psycopg.AsyncConnection, "connect", counting)
    for term in ("Jennie", "Chanel", "airport", "V", "quiet luxury") * 4:
        assert await repo.search_posts(term) == await repo.search_posts(term.upper())
    assert len(connects) <= 1  # 40 searches on the pool opened by initialize()
    await repo.aclose()
