"""Curation: research facts for the keyword, then the LLM writes each CuratedTopic (seed 001 section 3.1)."""

from __future__ import annotations

import asyncio
import difflib
from collections import Counter
from dataclasses import dataclass, field

from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest
from editorial_ai.llm.profile import profile_of
from editorial_ai.models.curation import BrandRef, CelebRef, CuratedTopic, TopicWriteup
from editorial_ai.models.state_json import RunInputJson
from editorial_ai.prompts.curation import (
    CURATION_EXAMPLE,
    CURATION_SYSTEM,
    build_curation_prompt,
    build_research_prompt,
)
from editorial_ai.services.source import expand_terms
from editorial_ai.store.catalog import CatalogRepository, search_terms

LOW_QUALITY_BELOW = 0.3
SUGGESTIONS = 6
NEAR = 0.7  # difflib ratio from which a catalog term counts as close to what was typed


async def nearest_keywords(catalog: CatalogRepository, keyword: str, limit: int = SUGGESTIONS) -> list[str]:
    """Catalog terms closest to `keyword` (trend tags, scenes, artists, groups, brands), for an error to suggest.

    A term scores its best similarity to the whole keyword or of one of its words to one of the keyword's words
    ("Jenny effect" -> "Jennie", "quiet luxary" -> "quiet luxury"); when nothing is close, the catalog's trend
    tags are offered instead so the user still sees what it holds.
    """
    vocabulary = await catalog.vocabulary()
    terms = {t.casefold(): t for kind in ("tags", "contexts", "artists", "groups", "brands")
             for t in vocabulary.get(kind, set()) if t.strip()}  # fmt: skip
    query = " ".join(keyword.casefold().split())
    words = [w for w in query.split() if len(w) >= 3]

    def score(term: str) -> float:
        best = difflib.SequenceMatcher(None, query, term).ratio()
        for word in words:
            for part in (p for p in term.split() if len(p) >= 3):
                best = max(best, difflib.SequenceMatcher(None, word, part).ratio())
        return best

    scored = sorted(((score(t), t) for t in terms), key=lambda st: (-st[0], len(st[1]), st[1]))
    close = [terms[t] for s, t in scored if s >= NEAR][:limit]
    # Nothing close: a sample of each kind, so the user sees what sort of keyword the catalog supports.
    sample = [t for kind in ("tags", "contexts", "artists") for t in sorted(vocabulary.get(kind, set()))[:2]]
    return close or sample[:limit]


@dataclass
class TopicFacts:
    """What the catalog knows about one topic."""

    keyword: str
    celebrities: Counter[str] = field(default_factory=Counter)
    brands: Counter[str] = field(default_factory=Counter)
    contexts: Counter[str] = field(default_factory=Counter)
    post_count: int = 0

    def as_text(self) -> str:
        """Facts for the prompt."""
        celebs = ", ".join(f"{n} ({c} posts)" for n, c in self.celebrities.most_common(3)) or "none found"
        brands = ", ".join(n for n, _ in self.brands.most_common(4)) or "none found"
        scenes = ", ".join(n for n, _ in self.contexts.most_common(3)) or "none"
        return f"celebrities: {celebs}; brands: {brands}; scenes: {scenes}; posts: {self.post_count}"


async def gather_facts(catalog: CatalogRepository, keyword: str, extra_terms: list[str]) -> TopicFacts:
    """Count who and what appears in catalog posts matching the keyword and related terms."""
    facts = TopicFacts(keyword=keyword)
    seen: set[str] = set()
    terms = expand_terms([{"keyword": keyword, "related_keywords": extra_terms}], keyword)
    for posts in await search_terms(catalog, terms, limit=5):
        for post in posts:
            if post.id in seen:
                continue
            seen.add(post.id)
            facts.post_count += 1
            facts.celebrities[post.artist_name] += 1
            facts.contexts[post.context] += 1
    for sols in (await catalog.solutions_for_posts(list(seen))).values():
        for sol in sols:
            facts.brands[sol.brand] += 1
    facts.celebrities.pop("", None)
    facts.brands.pop("", None)
    return facts


def subtopic_keywords(main: TopicFacts, seed: str, limit: int = 2) -> list[str]:
    """Two or three related subtopics: the lead celebrity's scenes and the lead brand."""
    subs: list[str] = []
    top_celeb = next(iter(main.celebrities.most_common(1)), (None, 0))[0]
    for scene, _ in main.contexts.most_common(2):
        if top_celeb and scene:
            subs.append(f"{top_celeb} {scene}")
    top_brand = next(iter(main.brands.most_common(1)), (None, 0))[0]
    if top_brand:
        subs.append(f"{top_brand} {seed}".strip())
    return [s for s in subs if s.lower() != seed.lower()][:limit]


class CurationService:
    """Builds CuratedTopic[] for a seed keyword."""

    def __init__(self, llm: LLMClient, catalog: CatalogRepository, *, concurrency: int = 1) -> None:
        """Write topics with `llm`; at most `concurrency` of its calls in flight at once (the provider's limit)."""
        self.llm = llm
        self.catalog = catalog
        self.concurrency = max(1, concurrency)

    async def _write_topic(self, facts: TopicFacts, category: str, research: str, sources: list[str],
                           limit: asyncio.Semaphore) -> CuratedTopic:
        prompt = build_curation_prompt(facts.keyword, facts.as_text() + research, category)
        request = LLMRequest(
            system=CURATION_SYSTEM,
            prompt=prompt,
            few_shot=[CURATION_EXAMPLE],
            output_schema=TopicWriteup,
            temperature=0.4,
            max_tokens=300,
            purpose="curation",
        )
        async with limit:
            result = await self.llm.generate(request)
        writeup: TopicWriteup = result.parsed
        # Relevance is capped by evidence: a topic the catalog barely knows cannot be highly relevant.
        evidence = min(1.0, facts.post_count / 5)
        score = round(min(writeup.relevance_score, 0.4 + 0.6 * evidence) if facts.post_count else 0.0, 3)
        return CuratedTopic(
            keyword=facts.keyword,
            trend_background=writeup.trend_background,
            related_keywords=[k for k in writeup.related_keywords if k.strip()][:5],
            celebrities=[CelebRef(name=n, relevance=f"{c} catalog posts") for n, c in facts.celebrities.most_common(5)],
            brands_products=[BrandRef(name=n, relevance=f"{c} products") for n, c in facts.brands.most_common(6)],
            seasonality=writeup.seasonality or None,
            sources=sources,
            relevance_score=score,
            low_quality=score < LOW_QUALITY_BELOW or facts.post_count == 0,
        )

    async def _web_research(
        self, keyword: str, category: str, celeb: str | None, brand: str | None
    ) -> tuple[str, list[str]]:
        """Search-grounded notes where the model can ground answers in a search (its profile says so); empty
        offline."""
        if not profile_of(self.llm).search_grounding:
            return "", []
        try:
            result = await self.llm.generate(
                LLMRequest(
                    prompt=build_research_prompt(keyword, category, celeb, brand),
                    use_search_grounding=True,
                    temperature=0.3,
                    max_tokens=600,
                    purpose="curation_research",
                )
            )
        except LLMError:
            return "", []
        return f"; web research: {result.text[:800]}", result.grounding_sources

    async def curate(self, curation_input: RunInputJson) -> list[CuratedTopic]:
        """Research and write topics; low-quality topics are filtered out.

        The topics are independent: their catalog lookups and model calls run concurrently (at most
        `concurrency` model calls at once), and the result keeps the main topic first, subtopics in order.
        """
        seed = str(curation_input["seed_keyword"]).strip()
        category = curation_input.get("category") or "fashion"
        extra = [t for t in (curation_input.get("target_celeb"), curation_input.get("target_brand")) if t]
        main = await gather_facts(self.catalog, seed, extra)
        research, sources = await self._web_research(
            seed, category, curation_input.get("target_celeb"), curation_input.get("target_brand")
        )
        limit = asyncio.Semaphore(self.concurrency)

        async def subtopic(keyword: str) -> CuratedTopic:
            return await self._write_topic(await gather_facts(self.catalog, keyword, []), category, "", sources, limit)

        # A TaskGroup, not gather: when one topic fails the others are cancelled instead of left running, and
        # the first failure is raised as itself (an LLMError stays an LLMError for the node and the retries).
        try:
            async with asyncio.TaskGroup() as group:
                tasks = [group.create_task(self._write_topic(main, category, research, sources, limit))]
                tasks += [group.create_task(subtopic(sub)) for sub in subtopic_keywords(main, seed)]
        except ExceptionGroup as failed:
            raise failed.exceptions[0] from None
        topics = [task.result() for task in tasks]
        return [t for t in topics if not t.low_quality]
