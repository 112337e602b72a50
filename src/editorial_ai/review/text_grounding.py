"""Grounding for free text: every capitalized name and every number in a draft must occur in the sources.

A cheap, deterministic hallucination check for content types whose draft is plain text (`text`,
`research_brief`). It extracts two kinds of spans from the draft:

- names: runs of capitalized words ("Paris Fashion Week", "Calvin Klein"), joined by short connectors
  ("House of Dior"), with possessives dropped ("Jennie's" -> "Jennie");
- numbers: "2024", "1,200", "3.5", "40%" (compared without thousands separators or percent signs).

A span is supported when its normalized form occurs, on word boundaries, in the normalized passages.
A capitalized word that only starts a sentence ("The", "However", "Taken together") is not a name: at a
sentence start, common words are dropped from the front of the span, and a single remaining word counts as
a name only if the draft also capitalizes it mid-sentence. (So "Tokyo hosted it." alone goes unflagged: the
check favours precision at sentence starts.) Markdown heading lines (`# ...`)
are structure in Title Case, not claims, and are left out. Lower-case names ("aespa") are not detected.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from editorial_ai.models.review import CriterionResult
from editorial_ai.review.grounding import grounding_verdict, normalize

_CONNECTORS = {"of", "de", "du", "des", "la", "le", "von", "van", "der", "&", "y"}
# Words that are capitalized only because they start a sentence or a heading.
_COMMON = frozenset({
    "a", "after", "again", "all", "also", "although", "an", "analysis", "and", "answer", "any", "as", "at",
    "background", "because", "before", "both", "brief", "but", "by", "conclusion", "draft", "during", "each",
    "eight", "either", "even", "every", "few", "finally", "findings", "first", "five", "for", "four", "from",
    "he", "her", "here", "his", "how", "however", "i", "if", "in", "indeed", "instead", "into", "introduction",
    "it", "it's", "its", "just", "key", "last", "later", "many", "maybe", "meanwhile", "more", "moreover",
    "most", "much", "my", "neither", "next", "nine", "no", "nor", "not", "note", "notes", "now", "on", "once",
    "one", "only", "onto", "or", "our", "over", "overall", "overview", "perhaps", "question", "second", "seven",
    "several", "she", "since", "six", "so", "some", "source", "sources", "still", "such", "summary",
    "synthesis", "ten", "than", "that", "the", "their", "then", "there", "therefore", "these", "they", "third",
    "this", "those", "though", "three", "thus", "today", "together", "tomorrow", "two", "under", "until",
    "verdict", "we", "what", "when", "where", "whether", "which", "while", "who", "whom", "whose", "why",
    "with", "without", "yes", "yesterday", "yet", "you", "your",
})

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
    seen: set[tuple[str, str]] = set()
    unique = []
    for span in _all_spans(text):
        key = (span.kind, span.text.lower())
        if key not in seen:
            seen.add(key)
            unique.append(span)
    return unique


def _all_spans(text: str) -> list[Span]:
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
    return spans


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
    body = "\n".join(line for line in draft.splitlines() if not line.lstrip().startswith("#"))
    mid_sentence = {w.lower() for span in _all_spans(body) if span.kind == "name" and not span.sentence_start
                    for w in span.text.split()}
    found: list[str] = []
    for span in extract_spans(body):
        if span.kind == "number":
            if number_key(span.text) not in numbers:
                found.append(span.text)
            continue
        words = span.text.split()
        first_word = span.sentence_start
        if span.sentence_start:
            while words and words[0].lower() in _COMMON:
                words, first_word = words[1:], False
        if not words or _name_supported(" ".join(words), text_norm):
            continue
        if len(words) == 1 and (words[0].lower() in _COMMON or (first_word and words[0].lower() not in mid_sentence)):
            continue
        found.append(" ".join(words))
    return found


def check_text_grounding(draft: str, passages: Iterable[str], criterion: str = "hallucination") -> CriterionResult:
    """Fail when the draft names people, places, brands or numbers the passages do not contain."""
    passages = list(passages)
    if not draft.strip():
        return grounding_verdict(criterion, False, "The draft is empty: write it from the source passages.")
    unknown = ungrounded_spans(draft, passages)
    if unknown:
        shown = ", ".join(unknown[:8]) + (f" and {len(unknown) - 8} more" if len(unknown) > 8 else "")
        return grounding_verdict(
            criterion, False,
            f"Not found in the sources: {shown}. Remove these names and figures or use ones the passages contain.",
        )
    return grounding_verdict(criterion, True, "Every name and number in the draft appears in the source passages.")
