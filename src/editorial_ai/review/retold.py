"""One look told twice: a later sentence naming the same wearer, the same label and the same day as an earlier one.

The outline gives a look to the looks paragraph and its piece to the piece's own paragraph, and the embedded model
told the look in full in both: "Hanni was wearing the Loewe pumps in black leather for the magazine cover shoot on
3 June 2025." and, a paragraph later, "The Loewe pumps, a black leather shoe, was worn by Hanni at a magazine cover
shoot on 3 June 2025." (a Balletcore article passed with both; its repeated 4-gram rate was 0.08 against the 0.05
target). The two share mostly sourced words, so the word-share checks of `text_checks.says_again` let them by. A
second look of the same day names a piece the first does not ("... also carried the Loewe bag"), so it is not
counted here. Undated, a sentence retells a look when it names its wearer, piece and setting again and adds nothing
sourced but a colour or material: "The bag was worn by Jackson Wang in a brand campaign for the photo with the cap
..." a sentence after "Jackson Wang wore the Marithé François Girbaud Logo Crossbody Bag in a brand campaign on 2
February 2026, as seen in the photo with Maison Kitsuné Fox Head Cap ..." (a Balletcore article passed with both).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher

from editorial_ai.review.attributes import COLOURS, MATERIALS
from editorial_ai.review.dates import days_in
from editorial_ai.review.source_index import SourceIndex, content_words, plain


@dataclass(frozen=True)
class LookNames:
    """The plain names a look is told by: wearers, labels, and the garment words of the sourced pieces."""

    people: frozenset[str]
    brands: frozenset[str]
    piece_words: frozenset[str]  # stemmed garment words of product names ("pump", "bag", "jean")
    sourced: frozenset[str] = frozenset()  # the sources' stemmed vocabulary
    product_words: frozenset[str] = frozenset()  # every stemmed word of the product names

    @classmethod
    def of(cls, index: SourceIndex) -> LookNames:
        facts = index.facts
        pieces = {words[-1] for product in facts.products if (words := content_words(product))}
        return cls(people=_plain_names(facts.people), brands=_plain_names(facts.brands),
                   piece_words=frozenset(pieces), sourced=index.vocabulary,
                   product_words=frozenset(w for product in facts.products for w in content_words(product)))


# Words any telling of a look uses, and a piece's colour and material: told again, they add nothing new.
_TELLING = frozenset(content_words("wore wear wears worn wearing carried carries chose paired look piece outfit "
                                   "style seen photo photographed also same"))
_ATTRIBUTES = frozenset(content_words(" ".join(COLOURS | MATERIALS)))
# A month or year told again adds nothing to a look already told: "Hanni wore black leather Loewe pumps and brown
# denim Celine jeans on a magazine cover shoot in June 2025." after the same look without its month (a Balletcore
# article that passed).
_MONTHS = frozenset(content_words("january february march april may june july august september october november "
                                  "december"))
SETTING_WORDS = 2  # sourced words of a setting ("brand campaign", "magazine cover shoot") both sentences name
# An undated retelling tells a look: "The Jackson Wang Effect spreads because every look comes down to named pieces,
# starting with the Dior Bar Jacket." names the wearer and the piece of an earlier sentence and tells no look.
_WEAR_VERB = re.compile(r"\b(?:wore|worn|wears|wearing|carried|carries|chose|paired|donned|sported|featured)\b", re.I)


def _plain_names(names: Iterable[str]) -> frozenset[str]:
    return frozenset(key for name in names if (key := plain(name)))


def _named(padded: str, names: frozenset[str]) -> frozenset[str]:
    return frozenset(name for name in names if f" {name} " in padded)


def retells_look(sentence: str, earlier: str, looks: LookNames) -> bool:
    """Whether `sentence` tells the look `earlier` told: a wearer and a label or piece both name, and no wearer,
    label or garment `earlier` lacks; dated, the same day and a label; undated, the same setting and nothing
    sourced but a colour or material that `earlier` lacks. A reference back without the wearer ("the pumps from her
    cover shoot") is what an editor asks for instead. A sentence said word for word again is left to
    `text_checks.repetition_figures`, as `says_again` leaves it."""
    day = days_in(sentence)
    if (day and day != days_in(earlier)) or plain(sentence) == plain(earlier):
        return False
    own, before = f" {plain(sentence)} ", f" {plain(earlier)} "
    who, labels = _named(own, looks.people), _named(own, looks.brands)
    words, before_words = frozenset(content_words(sentence)), frozenset(content_words(earlier))
    pieces = words & looks.piece_words
    if not who or not (labels or pieces) or not (who <= _named(before, looks.people)
                                                and labels <= _named(before, looks.brands) and pieces <= before_words):
        return False
    if day:
        return bool(labels)
    if not _WEAR_VERB.search(sentence):
        return False
    names = frozenset(content_words(" ".join([*who, *labels])))
    setting = (words & before_words & looks.sourced) - names - looks.product_words - _TELLING - _ATTRIBUTES
    added = {w for w in words - before_words - _TELLING - _ATTRIBUTES - _MONTHS if not w.isdigit()}
    return bool(pieces) and len(setting) >= SETTING_WORDS and not added & looks.sourced


_QUOTED = re.compile(r'["“]([^"”]{3,})["”]')


def tells_another_post(sentence: str, earlier: str) -> bool:
    """Whether `sentence` gives a figure or a quoted post title `earlier` lacks: another post in a shared frame."""
    return bool(set(re.findall(r"\d+", plain(sentence))) - set(re.findall(r"\d+", plain(earlier)))
                or set(_QUOTED.findall(sentence)) - set(_QUOTED.findall(earlier)))


RESTATED_SHARE = 0.8  # of the earlier sentence's words, found in order in the later one
RESTATED_MIN_WORDS = 10  # shorter sentences share most of their words by right ("Jennie wore the bag at ...")


def restates(sentence: str, earlier: str, looks: LookNames) -> bool:
    """Whether `sentence` is `earlier` again with a sourced detail put in: it holds RESTATED_SHARE of its words in
    order, names the same wearers, adds no figure, no label or piece and no word the sources lack, and leaves out of
    it nothing but a label or piece name said shorter. "Jackson Wang in the Milan Fashion Week front row wore the
    belt in olive leather, adding to his old money and streetwear look." right after "Jackson Wang wore the Dior
    belt in olive leather, adding to his old money and streetwear look." stood through three reviews of a Gorpcore
    draft. A place put for another place is another look told in the same frame, and is left to the phrase
    checks."""
    words, before = plain(sentence).split(), plain(earlier).split()
    if len(before) < RESTATED_MIN_WORDS or words == before:
        return False
    own, told = f" {' '.join(words)} ", f" {' '.join(before)} "
    who = _named(own, looks.people)
    if not who or who != _named(told, looks.people):
        return False
    if tells_another_post(sentence, earlier):
        return False
    matched = sum(block.size for block in SequenceMatcher(None, words, before, autojunk=False).get_matching_blocks())
    mine, theirs = frozenset(content_words(sentence)), frozenset(content_words(earlier))
    names = looks.product_words | frozenset(content_words(" ".join(looks.brands)))
    added, dropped = mine - theirs, theirs - mine
    # A label or piece put for another is another look in a shared frame ("... in the post "Inside Irene's Bulgari
    # encore look"" after the same sentence with Stüssy: two posts of the shipped labels' clean drafts).
    return (matched >= RESTATED_SHARE * len(before) and added <= looks.sourced and not added & names
            and dropped <= names)
