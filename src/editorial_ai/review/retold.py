"""One look told twice: a later sentence naming the same wearer, the same label and the same day as an earlier one.

The outline gives a look to the looks paragraph and its piece to the piece's own paragraph, and the embedded model
told the look in full in both: "Hanni was wearing the Loewe pumps in black leather for the magazine cover shoot on
3 June 2025." and, a paragraph later, "The Loewe pumps, a black leather shoe, was worn by Hanni at a magazine cover
shoot on 3 June 2025." (a Balletcore article passed with both; its repeated 4-gram rate was 0.08 against the 0.05
target). The two share mostly sourced words, so the word-share checks of `text_checks.says_again` let them by. A
second look of the same day names a piece the first does not ("... also carried the Loewe bag"), so it is not
counted here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from editorial_ai.review.dates import days_in
from editorial_ai.review.source_index import SourceIndex, content_words, plain


@dataclass(frozen=True)
class LookNames:
    """The plain names a look is told by: wearers, labels, and the garment words of the sourced pieces."""

    people: frozenset[str]
    brands: frozenset[str]
    piece_words: frozenset[str]  # stemmed garment words of product names ("pump", "bag", "jean")

    @classmethod
    def of(cls, index: SourceIndex) -> LookNames:
        facts = index.facts
        pieces = {words[-1] for product in facts.products if (words := content_words(product))}
        return cls(people=_plain_names(facts.people), brands=_plain_names(facts.brands),
                   piece_words=frozenset(pieces))


def _plain_names(names: Iterable[str]) -> frozenset[str]:
    return frozenset(key for name in names if (key := plain(name)))


def _named(padded: str, names: frozenset[str]) -> frozenset[str]:
    return frozenset(name for name in names if f" {name} " in padded)


def retells_look(sentence: str, earlier: str, looks: LookNames) -> bool:
    """Whether `sentence` tells the look `earlier` told: the same day, a wearer and a label both name, and no wearer,
    label or garment `earlier` lacks. An undated sentence is not compared: a short reference back ("the pumps from
    her cover shoot") is what an editor asks for instead. A sentence said word for word again is left to
    `text_checks.repetition_figures`, as `says_again` leaves it."""
    day = days_in(sentence)
    if not day or day != days_in(earlier) or plain(sentence) == plain(earlier):
        return False
    own, before = f" {plain(sentence)} ", f" {plain(earlier)} "
    who, labels = _named(own, looks.people), _named(own, looks.brands)
    if not who or not labels:
        return False
    pieces = frozenset(content_words(sentence)) & looks.piece_words
    return (who <= _named(before, looks.people) and labels <= _named(before, looks.brands)
            and pieces <= frozenset(content_words(earlier)))
