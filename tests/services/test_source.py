"""Source: search term expansion and the per-term / total post limits."""

from __future__ import annotations

from pathlib import Path

from editorial_ai.models.catalog import CatalogPost, Product
from editorial_ai.services.source import PER_TERM_LIMIT, TOTAL_LIMIT, expand_terms, readable_date, source_contexts
from editorial_ai.store.catalog import SqliteCatalogRepository


def test_compound_keyword_is_split_and_generic_words_are_dropped() -> None:
    terms = expand_terms([], "Jennie Effect")
    assert terms == ["Jennie Effect", "Jennie"]
    assert "Effect" not in terms and "effect" not in [t.lower() for t in terms]


def test_topics_add_keywords_celebrities_and_related_terms_without_duplicates() -> None:
    topics = [{"keyword": "Jennie Effect", "celebrities": [{"name": "Jennie"}, {"name": "Lisa"}],
               "related_keywords": ["airport fashion", "JENNIE"]}]
    terms = expand_terms(topics, "jennie effect")
    assert terms[0] == "jennie effect"
    assert [t.lower() for t in terms].count("jennie") == 1
    assert {"Lisa", "airport fashion", "airport", "fashion"} <= set(terms)
    assert len({t.lower() for t in terms}) == len(terms)


def test_stopwords_and_one_letter_fragments_are_not_search_terms() -> None:
    terms = expand_terms([], "The Style of V")
    assert terms == ["The Style of V"]


class FakeCatalog:
    """Returns `per_term` distinct posts for any term and records the searches."""

    def __init__(self, per_term: int = 50) -> None:
        self.per_term = per_term
        self.searches: list[tuple[str, int]] = []

    async def search_posts(self, term: str, limit: int = 5) -> list[CatalogPost]:
        self.searches.append((term, limit))
        return [CatalogPost(id=f"{term}-{i}", image_url=f"sample://{term}/{i}", artist_name="Jennie",
                            group_name="BLACKPINK", title=term, context="airport", view_count=i)
                for i in range(min(limit, self.per_term))]

    async def solutions_for_posts(self, post_ids: list[str]) -> dict[str, list[Product]]:
        return {pid: [Product(solution_id=f"s-{pid}", title="Chanel 22 Bag", brand="Chanel")] for pid in post_ids}

    async def known_entities(self) -> dict[str, set[str]]:
        return {"artists": {"Jennie"}, "groups": {"BLACKPINK"}, "brands": {"Chanel"}, "products": {"Chanel 22 Bag"}}

    async def counts(self) -> dict[str, int]:
        return {"posts": self.per_term}

    async def vocabulary(self) -> dict[str, set[str]]:
        return {**await self.known_entities(), "tags": {"bag"}, "contexts": {"airport"}}


async def test_at_most_five_per_term_and_fifteen_in_total() -> None:
    catalog = FakeCatalog()
    topics = [{"keyword": f"topic {i}", "celebrities": [], "related_keywords": []} for i in range(8)]
    contexts = await source_contexts(catalog, topics, "seed")
    assert all(limit == PER_TERM_LIMIT == 5 for _, limit in catalog.searches)
    assert len(contexts) == TOTAL_LIMIT == 15
    per_term: dict[str, int] = {}
    for ctx in contexts:
        per_term[ctx["title"]] = per_term.get(ctx["title"], 0) + 1
    assert max(per_term.values()) <= 5
    assert len(catalog.searches) < len(expand_terms(topics, "seed"))  # stops searching once full


async def test_contexts_are_sorted_by_views_and_carry_their_products() -> None:
    contexts = await source_contexts(FakeCatalog(per_term=3), [], "Jennie")
    views = [c["view_count"] for c in contexts]
    assert views == sorted(views, reverse=True)
    first = contexts[0]
    assert set(first) >= {"post_id", "image_url", "artist_name", "group_name", "title", "context", "view_count",
                          "solutions"}
    assert first["solutions"][0]["solution_id"] == f"s-{first['post_id']}"


async def test_real_catalog_for_jennie_effect(tmp_path: Path) -> None:
    catalog = SqliteCatalogRepository(tmp_path / "c.db")
    await catalog.initialize()
    contexts = await source_contexts(catalog, [{"keyword": "Jennie Effect", "celebrities": [{"name": "Jennie"}]}],
                                     "Jennie Effect")
    assert 1 <= len(contexts) <= 15
    assert len({c["post_id"] for c in contexts}) == len(contexts)
    assert all(c["artist_name"] == "Jennie" or "jennie" in (c["title"] + c["context"]).lower() for c in contexts)
    assert any(c["solutions"] for c in contexts)


def test_dates_read_as_prose_whatever_the_locale() -> None:
    assert readable_date("2026-02-14T06:36:00Z") == "14 February 2026"
    assert readable_date("2025-08-05") == "5 August 2025"
    assert readable_date("not a date") == "" and readable_date(None) == ""


async def test_sourced_posts_carry_their_date(tmp_path: Path) -> None:
    catalog = SqliteCatalogRepository(tmp_path / "c.db")
    await catalog.initialize()
    contexts = await source_contexts(catalog, [], "Jennie Effect")
    assert contexts and all(c["date"] == readable_date(c["created_at"]) != "" for c in contexts)
