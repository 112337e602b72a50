"""What a paragraph tells of its fact lines: the lines it leaves out, for a continuation to tell, and whether it
names a look's pieces at all."""

from __future__ import annotations

import re
from collections.abc import Sequence

from editorial_ai.content_types.article.writer.outline import Product, words_of


def names_a_piece(text: str, pieces: Sequence[str], products: Sequence[Product]) -> bool:
    """Whether `text` names one of `pieces` in full or by a word of its name that is not its brand's ("the Calvin
    Klein shorts" names the Calvin Klein Relaxed Denim Shorts)."""
    brands = {p.name: p.brand for p in products}
    said = set(words_of(text))
    for piece in pieces:
        own = set(words_of(piece)) - set(words_of(brands.get(piece, "")))
        if any(len(word) > 2 and word in said for word in own):
            return True
    return False


_LABELLED = re.compile(r"^(?:look of |[a-z ]+: )")
# Lines a continuation is not asked to tell: the topic, and the catalog's tags and counts, which told alone came
# back as the writer's notes ("it is tagged ballet and minimal", "the looks logged show").
_NOT_TOLD = frozenset({"topic: ", "tags: ", "trend tags: ", "looks logged: ", "celebrity: "})
_SMALL = frozenset({"with", "from", "that", "this", "worn", "wore", "look", "logged", "pieces", "first", "seen"})


def untold_facts(paragraph: str, facts: Sequence[str]) -> list[str]:
    """The fact lines of `facts` whose words `paragraph` mostly leaves out (fewer than half of them said; the
    topic line is never one), in their order: what a continuation can tell without inventing."""
    said = set(words_of(paragraph))
    untold = []
    for fact in facts:
        label = match[0] if (match := _LABELLED.match(fact)) else ""
        if label in _NOT_TOLD:
            continue
        # "worn by: Hanni at a magazine cover shoot; Mingyu in street style" is two facts, told one by one
        for part in fact[len(label):].split("; ") if label != "look of " else [fact[len(label):]]:
            words = {w for w in words_of(part) if len(w) > 3 and w not in _SMALL}
            # A price ("KRW 5,164,000") has no long word and is never asked for: counted untold, it was asked for
            # 50 more times over three articles and came back as the piece's look told again with the price put in
            # ("The Chanel Ballet Flats by Chanel, priced at KRW 1,285,000, are grey leather utility shoes that have
            # been worn by Jennie in street style since 5 August 2025."), which the checks refuse.
            if words and sum(w in said for w in words) < len(words) / 2:
                untold.append(f"{label}{part}")
    return untold


def new_fact_words(sentence: str, paragraph: str, facts: Sequence[str]) -> set[str]:
    """Words of the fact lines `facts` (names, places, dates, materials) that `sentence` says and `paragraph` does
    not yet: what a continuation adds. A continuation asked for to tell an untold fact came back as "It was a stylish
    bag that complemented her outfit perfectly." and "V's choice of wearing Balenciaga Le City Bag and Jacquemus La
    Jupe Midi as well was strategic." (a Gorpcore article that passed): nothing new but a verdict."""
    told = {w for fact in facts for w in words_of(fact) if (len(w) > 3 or w.isdigit()) and w not in _SMALL}
    return (set(words_of(sentence)) & told) - set(words_of(paragraph))
