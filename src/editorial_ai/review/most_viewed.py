""""The most viewed look" belongs to one post: the one with the most views.

"Mingyu's look of the Maison Margiela boots and the Coperni skirt was the most viewed look in the feature on
Balletcore." and "The Miu Miu flats was the most viewed look ..." followed the right sentence about Jackson Wang's
post and passed a review: each names a real look and a real phrase of the facts, so every other check found it
sourced.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from editorial_ai.review.source_index import SourceIndex, Tie, plain

_MOST_VIEWED = re.compile(r"\bmost[- ](?:viewed|watched|seen|liked|clicked)\b", re.IGNORECASE)
# "Cha Eun-woo and Jisoo are the two most viewed looks in Gorpcore." (a Gorpcore close that passed; Jisoo's posts are
# not among the two with most views)
_TOP_N = re.compile(r"\b(two|three|four|five|2|3|4|5) most[- ](?:viewed|watched|seen|liked|clicked)\b", re.IGNORECASE)
_NUMBER = {"two": 2, "three": 3, "four": 4, "five": 5}


def _ranked_problems(text: str, people: Sequence[str], viewed: list[Tie]) -> list[str]:
    """People a "the two most viewed looks" claim names whose posts are none of the top two (or three ...)."""
    match = _TOP_N.search(text)
    if match is None or not people:
        return []
    n = _NUMBER.get(match[1].lower()) or int(match[1])
    top = sorted(viewed, key=lambda tie: -tie.views)[:n]
    return [f"the sources do not put a look of {person} among the {match[1].lower()} most viewed: name only the "
            "people whose posts have the most views" for person in people
            if not any(plain(person) in tie.people for tie in top)]


def most_viewed_problems(text: str, people: Sequence[str], pieces: Sequence[str], index: SourceIndex) -> list[str]:
    """What a "most viewed" claim gives to a post that is not the most viewed one: people (names) and pieces (names)
    of which none is the top post's. Only when every post gives its views."""
    viewed = [tie for tie in index.ties if tie.people]
    if not viewed or not all(tie.views for tie in viewed) or not _MOST_VIEWED.search(text):
        return []  # a post with no count given might be the most viewed one
    if ranked := _ranked_problems(text, people, viewed):
        return ranked
    top = max(viewed, key=lambda tie: tie.views)
    wrong_people = [p for p in people if plain(p) not in top.people]
    wrong_pieces = [p for p in pieces if plain(p) not in top.products]
    if (people and len(wrong_people) == len(people)) or (pieces and len(wrong_pieces) == len(pieces)):
        named = " and ".join([*wrong_people, *wrong_pieces][:2])
        owner = next((name for name in index.facts.people if plain(name) in top.people), "")
        most = f"{owner}'s" if owner else "another one"
        return [f"the sources do not make the look of {named} the most viewed: the post with the most views is "
                f"{most}; tell that look as the most viewed or leave the claim out"]
    return []
