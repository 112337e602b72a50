"""Grounding: every celebrity, brand and product named in a draft must exist in the sources."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from editorial_ai.models.layout import (
    BodyTextBlock,
    CelebFeatureBlock,
    HeadlineBlock,
    HeroBlock,
    MagazineLayout,
    ProductShowcaseBlock,
    PullQuoteBlock,
)
from editorial_ai.models.review import CriterionResult


@lru_cache(maxsize=65536)
def normalize(name: str) -> str:
    """Case-, accent- and punctuation-insensitive form of a name."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    return re.sub(r"[^a-z0-9&]+", " ", plain).strip()


@dataclass
class SourceFacts:
    """Names the sources allow, and names known to exist anywhere (to spot leaks)."""

    people: set[str] = field(default_factory=set)
    brands: set[str] = field(default_factory=set)
    products: set[str] = field(default_factory=set)
    known_people: set[str] = field(default_factory=set)
    known_brands: set[str] = field(default_factory=set)

    @cached_property
    def allowed(self) -> frozenset[str]:
        """All allowed names, normalized (computed once per facts object)."""
        return frozenset(normalize(n) for n in self.people | self.brands | self.products if n.strip())


def facts_from_sources(
    curated_topics: Iterable[dict[str, Any]],
    enriched_contexts: Iterable[dict[str, Any]],
    known_entities: dict[str, set[str]] | None = None,
) -> SourceFacts:
    """Collect allowed names from curated topics and sourced posts."""
    facts = SourceFacts()
    for topic in curated_topics:
        facts.people.update(c.get("name", "") for c in topic.get("celebrities", []))
        facts.brands.update(b.get("name", "") for b in topic.get("brands_products", []))
    for post in enriched_contexts:
        facts.people.update(filter(None, [post.get("artist_name"), post.get("group_name")]))
        for sol in post.get("solutions", []):
            facts.products.add(sol.get("title", ""))
            if sol.get("brand"):
                facts.brands.add(sol["brand"])
    known = known_entities or {}
    facts.known_people = set(known.get("artists", set())) | set(known.get("groups", set()))
    facts.known_brands = set(known.get("brands", set()))
    return facts


@lru_cache(maxsize=4096)
def _is_allowed(name: str, allowed: frozenset[str]) -> bool:
    key = normalize(name)
    if not key or key in allowed:
        return True
    return any(len(a) >= 4 and (a in key or key in a) for a in allowed)


@lru_cache(maxsize=64)
def _name_matcher(names: frozenset[str]) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    """One alternation regex over all known names (longest first), and normalized -> original."""
    originals = {normalize(n): n for n in sorted(names) if normalize(n)}
    if not originals:
        return None, {}
    alternation = "|".join(re.escape(k) for k in sorted(originals, key=len, reverse=True))
    return re.compile(rf"(?<![a-z0-9])(?:{alternation})(?![a-z0-9])"), originals


def _texts(layout: MagazineLayout) -> list[str]:
    texts = [layout.title]
    for block in layout.blocks:
        if isinstance(block, HeroBlock):
            texts += [block.overlay_title, block.overlay_subtitle]
        elif isinstance(block, HeadlineBlock):
            texts.append(block.text)
        elif isinstance(block, BodyTextBlock):
            texts += block.paragraphs
        elif isinstance(block, PullQuoteBlock):
            texts += [block.quote, block.attribution]
    return texts


def ungrounded_names(layout: MagazineLayout, facts: SourceFacts) -> list[str]:
    """Names in the draft that the sources do not support, in first-seen order."""
    allowed = facts.allowed
    found: list[str] = []

    def flag(name: str) -> None:
        if name and not _is_allowed(name, allowed) and name not in found:
            found.append(name)

    for block in layout.blocks:
        if isinstance(block, CelebFeatureBlock):
            for celeb in block.celebs:
                flag(celeb.name)
        elif isinstance(block, ProductShowcaseBlock):
            for product in block.products:
                flag(product.brand)
                if not product.product_id:
                    flag(product.name)
    pattern, originals = _name_matcher(frozenset(facts.known_people | facts.known_brands))
    if pattern is not None:
        text_norm = normalize(" \n ".join(_texts(layout)))
        for hit in sorted({m.group(0) for m in pattern.finditer(text_norm)}):
            flag(originals[hit])
    return found


def check_grounding(layout: MagazineLayout, facts: SourceFacts, criterion: str = "hallucination") -> CriterionResult:
    """Fail `hallucination` listing every unsupported name as actionable feedback."""
    unknown = ungrounded_names(layout, facts)
    if unknown:
        names = ", ".join(unknown)
        return CriterionResult(
            criterion=criterion,
            passed=False,
            severity="critical",
            source="grounding",
            score=0.0,
            evidence=unknown,
            reason=f"Names not found in the sources: {names}. Remove them or replace them with names "
            f"from the curated topics and sourced posts.",
        )
    return CriterionResult(
        criterion=criterion,
        passed=True,
        severity="critical",
        source="grounding",
        score=1.0,
        reason="Every named celebrity, brand and product appears in the sources.",
    )
