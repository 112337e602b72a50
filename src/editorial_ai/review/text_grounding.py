"""Grounding for free text: every capitalized name and every number in a draft must occur in the sources.

A cheap, deterministic hallucination check for content types whose draft is plain text (`text`,
`research_brief`). It extracts two kinds of spans from the draft:

- names: runs of capitalized words ("Paris Fashion Week", "Calvin Klein"), joined by short connectors
  ("House of Dior"), with possessives dropped ("Jennie's" -> "Jennie");
- numbers: "2024", "1,200", "3.5", "40%" (compared without thousands separators or percent signs).

A span is supported when its normalized form occurs, on word boundaries, in the normalized passages.
A capitalized word that only starts a sentence ("The", "However") is not a name: at a sentence start,
common words are dropped from the front of the span before it is checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from editorial_ai.models.review import CriterionResult
from editorial_ai.review.grounding import normalize

_CONNECTORS = {"of", "de", "du", "des", "la", "le", "von", "van", "der", "&", "y"}
# Words that are capitalized only because they start a sentence or a heading.
_COMMON = set("""
a an the this that these those it its it's he she they we you i his her their our your my
in on at by for from with without into onto over under after before during since until while when where
why how what which who whom whose whether if then than so and but or nor yet also as because although
though however moreover meanwhile still even just only both either neither each every all some any many
most more much few several such no not there here today tomorrow yesterday now later first second third
finally overall together instead meanwhile therefore thus indeed yes perhaps maybe once again next last
one two three four five six seven eight nine ten key summary conclusion introduction answer question
findings sources source note notes brief overview background analysis synthesis verdict draft
""".split())

_TOKEN = re.compile(r"\d[\d,]*(?:\.\d+)?%?|[^\W\d_][\w'’&.-]*|&|[.!?:;,()\[\]\"“”\n#*|]")
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?%?")


@dataclass(frozen=True)
class Span:
    """A name or number found in the draft."""

    text: str
    kind: str  # "name" | "number"
    sentence_start: bool = False


def _clean_word(word: str) -> str:
    word = re.sub(r"['’]s$", "", word)
    return word.strip(".-'’")


def _is_capitalized(word: str) -> bool:
    return bool(word) and word[0].isupper()


def number_key(value: str) -> str:
    """`1,200` -> `1200`, `40%` -> `40`, `3.50` -> `3.5`."""
    plain = value.replace(",", "").rstrip("%")
    if "." in plain:
        plain = plain.rstrip("0").rstrip(".")
    return plain


def extract_spans(text: str) -> list[Span]:
    """Names and numbers in `text`, in order of appearance (duplicates kept once)."""
    spans: list[Span] = []
    current: list[str] = []
    current_start = False
    at_start = True

    def flush() -> None:
        nonlocal current
        while current and current[-1].lower() in _CONNECTORS:
            current.pop()
        if current:
            spans.append(Span(" ".join(current), "name", current_start))
        current = []

    for raw in _TOKEN.findall(text):
        if len(raw) == 1 and not raw.isalnum() and raw != "&":
            flush()
            at_start = at_start or raw in ".!?:;\n#*|"
            continue
        sentence_end = raw.endswith(".") and not re.fullmatch(r"(?:[A-Z]\.)+", raw)
        word = _clean_word(raw)
        if _NUMBER.fullmatch(raw):
            flush()
            spans.append(Span(raw.rstrip(","), "number"))
        elif word and _is_capitalized(word):
            if not current:
                current_start = at_start
            current.append(word)
            if word != raw.rstrip(".") and re.search(r"['’]s$", raw.rstrip(".")):
                flush()  # a possessive ends the name: "Jennie's Chanel bag"
        elif current and word.lower() in _CONNECTORS:
            current.append(word)
        else:
            flush()
        at_start = False
        if sentence_end:
            flush()
            at_start = True
    flush()
    seen: set[tuple[str, str]] = set()
    unique = []
    for span in spans:
        key = (span.kind, span.text.lower())
        if key not in seen:
            seen.add(key)
            unique.append(span)
    return unique


def _source_index(passages: Iterable[str]) -> tuple[str, set[str]]:
    joined = " \n ".join(passages)
    numbers = {number_key(n) for n in _NUMBER.findall(joined)}
    return f" {normalize(joined)} ", numbers


def _name_supported(name: str, text_norm: str) -> bool:
    key = normalize(name)
    return not key or f" {key} " in text_norm


def ungrounded_spans(draft: str, passages: Iterable[str]) -> list[str]:
    """Names and numbers of `draft` that no passage contains, in first-seen order."""
    text_norm, numbers = _source_index(passages)
    found: list[str] = []
    for span in extract_spans(draft):
        if span.kind == "number":
            if number_key(span.text) not in numbers:
                found.append(span.text)
            continue
        words = span.text.split()
        if span.sentence_start:
            while words and words[0].lower() in _COMMON:
                words = words[1:]
        if not words or _name_supported(" ".join(words), text_norm):
            continue
        if len(words) == 1 and words[0].lower() in _COMMON:
            continue
        found.append(" ".join(words))
    return found


def check_text_grounding(draft: str, passages: Iterable[str], criterion: str = "hallucination") -> CriterionResult:
    """Fail when the draft names people, places, brands or numbers the passages do not contain."""
    passages = list(passages)
    if not draft.strip():
        return CriterionResult(criterion=criterion, passed=False, severity="critical", source="grounding",
                               score=0.0, reason="The draft is empty: write it from the source passages.")
    unknown = ungrounded_spans(draft, passages)
    if unknown:
        shown = ", ".join(unknown[:8]) + (f" and {len(unknown) - 8} more" if len(unknown) > 8 else "")
        return CriterionResult(
            criterion=criterion, passed=False, severity="critical", source="grounding", score=0.0,
            reason=f"Not found in the sources: {shown}. Remove these names and figures or use ones the "
                   f"passages contain.",
        )
    return CriterionResult(criterion=criterion, passed=True, severity="critical", source="grounding", score=1.0,
                           reason="Every name and number in the draft appears in the source passages.")
