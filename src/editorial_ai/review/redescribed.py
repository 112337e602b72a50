"""A piece described again in its own paragraph: "The Chanel 22 Bag is a preppy, Y2K bag made of olive leather.
Chanel 22 Bag, an olive leather preppy bag, was first worn by Jennie ... The Chanel 22 Bag, an olive leather preppy
bag, was worn with ..." passed a Jennie Effect review. Each sentence is true, so no claim check finds it, and the
words are all sourced, so the repeated-phrase check leaves them alone (two looks share a piece's name by right); an
editor cuts the second and third descriptions.

A description is the colours and materials said next to a piece's name (or "the <its last word>", "the flats", when
one piece of the paragraph ends in that word); a later sentence of the same paragraph giving the same piece two or
more of the same ones is the finding.
"""

from __future__ import annotations

from collections.abc import Iterable

from editorial_ai.review.attributes import ATTRIBUTE_WORDS
from editorial_ai.review.source_index import plain
from editorial_ai.text import split_sentences

REDESCRIBED_MIN_WORDS = 2  # one shared colour ("the black boots") names a piece; two describe it
# "Chanel 22 Bag, an olive leather preppy bag", "The Chanel 22 Bag is a preppy, Y2K bag made of olive leather": its
# description follows within nine words, up to the next piece named
AFTER_NAME_WORDS = 9
DESCRIBED_AGAIN = "describes again"  # the finding's wording


def _mentions(words: list[str], pieces: dict[str, list[str]]) -> list[tuple[str, int, int]]:
    """(piece, first word, end word) of each mention of a piece in `words`."""
    found: list[tuple[str, int, int]] = []
    for piece, name in pieces.items():
        n = len(name)
        found += [(piece, i, i + n) for i in range(len(words) - n + 1) if words[i:i + n] == name]
    return found


def _described(words: list[str], start: int, end: int, starts: list[int]) -> list[str]:
    """The colours and materials said next to the mention `words[start:end]`, in order: right before it ("the
    black leather Alaïa Le Coeur Bag") and after it up to the next piece mentioned (`starts`)."""
    before = start
    while before > 0 and words[before - 1] in ATTRIBUTE_WORDS:
        before -= 1
    after = min([end + AFTER_NAME_WORDS, *(s for s in starts if s >= end)])
    return [w for w in words[before:start] + words[end:after] if w in ATTRIBUTE_WORDS]


def _short_names(pieces: Iterable[str]) -> dict[str, list[str]]:
    """"the <last word>" for each piece whose last word no other piece ends in ("the flats", "the bag")."""
    last = [plain(p).split()[-1] for p in pieces if plain(p)]
    return {piece: ["the", plain(piece).split()[-1]] for piece in pieces
            if plain(piece) and last.count(plain(piece).split()[-1]) == 1}


def redescribed_pieces(paragraphs: list[str], pieces: Iterable[str]) -> list[tuple[int, str, str, str]]:
    """(paragraph index, sentence, piece, the description words said again) for each sentence that describes a
    piece again with words an earlier sentence of its paragraph already gave it."""
    out: list[tuple[int, str, str, str]] = []
    pieces = sorted(pieces)  # a set's order changes between processes; the finding must not
    for index, paragraph in enumerate(paragraphs):
        sentences = split_sentences(paragraph)
        named = [p for p in pieces if plain(p) and f" {plain(p)} " in f" {plain(paragraph)} "]
        forms = {p: plain(p).split() for p in named}
        short = _short_names(named)
        given: dict[str, set[str]] = {}
        for sentence in sentences:
            words = plain(sentence).split()
            mentions = _mentions(words, forms) + _mentions(words, short)
            starts = sorted(s for _, s, _ in mentions)
            described = [(piece, _described(words, start, end, starts)) for piece, start, end in mentions]
            hits = [(piece, again) for piece, near in described
                    if len(again := [w for w in dict.fromkeys(near) if w in given.get(piece, set())])
                    >= REDESCRIBED_MIN_WORDS]
            if hits:
                piece, again = hits[0]
                out.append((index, sentence, piece, " ".join(again)))
            for piece, near in described:
                given.setdefault(piece, set()).update(near)
    return out
