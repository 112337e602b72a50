"""Claims about people and labels that no list of names catches: relationships, brand possessives, and whether a
source sentence states what a claim says about the names it shares with the sources.

A small model fills gaps with family ties ("Rosé and her sister") and hands one label's piece to another
("Dior's new Miu Miu flats"). Both read as facts, name only sourced entities and pass a name check, so they are
checked on their own: a relationship word must appear in the sources, and a brand's possessive may not own
another brand's name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from editorial_ai.review.attributes import family_of
from editorial_ai.review.grounding import fold
from editorial_ai.review.source_index import content_words, plain, stem
from editorial_ai.review.text_grounding import NUMBER_PATTERN, number_key

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


# "The belt is part of the Maison Kitsune campaign", said of a Dior belt: a cue word credits a piece to a label.
_CREDIT = (r"\b(?:by|from|of|for) (?:the |a |an |its |their |this |that )?(?:{brand})\b"
           r"|\b(?:{brand}) (?:campaigns?|collections?|pieces?|designs?|lines?|label|range|drop|collab\w*|"
           r"runway|show|house|archive)\b")


def credited_brands(text: str, brands: Iterable[str], products: Iterable[str]) -> list[str]:
    """Brands (plain keys) the text credits a piece to ("from the Chanel campaign", "a Miu Miu design"), outside
    the names of `products` (plain keys: "the Chanel 22 Bag" credits nothing)."""
    keys = _brand_keys(brands if isinstance(brands, frozenset) else frozenset(brands))
    plain_text = f" {' '.join(_plain_words(text))} "
    for product in sorted(products, key=len, reverse=True):
        plain_text = plain_text.replace(f" {product} ", " | ")
    found: list[str] = []
    for key in keys:
        if f" {key} " in plain_text and not any(key in f for f in found) and re.search(
                _CREDIT.format(brand=re.escape(key)), plain_text):
            found.append(key)
    return found


# Words that end the garments a credit reaches back to: "wore the bag with sneakers from Balenciaga" credits only
# the sneakers.
_CREDIT_REACH_ENDS = frozenset({"with", "wore", "wears", "wearing", "carried", "carries", "paired", "in", "on", "at",
                                "to", "for", "of", "by", "from", "was", "were", "is", "are", "while", "beside"})
_CREDIT_REACH = 8  # words before the cue


def credited_garments(text: str, brand: str, products: Iterable[str]) -> list[str]:
    """Garment words the text credits to `brand` (plain key) right before "from/by <brand>": "the 90s-inspired bag
    and sneakers from Balenciaga" credits a bag and sneakers to Balenciaga (said of a Bottega Veneta bag in a passed
    Gorpcore draft). `products` (plain keys) are read out first, as in `credited_brands`."""
    plain_text = f" {' '.join(_plain_words(text))} "
    for product in sorted(products, key=len, reverse=True):
        plain_text = plain_text.replace(f" {product} ", " | ")
    found: list[str] = []
    for match in re.finditer(rf" (?:from|by) (?:the )?{re.escape(brand)} ", plain_text):
        before = plain_text[:match.start()].split()[-_CREDIT_REACH:]
        for word in reversed(before):
            if word in _CREDIT_REACH_ENDS or word == "|":
                break
            if family_of(word):
                found.append(word)
    return list(dict.fromkeys(reversed(found)))


# --- what a claim says about its names, and which source sentence says it -----------------------------------------

# Claims that name nobody and state no figure still assert checkable facts when they speak of sales, stock,
# queues, counts or records ("waiting lists at every boutique grew longer by the hour"): those are checked too.
CHECKABLE_CUES = re.compile(
    r"\b(sold|sells?|selling|sales?|sell-?outs?|stock|restock\w*|shelves|waiting lists?|waitlists?|queues?|lines? "
    r"(?:formed|outside)|records?|doubled|tripled|grew|grows|growing|rose|rising|jumped|soared|surged|spiked|fell|"
    r"dropped|millions?|thousands?|hundreds?|percent|per cent|searches|searched|views|viewed|followers|viral|"
    r"crashed|fastest|bestsell\w*|best-sell\w*|logged|every boutique|every store|overnight|within (?:hours|days))\b",
    re.IGNORECASE)
# Writing words that state no fact of their own: a claim's relation is the rest of its words.
_FILLER = frozenset({
    "also", "even", "still", "really", "truly", "simply", "quite", "rather", "much", "many", "way", "ways", "thing",
    "things", "one", "ones", "kind", "sort", "moment", "moments", "piece", "pieces", "look", "looks", "style",
    "styles", "outfit", "outfits", "trend", "trends", "effect", "fan", "fans", "reader", "readers", "wear", "wore",
    "worn", "wearing", "show", "showed", "shown", "new", "latest", "like", "see", "seen", "make", "made",
    "makes", "keep", "keeps", "kept", "get", "gets", "got", "take", "takes", "took", "carry", "carries", "carried",
    "carrying", "pair", "pairs", "paired", "pairing", "back", "again", "later", "first",
})
_FILLER_STEMS = frozenset(stem(w) for w in _FILLER)
STATED_SHARE = 0.5  # of a claim's relation words one source sentence must hold to state the claim


@dataclass(frozen=True)
class Statement:
    """Whether one source sentence states a claim's relation (who wore what, where, when, how much)."""

    stated: bool
    sentence: int | None  # index of the stating (or closest) source sentence
    relation: tuple[str, ...]  # the claim's relation words (stemmed)
    missing: tuple[str, ...]  # relation words the closest sentence lacks


def relation_words_of(text: str, names: Iterable[str]) -> list[str]:
    """The claim's words beyond its names and writing filler: what it says about them (stemmed, once each)."""
    name_words = {stem(w) for name in names for w in plain(name).split()}
    return [w for w in dict.fromkeys(content_words(text)) if w not in name_words and w not in _FILLER_STEMS
            and not w.isdigit()]


def figure_keys(numbers: Iterable[str]) -> frozenset[str]:
    """Figures compared as numbers: `1,200` and `1200` are one figure, `90s` holds 90 (`text_grounding.number_key`)."""
    return frozenset(key for key in (number_key(n) for n in numbers) if key)


def checkable(text: str) -> bool:
    """An opinion-shaped sentence that asserts something the sources could confirm or not."""
    return CHECKABLE_CUES.search(fold(text)) is not None


def stating_sentence(text: str, names: Iterable[str], numbers: Iterable[str], sentences: list[str],
                     sentence_words: list[frozenset[str]]) -> Statement:
    """The source sentence that states the claim: it names at least one of the claim's names (any sentence when
    the claim names none), holds every figure the claim gives and at least STATED_SHARE of its relation words.
    Names that merely co-occur in a post ("Jennie's Chanel front-row look in Paris" for "fifteen logged looks
    between February 2025 and February 2026") state nothing."""
    names = [n for n in names if plain(n)]
    relation = tuple(relation_words_of(text, names))
    figures = figure_keys(numbers)
    keys = [f" {plain(n)} " for n in names]
    best: tuple[float, int] | None = None
    for i, sentence in enumerate(sentences):
        padded = f" {plain(sentence)} "
        if keys and not any(k in padded for k in keys):
            continue
        if not figures <= figure_keys(NUMBER_PATTERN.findall(sentence)):  # "90s" gives 90, "631595" is 631,595
            continue
        held = sum(1 for w in relation if w in sentence_words[i])
        share = held / len(relation) if relation else 1.0
        if best is None or share > best[0]:
            best = (share, i)
    if best is None:
        return Statement(False, None, relation, relation)
    share, i = best
    missing = tuple(w for w in relation if w not in sentence_words[i])
    return Statement(share >= STATED_SHARE, i, relation, missing)
