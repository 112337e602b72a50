"""Fact density: the share of body sentences that carry something the sources give (a name, a product, a figure,
a date or a setting), so generic filler ("a testament to the power of social media") is a finding fed back to the
writer, not a paragraph that passes because it names nothing that could be wrong."""

from __future__ import annotations

import re

from editorial_ai.models.review import CriterionResult
from editorial_ai.review.grounding import normalize
from editorial_ai.review.text_checks import DraftView
from editorial_ai.text import split_sentences

MIN_DENSITY = 0.6  # of the article's body sentences
MIN_PARAGRAPH_DENSITY = 0.5  # a paragraph below this is named in the evidence
_BODY = re.compile(r"^body_paragraphs\[(\d+)\]")


_GENERIC = {"fashion", "style", "look", "looks", "outfit", "wore", "wears", "wearing", "with", "from", "into",
            "their", "this", "that", "custom", "event", "photo", "post", "posts", "trend", "effect", "season"}


def _setting_words(view: DraftView) -> frozenset[str]:
    """Words of the sourced posts' settings ("airport", "runway", "seongsu"), without generic fashion words."""
    words = {w for tie in view.index.ties for w in normalize(tie.setting).split()}
    return frozenset(w for w in words if len(w) > 3 and w not in _GENERIC)


def fact_density(view: DraftView) -> tuple[float, dict[int, list[str]]]:
    """The body's share of specific sentences and, per paragraph below MIN_PARAGRAPH_DENSITY, its filler sentences.

    Claims are clauses; a sentence is specific when one of its clauses names or counts something sourced, or when
    it names a sourced setting."""
    settings = _setting_words(view)
    factual: dict[int, list[str]] = {}
    for check in view.checks:
        match = _BODY.match(check.claim.location)
        if match and not check.claim.heading and check.has_facts:
            factual.setdefault(int(match[1]), []).append(normalize(check.claim.text))
    flags: dict[int, list[tuple[str, bool]]] = {}
    for index, paragraph in enumerate(view.paragraphs):
        for sentence in split_sentences(paragraph):
            key = normalize(sentence)
            specific = bool(settings & set(key.split())) or any(c and c in key for c in factual.get(index, []))
            flags.setdefault(index, []).append((sentence, specific))
    sentences = [flag for rows in flags.values() for _, flag in rows]
    if not sentences:
        return 1.0, {}
    thin = {i: [text for text, flag in rows if not flag] for i, rows in flags.items()
            if sum(flag for _, flag in rows) / len(rows) < MIN_PARAGRAPH_DENSITY}
    return round(sum(sentences) / len(sentences), 4), thin


def check_specificity(view: DraftView, criterion: str = "specificity") -> CriterionResult:
    """Pass when at least MIN_DENSITY of the body's sentences carry a sourced detail."""
    density, thin = fact_density(view)
    if density >= MIN_DENSITY:
        return CriterionResult(criterion=criterion, passed=True, severity="major", source="validation",
                               score=1.0, reason=f"{density:.0%} of body sentences carry a sourced name, piece, "
                                                     "figure, date or setting.")
    evidence = [f'paragraph {i + 1}: "{line}" (names nothing from the sources)'
                for i, lines in sorted(thin.items()) for line in lines[:3]]
    where = ", ".join(str(i + 1) for i in sorted(thin)) or "several"
    return CriterionResult(criterion=criterion, passed=False, severity="major", source="validation", score=density,
                           reason=f"Generic filler: only {density:.0%} of body sentences carry a sourced detail "
                                  f"(at least {MIN_DENSITY:.0%} needed; thinnest paragraphs: {where}); replace the "
                                  "filler with the sourced people, pieces, places and dates.", evidence=evidence)
