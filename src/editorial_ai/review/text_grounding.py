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
from functools import lru_cache

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
    # prepositions and verbs that open headlines ("Inside Miu Miu style", "Meet the ...")
    "above", "across", "against", "along", "among", "around", "behind", "below", "beside", "beyond", "inside",
    "meet", "outside", "through", "throughout", "toward", "towards", "upon", "via", "within",
})

_TOKEN = re.compile(r"\d+[A-Za-z]\w*|\d[\d,]*(?:\.\d+)?%?|[^\W\d_][\w'’&.-]*|&|[.!?:;,()\[\]\"“”\n#*|]")
# A digit run glued to letters: a decade ("90s", a number) or a model code ("5AC", part of a name).
_DECADE = re.compile(r"(\d+)s")
_CODE = re.compile(r"\d+[A-Za-z]\w*")
_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th)")
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?%?")
NUMBER_PATTERN = _NUMBER  # shared with the claim checks


@dataclass(frozen=True)
class Span:
    """A name or number found in the draft."""

    text: str
    kind: str  # "name" | "number"
    sentence_start: bool = False


def _clean_word(word: str) -> str:
    if word.endswith(("'s", "’s")):
        word = word[:-2]
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


def _all_spans(text: str) -> tuple[Span, ...]:
    return _spans_of(text)


def all_spans(text: str) -> tuple[Span, ...]:
    """Every name and number span of `text`, in order, with sentence-start flags (cached per text)."""
    return _spans_of(text)


_INITIALS = re.compile(r"(?:[A-Z]\.)+")


def _digit_token(raw: str) -> Span | None:
    """A token starting with a digit: a number, a decade ("90s" -> 90) or an ordinal ("5th" -> 5), or None for a
    model code ("5AC")."""
    if _DECADE.fullmatch(raw):
        return Span(raw[:-1], "number")
    ordinal = _ORDINAL.fullmatch(raw)
    if ordinal:  # "August 5th" is the date "5 August", not a name with a model code
        return Span(ordinal[1], "number")
    if _CODE.fullmatch(raw):
        return None
    return Span(raw.rstrip(","), "number")


@lru_cache(maxsize=1 << 14)
def _spans_of(text: str) -> tuple[Span, ...]:
    """One pass over the tokens (the hot path of every review: cheap string tests before any regex)."""
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
        first = raw[0]
        if len(raw) == 1 and not raw.isalnum() and raw != "&":
            flush()
            at_start = at_start or raw in ".!?:;\n#*|"
            continue
        sentence_end = raw.endswith(".") and not _INITIALS.fullmatch(raw)
        if first.isdigit():
            number = _digit_token(raw)
            if number is None:  # a model code joins the name it is part of ("Maison Margiela 5AC Bag")
                if not current:
                    current_start = at_start
                current.append(raw)
            else:
                flush()
                spans.append(number)
        elif first.isupper():
            word = _clean_word(raw)
            if word and word[0].isupper():
                if not current:
                    current_start = at_start
                current.append(word)
                if raw.rstrip(".").endswith(("'s", "’s")):
                    flush()  # a possessive ends the name: "Jennie's Chanel bag"
            else:
                flush()
        elif current and _clean_word(raw).lower() in _CONNECTORS:
            current.append(_clean_word(raw))  # "House of Dior", "Dolce & Gabbana"
        else:
            flush()
        at_start = False
        if sentence_end:
            flush()
            at_start = True
    flush()
    return tuple(spans)


def _source_index(passages: Iterable[str]) -> tuple[str, set[str]]:
    joined = " \n ".join(passages)
    numbers = {number_key(n) for n in _NUMBER.findall(joined)}
    return f" {normalize(joined)} ", numbers


def _name_supported(name: str, text_norm: str) -> bool:
    key = normalize(name)
    return not key or f" {key} " in text_norm


def mid_sentence_words(text: str) -> frozenset[str]:
    """Lower-cased words the text capitalises somewhere other than a sentence start (names, not style)."""
    return frozenset(w.lower() for span in _all_spans(text) if span.kind == "name" and not span.sentence_start
                     for w in span.text.split())


def checkable_spans(text: str, mid_sentence: frozenset[str] | None = None) -> list[Span]:
    """Numbers and the capitalised spans worth checking as names, in first-seen order.

    Common words are dropped from the front of a span at a sentence start; a single remaining word counts only
    when it is not a common word and, at a sentence start, only when the draft (`mid_sentence`, default: this
    text) also capitalises it mid-sentence.
    """
    mid = mid_sentence_words(text) if mid_sentence is None else mid_sentence
    found: list[Span] = []
    for span in extract_spans(text):
        if span.kind == "number":
            found.append(span)
            continue
        words = span.text.split()
        first_word = span.sentence_start
        if span.sentence_start:
            while words and words[0].lower() in _COMMON:
                words, first_word = words[1:], False
        if not words:
            continue
        if len(words) == 1 and (words[0].lower() in _COMMON or (first_word and words[0].lower() not in mid)):
            continue
        found.append(Span(" ".join(words), "name", span.sentence_start))
    return found


def ungrounded_spans(draft: str, passages: Iterable[str]) -> list[str]:
    """Names and numbers of `draft` that no passage contains, in first-seen order."""
    text_norm, numbers = _source_index(passages)
    body = "\n".join(line for line in draft.splitlines() if not line.lstrip().startswith("#"))
    return [span.text for span in checkable_spans(body)
            if (number_key(span.text) not in numbers if span.kind == "number"
                else not _name_supported(span.text, text_norm))]


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
