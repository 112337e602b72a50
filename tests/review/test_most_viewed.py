""""The most viewed look" is the post with the most views."""

from __future__ import annotations

from editorial_ai.review.claim_support import check_claims
from editorial_ai.review.claims import Claim, ClaimSet
from editorial_ai.review.source_index import build_index

from .helpers import KNOWN


def _post(post_id: str, who: str, views: int, title: str, brand: str) -> dict:
    return {"post_id": post_id, "artist_name": who, "context": "street style", "title": f"{who} out", "view_count":
            views, "solutions": [{"solution_id": post_id, "title": title, "brand": brand, "metadata": {}}]}


def _pairing(*sentences: str) -> list[list[str]]:
    index = build_index([{"keyword": "Balletcore"}], [_post("p1", "Jennie", 900, "Chanel 22 Bag", "Chanel"),
                                                     _post("p2", "Lisa", 300, "Celine Triomphe Shoulder Bag",
                                                           "Celine")], KNOWN)
    return [c.pairing for c in check_claims(ClaimSet([Claim(s, "body_paragraphs[4]") for s in sentences]), index)]


def test_a_look_called_the_most_viewed_must_be_the_post_with_the_most_views() -> None:
    assert _pairing("Jennie's look with the Chanel 22 Bag was the most viewed look of Balletcore.",
                    "Lisa's look with the Celine Triomphe Shoulder Bag was the most viewed look of Balletcore.",
                    "The Celine Triomphe Shoulder Bag was the most viewed look.") == [
        [],
        ["the sources do not make the look of Lisa and Celine Triomphe Shoulder Bag the most viewed: the post with "
         "the most views is Jennie's; tell that look as the most viewed or leave the claim out"],
        ["the sources do not make the look of Celine Triomphe Shoulder Bag the most viewed: the post with the most "
         "views is Jennie's; tell that look as the most viewed or leave the claim out"],
    ]
    # Beside the right one, another wearer may be named; without "most viewed" nothing is claimed.
    assert _pairing("Jennie and Lisa wore the most viewed looks of Balletcore.",
                    "Lisa wore the Celine Triomphe Shoulder Bag in street style.") == [[], []]


def test_with_a_post_that_gives_no_views_no_post_is_known_to_be_the_most_viewed() -> None:
    uncounted = {"post_id": "p3", "artist_name": "Rosé", "context": "stage", "solutions": []}
    index = build_index([{"keyword": "Balletcore"}], [_post("p1", "Jennie", 900, "Chanel 22 Bag", "Chanel"),
                                                     _post("p2", "Lisa", 300, "Celine Triomphe Shoulder Bag",
                                                           "Celine"), uncounted], KNOWN)
    claims = ClaimSet([Claim("Lisa's look was the most viewed look of Balletcore.", "body_paragraphs[4]")])
    assert check_claims(claims, index)[0].pairing == []


def test_the_two_most_viewed_looks_are_the_two_posts_with_most_views() -> None:
    # "Cha Eun-woo and Jisoo are the two most viewed looks in Gorpcore." (a Gorpcore close that passed)
    index = build_index([{"keyword": "Gorpcore"}], [_post("p1", "Jennie", 900, "Chanel 22 Bag", "Chanel"),
                                                   _post("p2", "Lisa", 300, "Celine Triomphe Shoulder Bag", "Celine"),
                                                   _post("p3", "Rosé", 100, "Dior Book Tote", "Dior")], KNOWN)

    def pairing(sentence: str) -> list[str]:
        return check_claims(ClaimSet([Claim(sentence, "body_paragraphs[4]")]), index)[0].pairing

    assert pairing("Jennie and Rosé are the two most viewed looks in Gorpcore.") == [
        "the sources do not put a look of Rosé among the two most viewed: name only the people whose posts have the "
        "most views"]
    assert pairing("Jennie and Lisa are the two most viewed looks in Gorpcore.") == []
    assert pairing("Jennie, Lisa and Rosé wore the three most viewed looks.") == []
