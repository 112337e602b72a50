"""A piece described again in its own paragraph is a located repetition; naming it again is not."""

from __future__ import annotations

from copy import deepcopy

from editorial_ai.models.layout import MagazineLayout
from editorial_ai.review.completeness import VALIDATORS
from editorial_ai.review.deterministic import layout_view
from editorial_ai.review.profile import ARTICLE_PROFILE
from editorial_ai.review.redescribed import redescribed_pieces

from .helpers import ARTICLE, CONTEXTS, KNOWN, TOPICS, layout

PIECES = ["Chanel 22 Bag", "Alaïa Le Coeur Bag", "Chanel Ballet Flats", "Jacquemus Le Chiquito Bag"]
# From a Jennie Effect draft that passed its review
BAG = ("The Chanel 22 Bag is a preppy, Y2K bag made of olive leather. Chanel 22 Bag, an olive leather preppy bag, was "
       "first worn by Jennie at a pop-up store event in October 2025. The bag adds a simple touch. The Chanel 22 Bag, "
       "an olive leather preppy bag, was worn with Alaïa Le Coeur Bag at a pop-up store event in October 2025.")


def test_each_later_description_of_a_piece_in_its_paragraph_is_found() -> None:
    found = redescribed_pieces([BAG], PIECES)
    assert [(i, piece, words) for i, _, piece, words in found] == [(0, "Chanel 22 Bag", "olive leather")] * 2
    assert found[0][1].startswith("Chanel 22 Bag, an olive") and found[1][1].startswith("The Chanel 22 Bag, an olive")


def test_the_short_name_of_a_piece_counts_and_a_neighbour_s_description_is_not_its_own() -> None:
    flats = ("On 5 August, Jennie wore Chanel Ballet Flats in grey leather. On 9 September, she wore Jacquemus Le "
             "Chiquito Bag in beige leather and the flats in grey leather.")
    ((_, sentence, piece, words),) = redescribed_pieces([flats], PIECES)
    assert piece == "Chanel Ballet Flats" and words == "grey leather" and sentence.startswith("On 9 September")
    # "the bag" is not a short name while three bags are named in the paragraph
    bags = "Jennie wore the Chanel 22 Bag in olive leather. The bag in olive leather went with Alaïa Le Coeur Bag."
    assert redescribed_pieces([bags], PIECES) == []


def test_one_colour_said_again_or_a_description_in_another_paragraph_is_not_a_finding() -> None:
    named = ["Jennie wore the Chanel 22 Bag in olive leather. The olive Chanel 22 Bag went with everything.",
             "The Chanel 22 Bag in olive leather returned at the airport."]
    assert redescribed_pieces(named, PIECES) == []
    # words before the name count only when they are its own ("the black leather Alaïa Le Coeur Bag")
    before = ("Jennie carried the olive leather Chanel 22 Bag. Later the olive leather Chanel 22 Bag went with flats.")
    assert [p for _, _, p, _ in redescribed_pieces([before], PIECES)] == ["Chanel 22 Bag"]


def test_the_repetition_criterion_locates_it_for_the_sentence_fix() -> None:
    # the bag's colour and material are sourced, so the repeated-phrase check leaves "in olive leather" alone
    contexts = deepcopy(CONTEXTS)
    contexts[0]["solutions"][0]["metadata"] = {"keywords": ["olive", "leather", "preppy"]}
    paragraphs = [*ARTICLE[:2], "Jennie carried the Chanel 22 Bag in olive leather to the airport. Its olive leather "
                  "Chanel 22 Bag went with a relaxed coat.", *ARTICLE[3:]]
    parsed = MagazineLayout.model_validate(layout(paragraphs, celebs=[{"name": "Jennie"}],
                                                  products=[{"name": "Chanel 22 Bag", "brand": "Chanel"}]))
    result = VALIDATORS["repetition"](layout_view(parsed, ARTICLE_PROFILE, TOPICS, contexts, KNOWN), parsed,
                                      "repetition")
    assert not result.passed
    assert result.evidence == ['body_paragraphs[2]: "Its olive leather Chanel 22 Bag went with a relaxed coat." — '
                               'describes again the Chanel 22 Bag ("olive leather"), which an earlier sentence of its '
                               'paragraph gave it: name it without describing it again']
