"""Curation finds what the catalog holds (tags, brands, products, artists) and names the nearest keywords."""

from __future__ import annotations

from pathlib import Path

import pytest

from editorial_ai.content_types.research_brief.models import BriefRequest
from editorial_ai.content_types.research_brief.service import NoPassagesError, ResearchBriefService, gather_passages
from editorial_ai.llm.scripted import ScriptedClient, load_scenario
from editorial_ai.services.curation import CurationService, gather_facts, nearest_keywords
from editorial_ai.store.catalog import SqliteCatalogRepository, load_sample_catalog


@pytest.fixture
async def catalog(tmp_path: Path) -> SqliteCatalogRepository:
    repo = SqliteCatalogRepository(tmp_path / "catalog.db")
    await repo.initialize()
    return repo


def _tagged(tag: str) -> int:
    return sum(tag in s["metadata"]["keywords"] for s in load_sample_catalog()["solutions"])


@pytest.mark.parametrize(("keyword", "tag"), [("Quiet Luxury", "quiet luxury"), ("Gorpcore", "gorpcore")])
async def test_trend_tags_curate_although_no_post_title_names_them(catalog: SqliteCatalogRepository, keyword: str,
                                                                   tag: str) -> None:
    assert _tagged(tag) >= 20  # the sample catalog carries the tag on products, never in post titles
    facts = await gather_facts(catalog, keyword, [])
    assert facts.post_count > 0 and facts.celebrities and facts.brands
    client = ScriptedClient(load_scenario("happy"))
    topics = await CurationService(client, catalog).curate({"seed_keyword": keyword})
    assert topics and topics[0].keyword == keyword and not topics[0].low_quality


@pytest.mark.parametrize("keyword", ["Maison Margiela", "Chanel 22 Bag", "BLACKPINK"])
async def test_brands_products_and_groups_curate(catalog: SqliteCatalogRepository, keyword: str) -> None:
    assert (await gather_facts(catalog, keyword, [])).post_count > 0


async def test_nothing_matching_names_the_nearest_catalog_keywords(catalog: SqliteCatalogRepository) -> None:
    assert (await nearest_keywords(catalog, "Gorpcor"))[0] == "gorpcore"
    assert "quiet luxury" in await nearest_keywords(catalog, "quiet luxary")
    assert "Jennie" in await nearest_keywords(catalog, "Jenny effect")
    fallback = await nearest_keywords(catalog, "Qxzvw")  # nothing close: a sample of tags, scenes and artists
    vocabulary = await catalog.vocabulary()
    assert fallback and set(fallback) <= vocabulary["tags"] | vocabulary["contexts"] | vocabulary["artists"]


async def test_a_brief_without_passages_stops_instead_of_writing_its_example(
        catalog: SqliteCatalogRepository) -> None:  # fmt: skip
    with pytest.raises(NoPassagesError, match=r"nearest keywords the catalog supports: .*quiet luxury"):
        await gather_passages(catalog, "Qxzvw Luxary")
    client = ScriptedClient(load_scenario("good"))
    with pytest.raises(NoPassagesError, match=r"--passages FILE"):
        await ResearchBriefService(client).run(BriefRequest(topic="Anything", sub_questions=["Who?"], passages=[]))
    assert client.calls == []  # no model call was made
    assert await gather_passages(catalog, "Gorpcore")  # tags find passages too
