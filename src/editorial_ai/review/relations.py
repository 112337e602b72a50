"""Claims about people and labels that no list of names catches: relationships and brand possessives.

A small model fills gaps with family ties ("Rosé and her sister") and hands one label's piece to another
("Dior's new Miu Miu flats"). Both read as facts, name only sourced entities and pass a name check, so they are
checked on their own: a relationship word must appear in the sources, and a brand's possessive may not own
another brand's name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from editorial_ai.review.grounding import fold

# Words that state a personal relationship; "son"/"baby" are left out (too often "season", "baby blue").
RELATION_WORDS = frozenset({
    "sister", "sisters", "brother", "brothers", "mother", "father", "mom", "mum", "dad", "husband", "wife",
    "boyfriend", "girlfriend", "fiance", "fiancee", "daughter", "daughters", "cousin", "cousins", "twin", "twins",
    "aunt", "uncle", "niece", "nephew", "grandmother", "grandfather", "dating", "married", "engaged", "divorced",
    "pregnant", "siblings", "sibling", "parents", "stepmother", "stepfather",
})
_WORD = re.compile(r"[a-z0-9&]+")
_POSSESSIVE = re.compile(r"(?<=[\w&.])'s\b")
_OWNER_WINDOW = 60  # characters: longer than any brand name
POSSESSIVE_WINDOW = 5  # words after "Brand's" that belong to what it owns ("Dior's new quilted 'Miu Miu' flats")
# Words that end the owned phrase: "Miu Miu's flats and Chanel loafers" names two labels' pieces.
_PHRASE_ENDS = frozenset({"and", "with", "beside", "next", "alongside", "while", "or", "but", "plus", "from", "by",
                          "over", "under", "to", "for", "at", "in", "on", "as", "than", "against", "versus"})


def _plain_words(text: str) -> list[str]:
    return _WORD.findall(fold(text).lower().replace("’", "'"))


def relation_words(text: str) -> list[str]:
    """Relationship words the text uses, in order, once each."""
    return list(dict.fromkeys(w for w in _plain_words(text) if w in RELATION_WORDS))


def unsourced_relations(text: str, source_words: Iterable[str] | frozenset[str]) -> list[str]:
    """Relationship words of `text` that the sources (their plain words) never use."""
    words = source_words if isinstance(source_words, frozenset | set) else frozenset(source_words)
    return [w for w in relation_words(text) if w not in words]


@lru_cache(maxsize=64)
def _brand_keys(brands: frozenset[str]) -> tuple[str, ...]:
    """Brands as plain word keys, longest first (one brand list serves every sentence of a review)."""
    return tuple(sorted({" ".join(_plain_words(b)) for b in brands} - {""}, key=len, reverse=True))


def possessive_clashes(text: str, brands: Iterable[str]) -> list[tuple[str, str]]:
    """(owner, other) for each "Owner's ... Other" where both are brands and Other follows within
    POSSESSIVE_WINDOW words: one label credited with another's piece."""
    keys = _brand_keys(brands if isinstance(brands, frozenset) else frozenset(brands))
    if not keys:
        return []
    folded = fold(text).replace("’", "'")
    clashes: list[tuple[str, str]] = []
    for match in _POSSESSIVE.finditer(folded):
        # The owner is the brand ending right before "'s": the words of a short window before it are enough (a lazy
        # group from every start position cost quadratic time on long paragraphs).
        owner_words = _plain_words(folded[max(0, match.start() - _OWNER_WINDOW):match.start()])
        owner = next((k for k in keys if owner_words[-len(k.split()):] == k.split()), None)
        if owner is None:
            continue
        phrase = re.split(r"[,.;:!?()]", folded[match.end():], maxsplit=1)[0]
        owned: list[str] = []
        for word in _plain_words(phrase):
            if word in _PHRASE_ENDS or len(owned) == POSSESSIVE_WINDOW:
                break
            owned.append(word)
        padded = f" {' '.join(owned)} "
        other = next((k for k in keys if k != owner and f" {k} " in padded and k not in owner), None)
        if other is not None:
            clashes.append((owner, other))
    return clashes
