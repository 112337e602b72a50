"""Grounding: every celebrity, brand and product named in a draft must exist in the sources."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

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
from editorial_ai.models.state_json import CuratedTopicJson, SourcePostJson


def fold(text: str) -> str:
    """Accent-folded text that keeps its capitalisation."""
    if text.isascii():  # the common case needs no decomposition
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=65536)
def normalize(name: str) -> str:
    """Case-, accent- and punctuation-insensitive form of a name."""
    plain = fold(name).lower()
    return re.sub(r"[^a-z0-9&]+", " ", plain).strip()


@dataclass
class SourceFacts:
    """Names the sources allow, and names known to exist anywhere (to spot leaks)."""

    people: set[str] = field(default_factory=set)
    product_ids: set[str] = field(default_factory=set)
    brands: set[str] = field(default_factory=set)
    products: set[str] = field(default_factory=set)
    known_people: set[str] = field(default_factory=set)
    known_brands: set[str] = field(default_factory=set)

    @cached_property
    def allowed(self) -> frozenset[str]:
        """All allowed names, normalized (computed once per facts object)."""
        return frozenset(normalize(n) for n in self.people | self.brands | self.products if n.strip())


def facts_from_sources(
    curated_topics: Iterable[CuratedTopicJson],
    enriched_contexts: Iterable[SourcePostJson],
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
            if sol.get("solution_id"):
                facts.product_ids.add(str(sol["solution_id"]))
            if sol.get("brand"):
                facts.brands.add(sol["brand"])
    known = known_entities or {}
    facts.known_people = set(known.get("artists", set())) | set(known.get("groups", set()))
    facts.known_brands = set(known.get("brands", set()))
    return facts


@lru_cache(maxsize=4096)
def is_allowed(name: str, allowed: frozenset[str]) -> bool:
    key = normalize(name)
    if not key or key in allowed:
        return True
    # Containment counts only on word boundaries: "Chanel 22 Bag" is the sourced "Chanel 22 Bag" product,
    # but "V" is not vouched for by "Calvin Klein".
    return any(len(a) >= 4 and (_has_words(key, a) or _has_words(a, key)) for a in allowed)


def _has_words(text: str, words: str) -> bool:
    return re.search(rf"(?<![a-z0-9&]){re.escape(words)}(?![a-z0-9&])", text) is not None


@lru_cache(maxsize=64)
def name_matchers(names: frozenset[str]) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None, dict[str, str]]:
    """Regexes over all known names (longest first) and a map from each match back to the name.

    Multi-word names match the normalized (lower-case) text; single capitalised words must match the
    accent-folded text with their capital letter, so the season "winter" is not an artist called Winter.
    """
    originals: dict[str, str] = {}
    multi: list[str] = []
    single: list[str] = []
    for name in sorted(names, key=len, reverse=True):
        key, folded = normalize(name), fold(name).strip()
        if not key:
            continue
        if " " in key or not folded[:1].isupper() or not folded.isalnum():
            originals[key] = name
            multi.append(re.escape(key))
        else:
            originals[folded] = name
            single.append(re.escape(folded))

    def compile_(parts: list[str], alnum: str) -> re.Pattern[str] | None:
        return re.compile(rf"(?<![{alnum}])(?:{'|'.join(parts)})(?![{alnum}])") if parts else None

    return compile_(multi, "a-z0-9"), compile_(single, "A-Za-z0-9"), originals


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


def ungrounded_card_names(layout: MagazineLayout, facts: SourceFacts) -> list[str]:
    """Celebrity and product cards whose names the sources do not support, in block order."""
    allowed = facts.allowed
    found: list[str] = []

    def flag(name: str) -> None:
        if name and not is_allowed(name, allowed) and name not in found:
            found.append(name)

    for block in layout.blocks:
        if isinstance(block, CelebFeatureBlock):
            for celeb in block.celebs:
                flag(celeb.name)
        elif isinstance(block, ProductShowcaseBlock):
            for product in block.products:
                flag(product.brand)
                # An id vouches for the name only when the id itself came from the sources.
                if not product.product_id or product.product_id not in facts.product_ids:
                    flag(product.name)
    return found


def ungrounded_names(layout: MagazineLayout, facts: SourceFacts) -> list[str]:
    """Names the sources do not support: block entries first, then known names found in the text (alphabetical)."""
    found = ungrounded_card_names(layout, facts)
    multi, single, originals = name_matchers(frozenset(facts.known_people | facts.known_brands))
    text = " \n ".join(_texts(layout))
    hits: set[str] = set()
    if multi is not None:
        hits.update(m.group(0) for m in multi.finditer(normalize(text)))
    if single is not None:
        hits.update(m.group(0) for m in single.finditer(fold(text)))
    for hit in sorted(hits):
        name = originals[hit]
        if not is_allowed(name, facts.allowed) and name not in found:
            found.append(name)
    return found


def check_grounding(layout: MagazineLayout, facts: SourceFacts, criterion: str = "hallucination") -> CriterionResult:
    """Fail `hallucination` listing every unsupported name as actionable feedback."""
    unknown = ungrounded_names(layout, facts)
    if unknown:
        names = ", ".join(unknown)
        return grounding_verdict(
            criterion, False,
            f"Names not found in the sources: {names}. Remove them or replace them with names "
            f"from the curated topics and sourced posts.",
            evidence=unknown,
        )
    return grounding_verdict(criterion, True, "Every named celebrity, brand and product appears in the sources.")


def grounding_verdict(criterion: str, passed: bool, reason: str, evidence: list[str] | None = None) -> CriterionResult:
    """A grounding criterion's result: always critical, scored 1 or 0."""
    return CriterionResult(criterion=criterion, passed=passed, severity="critical", source="grounding",
                           score=1.0 if passed else 0.0, reason=reason, evidence=evidence or [])
