"""A cheap local guard on generated prose: keep only sentences the sources could support.

The review is the real check; this guard only saves a review cycle by dropping, before anyone sees them,
sentences that copy a prompt example, name something the sources do not hold, quote a number the sources do
not hold, repeat an earlier sentence, or were cut off mid-way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from editorial_ai.prompts.editorial import EDITORIAL_EXAMPLE_TEXTS, EXAMPLE_NAMES
from editorial_ai.review.attributes import unsourced_attributes
from editorial_ai.review.claim_support import SETTING_CUES
from editorial_ai.review.relations import possessive_clashes, unsourced_relations
from editorial_ai.review.source_index import content_words
from editorial_ai.text import split_sentences
from editorial_ai.text import words as _words

COPY_NGRAM = 6  # six shared words in a row is copying, not a common phrase
COPY_SHARE = 0.3  # or this share of a sentence's 5-word runs (the review fails a sentence at 0.5)
# Strict mode: a generated sentence must draw this share of its content words from its paragraph's facts. On the
# embedded model's "Old money" draft the sentences a reader would cut scored 0.00-0.30 ("The story is a journey
# through the airport, and it's about getting to know each other."), the ones worth keeping 0.43-0.55.
GROUNDED_SHARE = 0.35
# Capitalised words that name nothing: allowed mid-sentence without a source.
_COMMON_CAPS = {"i", "january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
                "saturday", "sunday"}  # fmt: skip
# A closing quote or bracket after the full stop stays with its sentence.
_NUMBER = re.compile(r"\d[\d,.]*")
# Counts in words are figures too ("all five pieces", "for thirty years"); "one" is left out (a pronoun).
_NUMBER_WORDS = frozenset({"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                           "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
                           "thirty", "forty", "fifty", "hundred", "hundreds", "thousand", "thousands", "million",
                           "millions", "billion", "dozen", "dozens"})  # fmt: skip
# A magazine feature does not speak as "I", and "X, who is a designer" states a biography no source gives.
# "on 23 November": a day and month is one fact, true only when a source gives that day of that month.
_DAY_MONTH = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)? (January|February|March|April|May|June|July|August|September|"
                        r"October|November|December)\b")
_FIRST_PERSON = re.compile(r"\b(I|I'm|I've|I'd|I'll)\b|\b([Mm]y|[Mm]e|[Mm]ine)\b")
_BIOGRAPHY = re.compile(r",\s+who\s+(is|was|has been|had been)\b", re.IGNORECASE)
# A quotation of two or more words is someone's words: the sources must hold them ("in the catalogue it reads \"the
# perfect summer accessory\"" quotes no catalog text).
_QUOTED = re.compile(r"[\"“]([^\"“”]{1,300})[\"”]")
# How often, since when, for how long, a first or a favourite: a history no source gives ("It was the first time they
# were worn by Hanni", "worn by Minji several times", "in the fashion industry for a long time", "will always be in
# Jennie's wardrobe"). Allowed where a source uses the same words.
_HISTORY = re.compile(r"\b(?:(?:first|last|only) time|(?:several|many|countless|multiple|numerous|a few) times|always|"
                      r"never|ever|forever|often|usually|rarely|for (?:a long time|years|decades|ages|months)|"
                      r"favou?rite|since (?:childhood|then|the \w+s))\b", re.IGNORECASE)


_WORD = re.compile(r"[^\W_]+")


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


@lru_cache(maxsize=16384)
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
        # Looked up by set intersection with the sentence's word n-grams and words (one regex per name and
        # sentence cost most of the guard's time).
        self._foreign_phrases = frozenset(_key(n) for n in foreign if " " in _key(n))
        self._phrase_sizes = sorted({len(p.split()) for p in self._foreign_phrases}, reverse=True)
        self._foreign_words = frozenset(n for n in foreign if " " not in _key(n))
        self._numbers = {m.rstrip(".,") for m in _NUMBER.findall(self.source_text)}
        self._days = {f"{int(d)} {m}" for d, m in _DAY_MONTH.findall(self.source_text)}
        self._source_key = f" {_key(self.source_text)} "
        self._source_words = set(_words(self.source_text)) | {w for n in self.allowed_names for w in _words(n)}

    def problem(self, sentence: str, *, headline: bool = False, scope: frozenset[str] | None = None) -> str | None:
        """Why the sentence must go, or None when it may stay; a `headline` is in title case, so its capitals
        are not read as names (known names and numbers are still checked). `scope` holds the words of the
        paragraph's own facts: the materials and colours (and, strict, the settings) a sentence may give."""
        key = _key(sentence)
        if not key:
            return "empty"
        if key in self.seen:
            return "repeats an earlier sentence"
        if copied_from_examples(sentence):
            return "copies the prompt example"
        if not quotes_balanced(sentence):
            return "leaves a quotation open"
        wrong = self._wrong_detail(sentence, scope)
        if wrong:
            return wrong
        foreign = self._foreign_name(key, sentence)
        if foreign:
            return f"names {foreign!r}, which the sources do not hold"
        for word in re.findall(r"(?<=[\s,;:(\"'“])([A-Z][^\W\d_]*)", sentence):
            if (self.strict_names and not headline and word.casefold() not in self._source_words
                    and word.casefold() not in _COMMON_CAPS):
                return f"names {word!r} mid-sentence, which the sources do not hold"
        wrong = self._unsourced_figure(sentence)
        if wrong:
            return wrong
        return self._strict_problem(sentence, scope) if self.strict_names and not headline else None

    def _foreign_name(self, key: str, sentence: str) -> str | None:
        """The longest known name the sources lack that the sentence uses (phrases case-insensitively, single words
        with their capitals: "winter" is a season, "Winter" may be a singer), or None."""
        words = key.split()
        grams = {" ".join(words[i:i + n]) for n in self._phrase_sizes for i in range(len(words) - n + 1)}
        hits = (grams & self._foreign_phrases) or (set(_WORD.findall(sentence)) & self._foreign_words)
        return min(hits, key=lambda name: (-len(name), name)) if hits else None

    def _unsourced_figure(self, sentence: str) -> str | None:
        """A number, or a day of a month, that the sources do not give."""
        for number in _NUMBER.findall(sentence):
            if number.rstrip(".,") not in self._numbers:
                return f"quotes the number {number.rstrip('.,')!r}, which the sources do not hold"
        for day, month in _DAY_MONTH.findall(sentence):
            if f"{int(day)} {month}" not in self._days:
                return f"dates something {int(day)} {month}, a day no source gives"
        return None

    def _wrong_detail(self, sentence: str, scope: frozenset[str] | None) -> str | None:
        """Details that name only sourced things yet are wrong: a relationship, one label owning another's piece,
        a material or colour the paragraph's pieces do not have."""
        relations = unsourced_relations(sentence, self._source_words)
        if relations:
            return f"claims a relationship ({relations[0]!r}) the sources do not hold"
        clashes = possessive_clashes(sentence, self.brands)
        if clashes:
            return f"credits {clashes[0][1]!r} to {clashes[0][0]!r}"
        # Strict only: a stronger model's "denim and ballet flats are easy to find" is left to the review, which
        # checks materials and colours against the piece a claim is about.
        if self.strict_names and scope is not None and (wrong := unsourced_attributes(sentence, scope)):
            return f"describes a piece as {wrong[0]!r}, which its facts do not"
        return None

    def _strict_problem(self, sentence: str, scope: frozenset[str] | None = None) -> str | None:
        """What the embedded model invents beyond names and digits: counts in words, a first-person voice,
        biographies, and settings its paragraph's facts do not give ("her red carpet debut in Paris")."""
        for word in _words(sentence):
            if word in _NUMBER_WORDS and word not in self._source_words:
                return f"states the count {word!r}, which the sources do not hold"
        if _FIRST_PERSON.search(sentence):
            return "speaks in the first person"
        if _BIOGRAPHY.search(sentence):
            return "describes who someone is, which the sources do not say"
        for quoted in _QUOTED.findall(sentence):
            if len(_words(quoted)) >= 2 and f" {_key(quoted)} " not in self._source_key:
                return f"quotes words no source holds ({quoted!r})"
        for match in _HISTORY.finditer(sentence):
            if f" {_key(match.group(0))} " not in self._source_key:
                return f"claims a history ({match.group(0)!r}) the sources do not give"
        if scope is not None:
            for number in _NUMBER.findall(sentence):  # "30 jackets": a sourced number, but not this paragraph's
                if not all(group in scope for group in re.findall(r"\d+", number)):
                    return f"quotes the number {number.rstrip('.,')!r}, which its paragraph's facts do not"
            share = grounded_share(sentence, scope)
            if share < GROUNDED_SHARE:
                return f"shares too little with its paragraph's facts ({share:.2f} of its words)"
            words = f" {' '.join(_words(sentence))} "
            for cue in (c for c in SETTING_CUES if c != "cover"):  # "covers the shoulders" is no setting
                if f" {cue} " in words and not set(cue.split()) <= scope:
                    return f"places the scene at {cue!r}, which its facts do not"
        return None

    def remember(self, text: str) -> None:
        """Count the sentences of `text` as already in the article (a later copy of one is a repeat)."""
        self.seen.update(_key(s) for s in split_sentences(text))

    def forget(self, text: str) -> None:
        """Take back `remember` (the text was discarded)."""
        self.seen.difference_update(_key(s) for s in split_sentences(text))

    def clean(self, text: str, *, complete_only: bool = True,
              scope: frozenset[str] | None = None) -> tuple[list[str], list[str]]:
        """(kept sentences, reasons for the dropped ones); kept sentences are remembered as seen; `scope` as in
        `problem`."""
        kept: list[str] = []
        dropped: list[str] = []
        sentences = split_sentences(text)
        for index, sentence in enumerate(sentences):
            last = index == len(sentences) - 1
            if complete_only and last and not sentence.rstrip("\"'”’)").endswith((".", "!", "?")):
                dropped.append("cut off mid-sentence")
                continue
            reason = self.problem(sentence, scope=scope)
            if reason:
                dropped.append(reason)
                continue
            kept.append(sentence)
            self.seen.add(_key(sentence))
        return kept, dropped


def grounded_share(sentence: str, scope: frozenset[str]) -> float:
    """The share of the sentence's content words (stemmed, stopwords out) that its paragraph's facts hold."""
    words = content_words(sentence)
    if not words:
        return 0.0
    facts = set(content_words(" ".join(scope)))
    return sum(1 for w in words if w in facts) / len(words)


def quotes_balanced(text: str) -> bool:
    """Whether every opened quotation closes (an even count of straight double quotes, curly ones paired)."""
    return text.count('"') % 2 == 0 and text.count("“") == text.count("”")


def canonical_case(text: str, names: Iterable[str]) -> str:
    """Sourced names written with their own capitals ("Gopro" -> "GoPro"); a one-word name only where the text
    capitalises it already, so the bus in "coach" is not turned into the brand Coach, a name of three or more words
    wherever it stands ("loewe toy pumps" in a list of pieces is the Loewe Toy Pumps)."""
    pattern, canonical = _name_pattern(frozenset(n for n in names if len(n) >= 3))
    if pattern is None:
        return text

    def replace(match: re.Match[str]) -> str:
        found = match.group(0)
        if found[:1].isupper() or len(found.split()) >= 3:
            return canonical.get(found.casefold(), found)
        return found

    return pattern.sub(replace, text)


@lru_cache(maxsize=32)
def _name_pattern(names: frozenset[str]) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    """One case-insensitive alternation of the names, longest first (one pass over the text instead of one
    substitution per name), and each name's spelling by its case-folded form."""
    ordered = sorted(names, key=lambda n: (-len(n), n))
    if not ordered:
        return None, {}
    canonical: dict[str, str] = {}
    for name in ordered:
        canonical.setdefault(name.casefold(), name)
    alternation = "|".join(re.escape(n) for n in ordered)
    return re.compile(rf"(?<![^\W_])(?:{alternation})(?![^\W_])", re.IGNORECASE), canonical


