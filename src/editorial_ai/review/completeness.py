"""Deterministic completeness of an article: the parts a feature needs, counted rather than judged."""

from __future__ import annotations

from editorial_ai.models.layout import (
    BodyTextBlock,
    CelebFeatureBlock,
    HashtagBarBlock,
    MagazineLayout,
    ProductShowcaseBlock,
)
from editorial_ai.models.review import CriterionResult

MIN_PARAGRAPHS = 2


def check_completeness(layout: MagazineLayout, criterion: str = "content_completeness") -> CriterionResult:
    """At least one celebrity and one product featured, two or more body paragraphs, hashtags present."""
    paragraphs = sum(len([p for p in b.paragraphs if p.strip()]) for b in layout.blocks_of(BodyTextBlock))
    celebs = sum(len(b.celebs) for b in layout.blocks_of(CelebFeatureBlock))
    products = sum(len(b.products) for b in layout.blocks_of(ProductShowcaseBlock))
    hashtags = sum(len(b.hashtags) for b in layout.blocks_of(HashtagBarBlock))
    missing = []
    if celebs < 1:
        missing.append("feature at least one celebrity from the sources")
    if products < 1:
        missing.append("feature at least one sourced product")
    if paragraphs < MIN_PARAGRAPHS:
        missing.append(f"write at least {MIN_PARAGRAPHS} body paragraphs (found {paragraphs})")
    if hashtags < 1:
        missing.append("add hashtags")
    checks = 4
    score = round((checks - len(missing)) / checks, 4)
    if missing:
        return CriterionResult(
            criterion=criterion,
            passed=False,
            severity="major",
            source="validation",
            score=score,
            reason="Incomplete: " + "; ".join(missing) + ".",
        )
    return CriterionResult(
        criterion=criterion,
        passed=True,
        severity="major",
        source="validation",
        score=1.0,
        reason=f"{celebs} celebrity, {products} product, {paragraphs} paragraphs and {hashtags} hashtags present.",
    )


# Deterministic validators by criterion name, for rubric criteria with `check: validation`.
VALIDATORS = {"content_completeness": check_completeness}
