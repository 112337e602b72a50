"""A piece said to be part of "the look" a draft was telling, checked against the posts that show that look.

"Hanni was wearing the Loewe pumps ... for the magazine cover shoot. ... The look also includes a pair of the Loewe
sunglasses" passed a review: the sunglasses were worn at an award show, three months later. The sentence names no
wearer, so the pairing checks had nothing to pair the sunglasses with.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from editorial_ai.review.source_index import SourceIndex, plain

# "the look also includes", "this outfit is finished with", "the ensemble pairs ...": a piece given to a look.
_LOOK_TAKES = re.compile(r"\b(?:the|this|that) (?:look|outfit|ensemble)\b(?! of)[^.;]*?\b(?:includ|featur|complet|"
                         r"consist|pair|come[sd]? with|finish|round|top)\w*", re.IGNORECASE)


def look_piece_problems(text: str, pieces: Sequence[str], look: Sequence[str], index: SourceIndex) -> list[str]:
    """Pieces (plain keys) a claim adds to "the look" that no post shows with the pieces named last (`look`)."""
    if not look or not index.ties or not _LOOK_TAKES.search(text):
        return []
    shown = set(look)
    problems = []
    for piece in (p for p in pieces if p not in shown):
        if not any(piece in tie.products and tie.products & shown for tie in index.ties):
            title, other = index.product_titles.get(piece, piece), index.product_titles.get(look[0], look[0])
            problems.append(f"no source post shows the {title} in one look with the {other}: they were worn in "
                            "different posts; tell each look with its own pieces")
    return problems


# A look given to another wearer: "Cha Eun-woo also wore this look on 13 September 2025, while Jisoo wore it on 2
# July 2025." (a Jennie Effect close that passed; the cardigan and shirt were Jisoo's alone).
_WORE_THE_LOOK = re.compile(r"\b(?:wore|wears|wearing|worn|sported|chose|copied|repeated|recreated) (?:this|that|the "
                            r"same|her|his|their) (?:look|outfit|combination|pieces|ensemble|pairing)\b",
                            re.IGNORECASE)


def worn_again_problems(text: str, people: Sequence[str], look: Sequence[str], index: SourceIndex,
                        own: Sequence[str] = ()) -> list[str]:
    """People (`people`, as named) a claim says wore "this look" -- the pieces the draft named last (`look`, plain
    keys), or the pieces the claim itself names before saying it (`own`) -- whom no post shows in any of those
    pieces. Pieces named after it are the wearer's own, not the look's: "Cha Eun-woo also wore this look on 13
    September 2025 in street style, wearing a Balenciaga Track Sneakers" passed a Jennie Effect review after
    Jennie's Chanel 22 Bag look, since the sentence named a piece of his."""
    said = _WORE_THE_LOOK.search(text) if people and index.ties else None
    if said is None:
        return []
    head = f" {plain(text[:said.start()])} "
    look = [p for p in own if f" {p} " in head] or look
    if not look:
        return []
    shown = set(look)
    title = index.product_titles.get(look[0], look[0])
    return [f"no source post shows {person} in the look of the {title}: it was another wearer's; tell {person}'s "
            "own look with its own pieces"
            for person in people
            if not any(plain(person) in tie.people and tie.products & shown for tie in index.ties)]


# Every look given to one wearer: "Hanni wore all fifteen looks in the collection at a magazine cover shoot and in a
# music video." (a Balletcore opening that passed; she has three of the fifteen posts).
_ALL_LOOKS = re.compile(r"\b(?:wore|wears|wearing|worn|modelled|modeled|sported) (?:all|every one of|each of) "
                        r"(?:the |these |those |its )?(?:\w+ )?(?:looks|outfits|pieces)\b", re.IGNORECASE)


def all_looks_problems(text: str, people: Sequence[str], index: SourceIndex) -> list[str]:
    """People (`people`, as named) a claim says wore all the looks, who have fewer posts than the sources log."""
    if not people or not index.ties or not _ALL_LOOKS.search(text):
        return []
    total = len(index.ties)
    problems = []
    for person in people:
        own = sum(plain(person) in tie.people for tie in index.ties)
        if own < total:
            problems.append(f"{person} wore {own} of the {total} looks the sources log, not all of them: say which "
                            "ones")
    return problems
