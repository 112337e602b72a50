""""The most viewed look" belongs to one post: the one with the most views.

"Mingyu's look of the Maison Margiela boots and the Coperni skirt was the most viewed look in the feature on
Balletcore." and "The Miu Miu flats was the most viewed look ..." followed the right sentence about Jackson Wang's
post and passed a review: each names a real look and a real phrase of the facts, so every other check found it
sourced.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from editorial_ai.review.source_index import SourceIndex, plain

_MOST_VIEWED = re.compile(r"\bmost[- ](?:viewed|watched|seen|liked|clicked)\b", re.IGNORECASE)


def most_viewed_problems(text: str, people: Sequence[str], pieces: Sequence[str], index: SourceIndex) -> list[str]:
    """What a "most viewed" claim gives to a post that is not the most viewed one: people (names) and pieces (names)
    of which none is the top post's. Only when every post gives its views."""
    viewed = [tie for tie in index.ties if tie.people]
    if not viewed or not all(tie.views for tie in viewed) or not _MOST_VIEWED.search(text):
        return []  # a post with no count given might be the most viewed one
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
