"""A piece given to "the look" must have been worn in that look."""

from __future__ import annotations

from editorial_ai.review.claim_support import check_claims
from editorial_ai.review.claims import Claim, ClaimSet
from editorial_ai.review.source_index import build_index

from .helpers import KNOWN


def _piece(title: str, brand: str, kind: str) -> dict:
    return {"solution_id": title.lower().replace(" ", "-"), "title": title, "brand": brand,
            "metadata": {"keywords": [kind]}}


PUMPS, JEANS = _piece("Loewe Toy Pumps", "Loewe", "shoes"), _piece("Celine Straight Jeans", "Celine", "bottom")
SUNGLASSES = _piece("Loewe Anagram Sunglasses", "Loewe", "eyewear")


def _checks(*paragraphs: str) -> list[list[str]]:
    contexts = [
        {"post_id": "p1", "artist_name": "Hanni", "context": "magazine cover shoot", "title": "Hanni on a cover",
         "created_at": "2025-06-03T10:00:00Z", "solutions": [PUMPS, JEANS]},
        {"post_id": "p2", "artist_name": "Hanni", "context": "award show red carpet", "title": "Hanni at an award show",
         "created_at": "2025-09-20T10:00:00Z", "solutions": [SUNGLASSES]},
    ]
    index = build_index([{"keyword": "Balletcore"}], contexts, KNOWN)
    claims = ClaimSet([Claim(sentence, f"body_paragraphs[{i}]") for i, paragraph in enumerate(paragraphs)
                       for sentence in paragraph.split(" | ")])
    return [check.pairing for check in check_claims(claims, index)]


def test_a_piece_of_another_post_given_to_the_look_is_a_pairing_error() -> None:
    pairing = _checks("Hanni wore the Loewe Toy Pumps at a magazine cover shoot.",
                      "The shoes are sleek. | The look also includes a pair of the Loewe Anagram Sunglasses.")
    assert pairing[2] == ["no source post shows the Loewe Anagram Sunglasses in one look with the Loewe Toy Pumps: "
                          "they were worn in different posts; tell each look with its own pieces"]


def test_a_piece_of_the_same_post_and_a_look_named_anew_pass() -> None:
    same = _checks("Hanni wore the Loewe Toy Pumps at a magazine cover shoot. | The look also includes the Celine "
                   "Straight Jeans.")
    assert same == [[], []]
    # No inclusion: the sentence tells a look of its own.
    other = _checks("Hanni wore the Loewe Toy Pumps at a magazine cover shoot. | The look adds a touch of elegance. "
                    "| Hanni wore the Loewe Anagram Sunglasses on an award show red carpet.")
    # (the middle sentence is a verdict of its own, read by the verdict check, not a piece of the look)
    assert other == [[], ['no source gives this verdict: "adds a touch"; say what the posts show instead'], []]


def _post(post_id: str, artist: str, context: str, created: str, *pieces: dict) -> dict:
    return {"post_id": post_id, "artist_name": artist, "context": context, "title": f"{artist} at {context}",
            "created_at": f"{created}T10:00:00Z", "solutions": list(pieces)}


def _pairings(posts: list[dict], *sentences: str, where: str = "body_paragraphs[0]") -> list[list[str]]:
    index = build_index([{"keyword": "Balletcore"}], posts, KNOWN)
    return [check.pairing for check in check_claims(ClaimSet([Claim(s, where) for s in sentences]), index)]


COVER = _post("p1", "Hanni", "magazine cover shoot", "2025-06-03", PUMPS, JEANS)
COVER_LOOK = "Hanni wore the Loewe Toy Pumps and the Celine Straight Jeans at a magazine cover shoot."


def test_a_look_given_to_another_wearer_is_a_pairing_error() -> None:
    posts = [COVER, _post("p2", "Winter", "street style", "2025-09-20", SUNGLASSES),
             _post("p3", "Lisa", "airport fashion", "2025-10-02", JEANS)]
    pairing = _pairings(posts, COVER_LOOK, "Winter also wore this look in street style, while Lisa wore the same look "
                        "at the airport.")
    # Lisa wore the jeans of that look; Winter wore none of its pieces.
    assert [p for p in pairing[1] if "another wearer's" in p] == [
        "no source post shows Winter in the look of the Loewe Toy Pumps: it was another wearer's; tell Winter's own "
        "look with its own pieces"]
    dated = _pairings(posts, COVER_LOOK, "Winter also wore this look on 20 September 2025")
    assert any("shows Winter in the look" in p for p in dated[1])
    # a piece of the wearer's own named after "this look" does not make it hers
    own = _pairings(posts, COVER_LOOK, "Winter also wore this look in street style, wearing the Loewe Anagram "
                    "Sunglasses.")
    assert any("shows Winter in the look of the Loewe Toy Pumps" in p for p in own[1])
    # pieces named before it are the look: Lisa wore the jeans
    named = _pairings(posts, COVER_LOOK, "The Celine Straight Jeans made the look, and Lisa wore the same look at "
                      "the airport.")
    assert not any("another wearer's" in p for p in named[1])
    named = _pairings(posts, COVER_LOOK, "The Loewe Anagram Sunglasses made the look, and Lisa wore the same look "
                      "at the airport.")
    assert any("shows Lisa in the look of the Loewe Anagram Sunglasses" in p for p in named[1])


def test_a_piece_said_to_be_worn_with_another_needs_a_post_of_both() -> None:
    posts = [COVER, _post("p2", "Hanni", "award show red carpet", "2025-09-20", SUNGLASSES)]
    pairing = _pairings(posts,
                        "The Loewe Toy Pumps were worn with the Celine Straight Jeans at a magazine cover shoot.",
                        "The Loewe Toy Pumps were worn with the Loewe Anagram Sunglasses at an award show.",
                        where="body_paragraphs[2]")
    assert not any("worn with" in p for p in pairing[0])
    assert ("no source post shows the Loewe Toy Pumps worn with the Loewe Anagram Sunglasses: tell each look with its "
            "own pieces") in pairing[1]


def test_every_look_given_to_one_wearer_is_a_finding() -> None:
    posts = [COVER, _post("p2", "Winter", "street style", "2025-09-20", SUNGLASSES),
             _post("p3", "Hanni", "music video", "2025-10-02", JEANS)]
    pairing = _pairings(posts, "Hanni wore all three looks in the collection at a magazine cover shoot.")
    assert pairing[0] == ["Hanni wore 2 of the 3 looks the sources log, not all of them: say which ones"]
    assert not any("not all of them" in p for p in _pairings(posts, "Hanni wore the jeans in a music video.")[0])
