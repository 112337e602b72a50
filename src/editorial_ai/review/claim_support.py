"""Claim-level support: each claim's names, numbers and dates must be in the sources; its best source sentence.

Anchors: FActScore (atomic claims), SummaC (sentence-level support). For every claim:

- names: known celebrities, groups and brands (catalog lists) plus capitalised spans (`text_grounding`), so an
  invented brand is caught even when no list knows it. A season word that is also an artist's name ("Winter") is
  read as the artist only when it is used like a name (not "this Winter", not "Winter coats", not "Winter 2024").
- numbers, years and dates, compared without separators;
- support: the best-matching source sentence and its normalized BM25 score (idf-weighted share of the claim's
  content words the sentence holds; tuned against plain content-word overlap on the labelled tune half);
- pairing: a claim naming a sourced celebrity and a sourced product or brand is supported only if one source post
  ties them, and a setting it names (airport, red carpet, Paris...) must be one of that post's settings.

Names and numbers that appear only in the context (a question, an exam stem) are allowed: the context is given,
not claimed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from editorial_ai.review.claims import Claim, ClaimSet
from editorial_ai.review.grounding import fold, is_allowed, name_matchers
from editorial_ai.review.source_index import SourceIndex, content_words, plain
from editorial_ai.review.text_grounding import checkable_spans, mid_sentence_words, number_key

# Measured on the labels' tune half (`editorial-ai calibrate ... --split tune`): content-word overlap loses less than
# normalized BM25 at every threshold (fashion kappa at 0.2: overlap 0.80, BM25 0.50). Articles sum up several
# facts per sentence, so one best sentence backs them poorly: there only names, figures and pairings decide
# (threshold 0). A text's claims each restate one passage: every claim of a text needs overlap >= 0.4 (the highest
# threshold tried, 0.3-0.6, loses nothing on the tune half; 0.4 leaves room for paraphrase).
SUPPORT_METHOD = "overlap"
SUPPORT_TOP = 1
SUPPORT_THRESHOLD = 0.0
TEXT_SUPPORT_THRESHOLD = 0.4

_SEASONS = frozenset({"winter", "spring", "summer", "autumn", "fall"})
_SEASON_BEFORE = frozenset({
    "this", "last", "next", "the", "a", "an", "of", "for", "in", "during", "every", "each", "early", "late", "mid",
    "cold", "until", "since", "through", "by", "all", "same", "that", "one", "whole", "into", "across", "from",
})
_SEASON_AFTER = frozenset({
    "season", "seasons", "coat", "coats", "collection", "collections", "layer", "layers", "layering", "wardrobe",
    "month", "months", "edit", "palette", "wear", "style", "styles", "look", "looks", "fashion", "trend", "trends",
    "issue", "sale", "essential", "essentials", "staple", "staples", "weather", "jacket", "jackets", "knit", "knits",
    "boot", "boots", "outfit", "outfits", "day", "days", "night", "nights", "break", "holiday", "holidays", "and",
    "or", "evening", "evenings", "morning", "mornings", "line", "range", "drop", "campaign", "runway", "show",
})
# Settings a claim may name; checked against the settings of the posts that tie its celebrity and product.
SETTING_CUES = ("airport", "red carpet", "music video", "pop up", "campaign", "cover", "front row", "street style",
                "stage", "paris", "milan", "seongsu", "incheon", "award")


@dataclass
class ClaimCheck:
    """What the sources say about one claim."""

    claim: Claim
    names: list[str] = field(default_factory=list)
    numbers: list[str] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    support: float = 0.0
    best_sentence: str = ""
    pairing: list[str] = field(default_factory=list)

    @property
    def has_facts(self) -> bool:
        """Whether the claim names anything or states a figure (plain opinion is not fact-checked)."""
        return bool(self.names or self.numbers)

    def quoted(self, limit: int = 160) -> str:
        """`location: "claim text"` for evidence lines."""
        text = self.claim.text if len(self.claim.text) <= limit else self.claim.text[: limit - 1] + "…"
        return f'{self.claim.location}: "{text}"'


def _season_used_as_season(folded: str, start: int, end: int) -> bool:
    before = re.findall(r"[A-Za-z]+", folded[max(0, start - 24):start])
    after_text = folded[end:end + 24]
    if re.match(r"['’]s\b", after_text):
        return bool(before) and before[-1].lower() in _SEASON_BEFORE
    after = re.findall(r"[A-Za-z]+|\d+", after_text)
    if before and before[-1].lower() in _SEASON_BEFORE:
        return True
    return bool(after) and (after[0].isdigit() or after[0].lower() in _SEASON_AFTER)


def known_names(text: str, index: SourceIndex) -> list[tuple[str, bool]]:
    """Known or sourced celebrities, groups and brands named in `text`: (name, is_person), in text order."""
    facts = index.facts
    people = facts.known_people | facts.people
    multi, single, originals = name_matchers(frozenset(people | facts.known_brands | facts.brands))
    hits: list[tuple[int, str]] = []
    if multi is not None:
        hits += [(m.start(), originals[m.group(0)]) for m in multi.finditer(plain(text))]
    if single is not None:
        folded = fold(text)
        for m in single.finditer(folded):
            word = m.group(0)
            if word.lower() in _SEASONS and _season_used_as_season(folded, m.start(), m.end()):
                continue
            if len(word) <= 2 and folded[m.end():m.end() + 1] == "-":  # "V-neck" is not V
                continue
            hits.append((m.start(), originals[word]))
    # Positions in the plain and folded texts differ slightly; the order is only used for display.
    ordered = list(dict.fromkeys(name for _, name in sorted(hits)))
    return [(name, name in people) for name in ordered]


def _name_supported(name: str, index: SourceIndex, known: bool) -> bool:
    """A known name may match a sourced one on word boundaries ("Chanel" in "Chanel 22 Bag"); a capitalised span
    must itself be in the sources, or be made only of source words ("BLACKPINK Jennie"), so "Chanel Boy Bag" is
    not vouched for by "Chanel"."""
    if index.mentions(name) or (known and is_allowed(name, index.facts.allowed)):
        return True
    words = plain(name).split()
    return bool(words) and all(w in index.words for w in words)


def _pairing_problems(text: str, people: list[str], brands: list[str], index: SourceIndex) -> list[str]:
    """Celebrity-product pairings and settings of one claim that no source post supports."""
    if not index.ties or not people:
        return []
    claim_text = f" {plain(text)} "
    person_keys = {plain(p) for p in people}
    tied = [t for t in index.ties if t.people & person_keys]
    if not tied:  # no post of these people in the sources: nothing to pair against
        return []
    products = [t for t in index.product_titles if f" {t} " in claim_text]
    brand_keys = [b for b in (plain(x) for x in brands) if b and not any(b in p for p in products)]
    who = " / ".join(people)
    problems: list[str] = []
    tying: list = []
    for key, kind in [*((p, "products") for p in products), *((b, "brands") for b in brand_keys)]:
        posts = [t for t in tied if key in getattr(t, kind)]
        label = index.product_titles.get(key, key) if kind == "products" else key.title()
        if not posts:
            problems.append(f"no source post ties {who} to {label}")
        tying += posts
    if tying and not problems:
        known_settings = " ".join(t.setting for t in index.ties)
        for cue in SETTING_CUES:
            if f" {cue} " in claim_text and f" {cue} " in known_settings and not any(
                    f" {cue} " in t.setting for t in tying):
                problems.append(f"the sources do not place {who} with these pieces at {cue}")
    return problems


def check_claim(claim: Claim, index: SourceIndex, mid_sentence: frozenset[str],
                method: str | None = None) -> ClaimCheck:
    """Names, numbers, support and pairing of one claim."""
    result = ClaimCheck(claim)
    found = known_names(claim.text, index)
    seen = {plain(n) for n, _ in found}
    names = [n for n, _ in found]
    for span in checkable_spans(claim.text, mid_sentence):
        if span.kind == "number":
            result.numbers.append(span.text)
            if number_key(span.text) not in index.numbers:
                result.unsupported.append(span.text)
        elif not claim.heading and plain(span.text) not in seen:
            seen.add(plain(span.text))
            names.append(span.text)
    result.names = names
    known = {n for n, _ in found}
    result.unsupported += [n for n in names if not _name_supported(n, index, n in known)]
    score, best = index.support(content_words(claim.text), method or SUPPORT_METHOD, SUPPORT_TOP)
    result.support, result.best_sentence = round(score, 4), index.sentences[best] if best is not None else ""
    supported = [n for n, is_person in found if n not in result.unsupported]
    people = [n for n, is_person in found if is_person and n in supported]
    brands = [n for n, is_person in found if not is_person and n in supported]
    result.pairing = _pairing_problems(claim.text, people, brands, index)
    return result


def check_claims(claims: ClaimSet, index: SourceIndex, method: str | None = None) -> list[ClaimCheck]:
    """Every claim of a draft checked against the sources."""
    mid = mid_sentence_words(claims.prose)
    return [check_claim(c, index, mid, method) for c in claims.claims]


def unsupported_claims(checks: list[ClaimCheck], threshold: float | None = None,
                       every_claim: bool = False) -> list[str]:
    """Evidence lines for `fact_accuracy`: claims with unsourced names/figures, wrong pairings or weak support
    (of claims that name something or state a figure, or of `every_claim`)."""
    threshold = SUPPORT_THRESHOLD if threshold is None else threshold
    lines: list[str] = []
    for check in checks:
        if check.unsupported:
            lines.append(f"{check.quoted()} — {', '.join(check.unsupported)} not in any source")
        elif check.pairing:
            lines.append(f"{check.quoted()} — {'; '.join(check.pairing)}")
        elif (check.has_facts or every_claim) and not check.claim.heading and check.support < threshold:
            lines.append(f"{check.quoted()} — no source sentence supports it "
                         f"(best support {check.support:.2f} < {threshold:.2f})")
    return lines


def unsourced_names(checks: list[ClaimCheck]) -> list[str]:
    """Evidence lines for `hallucination`: each claim that names or states something the sources do not hold."""
    return [f"{c.quoted()} — not in the sources: {', '.join(c.unsupported)}" for c in checks if c.unsupported]
