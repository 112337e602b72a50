"""Deterministic review throughput: format, claims against sources and counted checks on varied drafts, one core."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import CelebMention, EditorialContent, ProductMention
from editorial_ai.review.engine import ReviewContext, deterministic_review
from editorial_ai.review.format_check import check_format
from editorial_ai.review.rubric import load_rubric
from editorial_ai.services.layout_planner import plan_layout
from editorial_ai.store.catalog import load_sample_catalog


@dataclass
class ThroughputResult:
    """Figures of one throughput run."""

    drafts: int
    seconds: float
    failed: int

    @property
    def per_second(self) -> float:
        """Drafts reviewed per second."""
        return self.drafts / self.seconds if self.seconds else 0.0


def make_corpus(count: int, seed: int = 3) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, set[str]]]:
    """Varied drafts (about a third name an unsourced brand), their sources and the known entities."""
    catalog = load_sample_catalog()
    rng = random.Random(seed)
    artists = [a["name"] for a in catalog["artists"]]
    brands = [b["name"] for b in catalog["brands"]]
    solutions = catalog["solutions"]
    sources = [
        {
            "artist_name": a,
            "group_name": "",
            "solutions": [{"title": s["title"], "brand": s["brand"]} for s in rng.sample(solutions, 6)],
        }
        for a in artists[:4]
    ]
    source_brands = sorted({s["brand"] for p in sources for s in p["solutions"]})
    known = {"artists": set(artists), "groups": set(), "brands": set(brands)}
    drafts = []
    for i in range(count):
        brand = rng.choice(brands if i % 3 == 0 else source_brands)
        celeb = rng.choice(artists[:4])
        body = [
            f"{celeb} was spotted in {brand} pieces at event {i}, and the look spread fast across feeds.",
            f"Stylists point to the cut and the colour; {rng.choice(source_brands)} pieces sold out in days.",
        ]
        content = EditorialContent(
            keyword="bench",
            title=f"{celeb} and the {brand} moment #{i}",
            subtitle="A season in one look",
            body_paragraphs=body,
            product_mentions=[ProductMention(name=f"{brand} Bag", brand=brand)],
            celeb_mentions=[CelebMention(name=celeb)],
            hashtags=["#bench"],
        )
        drafts.append(plan_layout(content, DesignSpec()).model_dump(mode="json"))
    return drafts, sources, known


def run_review_throughput(count: int = 3000) -> ThroughputResult:
    """Review `count` drafts with every deterministic check of the fashion rubric: format, hallucination and
    fact_accuracy (claims against the sources), completeness, relevance, repetition and originality. The judge is
    not part of this figure. Each draft gets its own review context, as in the pipeline."""
    drafts, sources, known = make_corpus(count)
    rubric = load_rubric("fashion_magazine")
    failed = 0
    started = time.perf_counter()
    for draft in drafts:
        verdict, layout = check_format(draft)
        if layout is None or not verdict.passed:
            failed += 1
            continue
        context = ReviewContext(enriched_contexts=sources, known_entities=known)
        if not all(r.passed for r in deterministic_review(layout, rubric, context)):
            failed += 1
    return ThroughputResult(drafts=count, seconds=time.perf_counter() - started, failed=failed)
