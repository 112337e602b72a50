"""Deterministic completeness of an article: the parts a feature needs, counted rather than judged.

Also the registry of `validation` criteria: every deterministic check a rubric can name with `check: validation`.
"""

from __future__ import annotations

from collections.abc import Callable

from editorial_ai.models.layout import (
    BodyTextBlock,
    CelebFeatureBlock,
    HashtagBarBlock,
    MagazineLayout,
    ProductShowcaseBlock,
)
from editorial_ai.models.review import CriterionResult
from editorial_ai.review.faithfulness import check_faithfulness
from editorial_ai.review.profile import LengthRule
from editorial_ai.review.specificity import check_specificity
from editorial_ai.review.text_checks import (
    DraftView,
    check_originality,
    check_relevance,
    check_repetition,
)
from editorial_ai.text import word_count

MIN_PARAGRAPHS = 2


def check_completeness(layout: MagazineLayout, criterion: str = "content_completeness",
                       rule: LengthRule | None = None) -> CriterionResult:
    """A celebrity and a product featured, enough non-empty body paragraphs and words, no empty paragraph,
    hashtags present."""
    rule = rule or LengthRule(MIN_PARAGRAPHS, 0)
    all_paragraphs = [p for b in layout.blocks_of(BodyTextBlock) for p in b.paragraphs]
    written = [p for p in all_paragraphs if p.strip()]
    words = word_count(written)
    celebs = sum(len(b.celebs) for b in layout.blocks_of(CelebFeatureBlock))
    products = sum(len(b.products) for b in layout.blocks_of(ProductShowcaseBlock))
    hashtags = sum(len(b.hashtags) for b in layout.blocks_of(HashtagBarBlock))
    missing = []
    if celebs < 1:
        missing.append("feature at least one celebrity from the sources")
    if products < 1:
        missing.append("feature at least one sourced product")
    if len(written) < rule.paragraphs:
        missing.append(f"write at least {rule.paragraphs} body paragraphs (found {len(written)})")
    if len(written) < len(all_paragraphs):
        missing.append(f"fill or remove the {len(all_paragraphs) - len(written)} empty body paragraph(s)")
    if words < rule.words:
        missing.append(f"write at least {rule.words} words of body text (found {words})")
    if hashtags < 1:
        missing.append("add hashtags")
    # Located, so the revision rewrites that paragraph alone.
    missing += [f"body_paragraphs[{i}]: a paragraph of {word_count(p)} words; write it out to at least "
                f"{rule.paragraph_words} words from its facts" for i, p in enumerate(all_paragraphs)
                if p.strip() and word_count(p) < rule.paragraph_words]
    checks = 7
    score = round((checks - len(missing)) / checks, 4)
    if missing:
        return CriterionResult(criterion=criterion, passed=False, severity="major", source="validation",
                               score=score, reason="Incomplete: " + "; ".join(missing) + ".", evidence=missing)
    return CriterionResult(
        criterion=criterion, passed=True, severity="major", source="validation", score=1.0,
        reason=f"{celebs} celebrity, {products} product, {len(written)} paragraphs ({words} words) and "
               f"{hashtags} hashtags present.",
    )


def _completeness(view: DraftView, layout: MagazineLayout | None, criterion: str) -> CriterionResult:
    rule = view.profile.length_rule
    if layout is not None:
        return check_completeness(layout, criterion, rule)
    written = [p for p in view.paragraphs if p.strip()]
    if not written:
        return CriterionResult(criterion=criterion, passed=False, severity="major", source="validation", score=0.0,
                               reason="Incomplete: no text was written.", evidence=["no paragraph"])
    return CriterionResult(criterion=criterion, passed=True, severity="major", source="validation", score=1.0,
                           reason=f"{len(written)} paragraph(s), {word_count(written)} words.")


Validator = Callable[[DraftView, MagazineLayout | None, str], CriterionResult]

# Deterministic validators by criterion name, for rubric criteria with `check: validation`.
VALIDATORS: dict[str, Validator] = {
    "content_completeness": _completeness,
    "trend_relevance": lambda view, _layout, name: check_relevance(view, name),
    "relevance": lambda view, _layout, name: check_relevance(view, name),
    "repetition": lambda view, _layout, name: check_repetition(view, name),
    "originality": lambda view, _layout, name: check_originality(view, name),
    "specificity": lambda view, _layout, name: check_specificity(view, name),
    "faithfulness": lambda view, _layout, name: check_faithfulness(view, name),
}
