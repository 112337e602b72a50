"""SqliteCatalogRepository over the shipped sample catalog (and a tiny custom seed)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.store.catalog import CatalogRepository, SqliteCatalogRepository, load_sample_catalog


@pytest.fixture
async def repo(tmp_path: Path) -> SqliteCatalogRepository:
    repository = SqliteCatalogRepository(tmp_path / "catalog.db")
    await repository.initialize()
    return repository


def _post(pid: str, title: str, views: int, status: str = "active") -> dict[str, Any]:
    return {
        "id": pid, "image_url": f"sample://posts/{pid}", "artist_name": "Tester", "group_name": "",
        "title": title, "context": "street style", "view_count": views, "status": status,
        "created_at": "2025-05-01T00:00:00Z",
    }  # fmt: skip


def test_sample_catalog_is_labelled_and_large_enough() -> None:
    data = load_sample_catalog()
    assert "SAMPLE DATA" in data["notice"] and "fictional" in data["notice"]
    jennie = [p for p in data["posts"] if p["artist_name"] == "Jennie" and p["status"] == "active"]
    assert len(jennie) >= 8
    assert all(p["image_url"].startswith("sample://posts/") for p in data["posts"])
    assert all(s["thumbnail_url"].startswith("sample://solutions/") for s in data["solutions"])
    per_post: dict[str, int] = {}
    for spot in data["spots"]:
        per_post[spot["post_id"]] = per_post.get(spot["post_id"], 0) + 1
        assert 0 <= spot["position"]["x"] <= 1 and 0 <= spot["position"]["y"] <= 1
    assert set(per_post) == {p["id"] for p in data["posts"]}
    assert all(1 <= n <= 4 for n in per_post.values())


async def test_counts_meet_minimums(repo: SqliteCatalogRepository) -> None:
    assert isinstance(repo, CatalogRepository)
    counts = await repo.counts()
    assert counts["artists"] >= 20 and counts["brands"] >= 30
    assert counts["posts"] >= 100 and counts["solutions"] >= 200
    assert counts["spots"] >= counts["posts"]


async def test_search_is_case_insensitive_and_ordered(repo: SqliteCatalogRepository) -> None:
    lower = await repo.search_posts("jennie effect", limit=50)
    upper = await repo.search_posts("JENNIE EFFECT", limit=50)
    assert lower == upper and len(lower) >= 4
    views = [p.view_count for p in lower]
    assert views == sorted(views, reverse=True)
    assert all(p.status == "active" for p in lower)
    assert await repo.search_posts("rosé") == await repo.search_posts("ROSÉ") != []


async def test_search_matches_group_and_context(repo: SqliteCatalogRepository) -> None:
    by_group = await repo.search_posts("blackpink", limit=100)
    assert {p.artist_name for p in by_group} == {"Jennie", "Lisa", "Rosé", "Jisoo"}
    by_context = await repo.search_posts("airport", limit=100)
    assert by_context and all("airport" in (p.context + p.title).lower() for p in by_context)


async def test_search_filters_inactive_and_respects_limit(repo: SqliteCatalogRepository) -> None:
    jennie = await repo.search_posts("Jennie", limit=100)
    total = sum(1 for p in load_sample_catalog()["posts"] if p["artist_name"] == "Jennie")
    assert 8 <= len(jennie) < total
    assert len(await repo.search_posts("Jennie", limit=3)) == 3
    assert await repo.search_posts("Jennie", limit=0) == []


async def test_search_treats_wildcards_literally(tmp_path: Path) -> None:
    seed = {"posts": [_post("p1", "100% cotton tee", 10), _post("p2", "1000 cotton tees", 20),
                      _post("p3", "snake_case looks", 5), _post("p4", "snakeXcase", 30)]}  # fmt: skip
    repo = SqliteCatalogRepository(tmp_path / "c.db", seed=seed)
    await repo.initialize()
    assert [p.id for p in await repo.search_posts("100%")] == ["p1"]
    assert [p.id for p in await repo.search_posts("e_c")] == ["p3"]
    assert [p.id for p in await repo.search_posts("cotton")] == ["p2", "p1"]
    default = SqliteCatalogRepository(tmp_path / "d.db")
    await default.initialize()
    assert await default.search_posts("%") == []
    assert await default.search_posts("_") == []


async def test_solutions_join(repo: SqliteCatalogRepository) -> None:
    posts = await repo.search_posts("Jennie effect", limit=10)
    ids = [p.id for p in posts]
    result = await repo.solutions_for_posts([*ids, "missing"])
    assert set(result) == {*ids, "missing"} and result["missing"] == []
    solutions = [s for sols in result.values() for s in sols]
    assert all(1 <= len(result[pid]) <= 4 for pid in ids)
    first = solutions[0]
    assert set(first.model_dump()) == {"solution_id", "title", "brand", "thumbnail_url", "metadata", "link_type",
                                           "price_krw"}
    assert isinstance(first.metadata["keywords"], list) and first.metadata["qa_pairs"]
    assert first.link_type in {"affiliate", "direct"}
    brands = {s.brand for s in solutions}
    assert {"Chanel", "Calvin Klein"} <= brands
    assert await repo.solutions_for_posts([]) == {}


async def test_initialize_is_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "twice.db"
    first = SqliteCatalogRepository(path)
    await first.initialize()
    before = await first.counts()
    await first.initialize()
    await SqliteCatalogRepository(path).initialize()
    assert await first.counts() == before


async def test_concurrent_initialize_does_not_duplicate(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    repos = [SqliteCatalogRepository(path) for _ in range(3)]
    await asyncio.gather(*(r.initialize() for r in repos))
    data = load_sample_catalog()
    counts = await repos[0].counts()
    assert counts["posts"] == len(data["posts"]) and counts["spots"] == len(data["spots"])
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(DISTINCT id) FROM posts").fetchone()[0] == counts["posts"]
    conn.close()


async def test_known_entities(repo: SqliteCatalogRepository) -> None:
    entities = await repo.known_entities()
    assert set(entities) == {"artists", "groups", "brands", "products"}
    assert "Jennie" in entities["artists"] and "BLACKPINK" in entities["groups"]
    assert "Chanel" in entities["brands"] and "Chanel Classic Flap Bag" in entities["products"]
    assert "" not in entities["groups"]
