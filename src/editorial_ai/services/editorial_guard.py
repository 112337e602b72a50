"""A cheap local guard on generated prose: keep only sentences the sources could support.

The review is the real check; this guard only saves a review cycle by dropping, before anyone sees them,
sentences that copy a prompt example, name something the sources do not hold, quote a number the sources do
not hold, repeat an earlier sentence, or were cut off mid-way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from editorial_ai.prompts.editorial import EDITORIAL_EXAMPLE_TEXTS, EXAMPLE_NAMES
from editorial_ai.review.relations import possessive_clashes, unsourced_relations

COPY_NGRAM = 6  # six shared words in a row is copying, not a common phrase
COPY_SHARE = 0.3  # or this share of a sentence's 5-word runs (the review fails a sentence at 0.5)
# Capitalised words that name nothing: allowed mid-sentence without a source.
_COMMON_CAPS = {"i", "january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
                "saturday", "sunday"}  # fmt: skip
# A closing quote or bracket after the full stop stays with its sentence.
_SENTENCE = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"'”’)]))\s+(?=[\"'“‘(]*[A-Z0-9])")
_NUMBER = re.compile(r"\d[\d,.]*")
# Counts in words are figures too ("all five pieces", "for thirty years"); "one" is left out (a pronoun).
_NUMBER_WORDS = frozenset({"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                           "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
                           "thirty", "forty", "fifty", "hundred", "hundreds", "thousand", "thousands", "million",
                           "millions", "billion", "dozen", "dozens"})  # fmt: skip
# A magazine feature does not speak as "I", and "X, who is a designer" states a biography no source gives.
_FIRST_PERSON = re.compile(r"\b(I|I'm|I've|I'd|I'll)\b|\b([Mm]y|[Mm]e|[Mm]ine)\b")
_BIOGRAPHY = re.compile(r",\s+who\s+(is|was|has been|had been)\b", re.IGNORECASE)


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph (a full stop followed by a capital or digit starts a new one)."""
    return [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.casefold())


def ngrams(text: str, n: int = COPY_NGRAM) -> set[tuple[str, ...]]:
    """Word n-grams of a text (lower case)."""
    words = _words(text)
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


_EXAMPLE_NGRAMS: set[tuple[str, ...]] = set().union(*(ngrams(t) for t in EDITORIAL_EXAMPLE_TEXTS))
_EXAMPLE_5GRAMS: set[tuple[str, ...]] = set().union(*(ngrams(t, 5) for t in EDITORIAL_EXAMPLE_TEXTS))


def copied_from_examples(sentence: str, examples: Iterable[str] | None = None) -> bool:
    """True when the sentence shares a run of COPY_NGRAM words with a prompt example, or COPY_SHARE of its
    five-word runs."""
    texts = list(examples) if examples is not None else None
    six = _EXAMPLE_NGRAMS if texts is None else set().union(*(ngrams(t) for t in texts))
    five = _EXAMPLE_5GRAMS if texts is None else set().union(*(ngrams(t, 5) for t in texts))
    own = ngrams(sentence, 5)
    return bool(ngrams(sentence) & six) or (bool(own) and len(own & five) / len(own) >= COPY_SHARE)


def _key(text: str) -> str:
    return " ".join(_words(text))


@dataclass
class SentenceGuard:
    """What a sentence may name: the sources' names and numbers; what it may not: every other known name."""

    allowed_names: set[str]
    known_names: set[str]
    source_text: str
    # Also drop sentences with a capitalised word mid-sentence that no source holds (an invented place or label).
    # On for the embedded model, which invents them often; stronger models' names are left to the review.
    strict_names: bool = True
    brands: set[str] = field(default_factory=set)  # sourced brands: one may not own another's piece
    seen: set[str] = field(default_factory=set)  # sentences already in the article (normalized)

    def __post_init__(self) -> None:
        allowed = {_key(n) for n in self.allowed_names if _key(n)}
        # Keys are words joined by single spaces, so "a whole-word part of an allowed name" is a padded substring
        # test: one scan per name instead of one regex per (name, allowed name) pair (60k searches per draft).
        allowed_text = "\n".join(f" {a} " for a in allowed)
        foreign = [n.strip() for n in {*self.known_names, *EXAMPLE_NAMES}
                   if (key := _key(n)) and key not in allowed and f" {key} " not in allowed_text]
        # Several words match case-insensitively; one word only with its capital ("winter" is a season,
        # "Winter" may be a singer the sources do not hold).
        self._foreign_phrases = sorted({_key(n) for n in foreign if " " in _key(n)}, key=len, reverse=True)
        self._foreign_words = sorted({n for n in foreign if " " not in _key(n)}, key=len, reverse=True)
        self._numbers = {m.rstrip(".,") for m in _NUMBER.findall(self.source_text)}
        self._source_words = set(_words(self.source_text)) | {w for n in self.allowed_names for w in _words(n)}

    def problem(self, sentence: str, *, headline: bool = False) -> str | None:
        """Why the sentence must go, or None when it may stay; a `headline` is in title case, so its capitals
        are not read as names (known names and numbers are still checked)."""
        key = _key(sentence)
        if not key:
            return "empty"
        if key in self.seen:
            return "repeats an earlier sentence"
        if copied_from_examples(sentence):
            return "copies the prompt example"
        if not quotes_balanced(sentence):
            return "leaves a quotation open"
        relations = unsourced_relations(sentence, self._source_words)
        if relations:
            return f"claims a relationship ({relations[0]!r}) the sources do not hold"
        clashes = possessive_clashes(sentence, self.brands)
        if clashes:
            return f"credits {clashes[0][1]!r} to {clashes[0][0]!r}"
        padded = f" {key} "
        for name in self._foreign_phrases:
            if f" {name} " in padded:
                return f"names {name!r}, which the sources do not hold"
        for name in self._foreign_words:
            if re.search(rf"(?<![^\W_]){re.escape(name)}(?![^\W_])", sentence):
                return f"names {name!r}, which the sources do not hold"
        for word in re.findall(r"(?<=[\s,;:(\"'“])([A-Z][^\W\d_]*)", sentence):
            if (self.strict_names and not headline and word.casefold() not in self._source_words
                    and word.casefold() not in _COMMON_CAPS):
                return f"names {word!r} mid-sentence, which the sources do not hold"
        for number in _NUMBER.findall(sentence):
            if number.rstrip(".,") not in self._numbers:
                return f"quotes the number {number.rstrip('.,')!r}, which the sources do not hold"
        return self._strict_problem(sentence) if self.strict_names and not headline else None

    def _strict_problem(self, sentence: str) -> str | None:
        """What the embedded model invents beyond names and digits: counts in words, a first-person voice,
        biographies."""
        for word in _words(sentence):
            if word in _NUMBER_WORDS and word not in self._source_words:
                return f"states the count {word!r}, which the sources do not hold"
        if _FIRST_PERSON.search(sentence):
            return "speaks in the first person"
        if _BIOGRAPHY.search(sentence):
            return "describes who someone is, which the sources do not say"
        return None

    def remember(self, text: str) -> None:
        """Count the sentences of `text` as already in the article (a later copy of one is a repeat)."""
        self.seen.update(_key(s) for s in split_sentences(text))

    def forget(self, text: str) -> None:
        """Take back `remember` (the text was discarded)."""
        self.seen.difference_update(_key(s) for s in split_sentences(text))

    def clean(self, text: str, *, complete_only: bool = True) -> tuple[list[str], list[str]]:
        """(kept sentences, reasons for the dropped ones); kept sentences are remembered as seen."""
        kept: list[str] = []
        dropped: list[str] = []
        sentences = split_sentences(text)
        for index, sentence in enumerate(sentences):
            last = index == len(sentences) - 1
            if complete_only and last and not sentence.rstrip("\"'”’)").endswith((".", "!", "?")):
                dropped.append("cut off mid-sentence")
                continue
            reason = self.problem(sentence)
            if reason:
                dropped.append(reason)
                continue
            kept.append(sentence)
            self.seen.add(_key(sentence))
        return kept, dropped


def quotes_balanced(text: str) -> bool:
    """Whether every opened quotation closes (an even count of straight double quotes, curly ones paired)."""
    return text.count('"') % 2 == 0 and text.count("“") == text.count("”")


def canonical_case(text: str, names: Iterable[str]) -> str:
    """Sourced names written with their own capitals ("Gopro" -> "GoPro"); only where the text capitalises the
    word already, so the bus in "coach" is not turned into the brand Coach."""
    for name in sorted({n for n in names if len(n) >= 3}, key=len, reverse=True):
        pattern = rf"(?<![^\W_]){re.escape(name)}(?![^\W_])"
        text = re.sub(pattern, _recase(name), text, flags=re.I)
    return text


def _recase(name: str) -> Callable[[re.Match[str]], str]:
    def replace(match: re.Match[str]) -> str:
        return name if match.group(0)[:1].isupper() else match.group(0)

    return replace


def word_count(text: str) -> int:
    """Words in a text."""
    return len(_words(text))
