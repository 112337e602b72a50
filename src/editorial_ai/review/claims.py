"""Claims: any draft split into atomic-ish statements, each with the place it came from.

Anchor: FActScore's atomic claims. A claim is a sentence, split further on "; ", ", and " and " while " when both
halves carry their own verb, so "Jennie wore the bag, and Lisa chose the coat" is checked as two statements. Each
claim keeps its location in the artifact (`title`, `subtitle`, `body_paragraphs[2]`, `pull_quotes[0]`,
`captions[1]`, `explanation`...) so a corrector can regenerate just that part, and a `heading` flag: Title Case
headings capitalise every word, so only known names and figures are read from them, never capitalised spans.

A question, exam stem or vignette is context, not a claim: it is never split into claims (see `ClaimSet.context`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.layout import (
    BodyTextBlock,
    CelebFeatureBlock,
    HeadlineBlock,
    HeroBlock,
    ImageGalleryBlock,
    MagazineLayout,
    ProductShowcaseBlock,
    PullQuoteBlock,
)
from editorial_ai.models.state_json import Draft, json_list
from editorial_ai.review.source_index import plain
from editorial_ai.text import split_sentences

# A sentence ends at . ! ? followed by space and a capital, digit or opening quote; "Tiffany & Co. bags" does not.
_CLAUSE_SPLIT = re.compile(r";\s+|,\s+and\s+|,\s+while\s+|\s+while\s+")
# Verb-ish words: enough to tell a clause ("Lisa chose the coat") from a list item ("and Calvin Klein jeans").
_VERBS = frozenset({
    "is", "are", "was", "were", "be", "been", "has", "have", "had", "do", "does", "did", "wore", "wear", "wears",
    "made", "make", "makes", "became", "become", "becomes", "chose", "chooses", "took", "takes", "went", "goes",
    "sold", "sells", "set", "sets", "kept", "keeps", "got", "gets", "came", "comes", "gave", "gives", "put", "puts",
    "can", "could", "will", "would", "should", "may", "might", "must", "sat", "sits", "ran", "runs", "led", "leads",
    "paired", "pairs", "carried", "carries", "stepped", "steps", "appeared", "appears", "fronted", "fronts",
    "stuck", "sticks", "works", "work", "spread", "spreads", "shows", "showed", "brought", "brings", "wants",
})
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")


@dataclass(frozen=True)
class Claim:
    """One statement of a draft and where it sits."""

    text: str
    location: str
    heading: bool = False


@dataclass
class ClaimSet:
    """The claims of a draft, the draft's whole prose (for capitalisation statistics) and its context text."""

    claims: list[Claim] = field(default_factory=list)
    context: list[str] = field(default_factory=list)

    @property
    def prose(self) -> str:
        """Every non-heading claim, joined: which words the draft capitalises mid-sentence."""
        return "\n".join(c.text for c in self.claims if not c.heading)

    def locations(self) -> list[str]:
        """Locations in first-seen order."""
        return list(dict.fromkeys(c.location for c in self.claims))


def _verbish(words: list[str]) -> bool:
    return any(w.lower() in _VERBS or (len(w) > 3 and w.lower().endswith("ed")) for w in words)


def split_claims(sentence: str) -> list[str]:
    """A sentence, split on '; ', ', and ', ' while ' only where both halves read as clauses."""
    cuts = list(_CLAUSE_SPLIT.finditer(sentence))
    if not cuts:
        return [sentence]
    # Segments as (start, end, separator before it); a segment that is no clause joins the one before.
    segments = [(0, cuts[0].start(), "")]
    for i, cut in enumerate(cuts):
        segments.append((cut.end(), cuts[i + 1].start() if i + 1 < len(cuts) else len(sentence), cut.group(0)))
    merged = [segments[0][:2]]
    for start, end, separator in segments[1:]:
        left, right = _WORD.findall(sentence[merged[-1][0]:merged[-1][1]]), _WORD.findall(sentence[start:end])
        clauses = separator.startswith(";") or (_verbish(left) and _verbish(right))
        if len(left) >= 3 and len(right) >= 3 and clauses:
            merged.append((start, end))
        else:  # a list item or a short tail: keep it with the clause before
            merged[-1] = (merged[-1][0], end)
    parts = [sentence[a:b].strip(" ,;") for a, b in merged]
    return [p for p in parts if p]


def is_heading(text: str) -> bool:
    """Title Case text: most longer words capitalised (titles, headlines), where capitals are style, not names."""
    words = [w for w in _WORD.findall(text) if len(w) >= 4]
    return bool(words) and sum(w[0].isupper() for w in words) / len(words) >= 0.6


def _add(claims: dict[Claim, None], text: str, location: str, *, heading: bool | None = None) -> None:
    """Add the claims of one text (an ordered set: a claim repeated at the same place is kept once)."""
    if not text or not text.strip():
        return
    as_heading = is_heading(text) if heading is None else heading
    for sentence in split_sentences(text):
        for part in split_claims(sentence) if not as_heading else [sentence]:
            claims.setdefault(Claim(part, location, as_heading))


def layout_claims(layout: MagazineLayout) -> ClaimSet:
    """Claims of a laid-out article: title, hero, headlines, body paragraphs, pull quotes, captions, card text."""
    claims: dict[Claim, None] = {}
    _add(claims, layout.title, "title")
    paragraph = quote = headline = caption = 0
    for block in layout.blocks:
        if isinstance(block, HeroBlock):
            if block.overlay_title.strip() != layout.title.strip():
                _add(claims, block.overlay_title, "title")
            _add(claims, block.overlay_subtitle, "subtitle")
        elif isinstance(block, HeadlineBlock):
            _add(claims, block.text, f"headlines[{headline}]")
            headline += 1
        elif isinstance(block, BodyTextBlock):
            for text in block.paragraphs:
                _add(claims, text, f"body_paragraphs[{paragraph}]", heading=False)
                paragraph += 1
        elif isinstance(block, PullQuoteBlock):
            _add(claims, block.quote, f"pull_quotes[{quote}]", heading=False)
            _add(claims, block.attribution, f"pull_quotes[{quote}]")
            quote += 1
        elif isinstance(block, ImageGalleryBlock):
            for image in block.images:
                _add(claims, image.caption, f"captions[{caption}]", heading=False)
                caption += 1
        elif isinstance(block, CelebFeatureBlock):
            for i, celeb in enumerate(block.celebs):
                _add(claims, celeb.description, f"celeb_mentions[{i}]", heading=False)
        elif isinstance(block, ProductShowcaseBlock):
            for i, product in enumerate(block.products):
                _add(claims, product.description, f"product_mentions[{i}]", heading=False)
    return ClaimSet(list(claims))


def content_claims(content: EditorialContent) -> ClaimSet:
    """Claims of article content before layout (same locations as the layout's)."""
    claims: dict[Claim, None] = {}
    _add(claims, content.title, "title")
    _add(claims, content.subtitle, "subtitle")
    for i, text in enumerate(content.body_paragraphs):
        _add(claims, text, f"body_paragraphs[{i}]", heading=False)
    for i, text in enumerate(content.pull_quotes):
        _add(claims, text, f"pull_quotes[{i}]", heading=False)
    for i, product in enumerate(content.product_mentions):
        _add(claims, product.context, f"product_mentions[{i}]", heading=False)
    for i, celeb in enumerate(content.celeb_mentions):
        _add(claims, celeb.context, f"celeb_mentions[{i}]", heading=False)
    return ClaimSet(list(claims))


def text_paragraphs(text: str) -> list[str]:
    """Paragraphs of free text (blank-line separated; Markdown heading lines left out)."""
    blocks = re.split(r"\n\s*\n", text.strip())
    out = []
    for block in blocks:
        lines = [ln for ln in block.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        if lines:
            out.append("\n".join(lines))
    return out


def text_claims(text: str, question: str = "", context: Sequence[str] = ()) -> ClaimSet:
    """Claims of free text; Markdown headings are headings, the question is context, and so is a heading that
    repeats a line of `context` (a brief's sub-question: "... and why does it resonate?" is the asker's)."""
    given = {plain(line) for line in context if line.strip()}
    claims: dict[Claim, None] = {}
    for line in text.splitlines():
        if line.lstrip().startswith("#") and plain(line.lstrip("# ")) not in given:
            _add(claims, line.lstrip("# ").strip(), "headings", heading=True)
    for i, paragraph in enumerate(text_paragraphs(text)):
        _add(claims, paragraph, f"paragraphs[{i}]", heading=False)
    return ClaimSet(list(claims), [question] if question.strip() else [])


def part_claims(text: str, location: str = "body_paragraphs[0]") -> ClaimSet:
    """Claims of one part of an article, read as prose (not as a heading) with the article's rules: a writer
    screening a paragraph before the review sees it must find what the review will (text_claims' free-text
    locations leave out the article-only checks, such as the writer's notes read back: "which aligns with the
    facts" passed the writer's screen and escalated a run)."""
    claims: dict[Claim, None] = {}
    _add(claims, text, location, heading=False)
    return ClaimSet(list(claims))


def exam_claims(item: Draft) -> ClaimSet:
    """Claims of an exam item: its explanations. Vignette, stem and option texts are the context they argue from."""
    claims: dict[Claim, None] = {}
    _add(claims, str(item.get("explanation") or ""), "explanation", heading=False)
    options = json_list(item.get("options"))
    for i, option in enumerate(options):
        if isinstance(option, dict):
            _add(claims, str(option.get("explanation") or ""), f"options[{i}].explanation", heading=False)
    context = [str(item.get(k) or "") for k in ("topic", "vignette", "stem")]
    context += [str(o.get("text") or "") for o in options if isinstance(o, dict)]
    return ClaimSet(list(claims), [c for c in context if c.strip()])


_LOCATED = re.compile(r"^([a-z_]+(?:\[\d+\])?(?:\.[a-z_]+)?): ")


def evidence_location(line: str) -> str | None:
    """The component an evidence line points at (`body_paragraphs[2]: "..." ...` -> `body_paragraphs[2]`)."""
    match = _LOCATED.match(line)
    return match.group(1) if match else None
