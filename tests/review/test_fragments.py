"""Sentences with no verb of their own are findings of the originality criterion; prose is not."""

from __future__ import annotations

import pytest

from editorial_ai.models.editorial import EditorialContent
from editorial_ai.review.claims import content_claims
from editorial_ai.review.deterministic import view_of
from editorial_ai.review.fragments import is_fragment
from editorial_ai.review.profile import ARTICLE_PROFILE
from editorial_ai.review.source_index import build_index
from editorial_ai.review.text_checks import check_originality

from .helpers import CONTEXTS, KNOWN, TOPICS

# Each from an article that passed its review
FRAGMENTS = [
    "Maison Margiela Tabi Ankle Boots, brown leather, worn by Mingyu in street style at Coperni Asymmetric Midi Skirt "
    "in black denim!",
    "In the heart of Paris Fashion Week, where elegance and sophistication coalesced into a perfect symphony of "
    "fashion.",
    "Cha Eun-woo's street style look featuring Bottega Veneta Cassette Bag, while Jisoo's street style look in Alaïa "
    "Belted Knit Cardigan.",
    "To wear the idea sneakers, and tops.",
]

SENTENCES = [
    "Jennie wore the Chanel 22 Bag at the airport on 14 February 2026.",
    "The Alaïa Fishnet Ballet Flats finish the look.",  # a verb after a name
    "Chanel and Alaïa supply the names, Jennie supplies the moment, and the airport supplies a setting everyone knows.",
    "The pop-up store event took place on 23 October.",
    "Jackson Wang, wearing Maison Kitsuné Fox Head Cap in beige leather, was featured in a brand campaign.",
    "The jeans match the bag.",
    "Pair the flats with straight jeans.",  # an imperative
    "To learn more about the looks, read the posts.",
    "The boots, in brown leather, anchor the look.",  # a verb before its object
    "Tomatoes grown on a sunny balcony need deep watering rather than a daily splash.",  # a plural subject
    "Jisoo at a street style moment, with 2,472,573 views, remains the clearest reference for the Jisoo Effect.",
    "When she landed in Paris, Jennie carried the Chanel 22 Bag.",
    # a research brief's synthesis, found a fragment while "all" was read as a determiner
    "The looks in the source passages all share a quiet luxury theme, which is evident from the use of elegant bags.",
]


@pytest.mark.parametrize("sentence", FRAGMENTS)
def test_a_line_with_no_verb_of_its_own_is_a_fragment(sentence: str) -> None:
    assert is_fragment(sentence)


@pytest.mark.parametrize("sentence", SENTENCES)
def test_a_sentence_with_a_finite_verb_is_none(sentence: str) -> None:
    assert not is_fragment(sentence)


def test_a_fragment_is_a_located_originality_finding() -> None:
    body = ["Jennie wore the Chanel 22 Bag at the airport on 14 February 2026.", FRAGMENTS[3]]
    content = EditorialContent.model_construct(keyword="Jennie Effect", title="Jennie Effect", subtitle="",
                                               body_paragraphs=body, pull_quotes=[], product_mentions=[],
                                               celeb_mentions=[], hashtags=[], credits=[])
    view = view_of(ARTICLE_PROFILE, content_claims(content), build_index(TOPICS, CONTEXTS, KNOWN), body,
                   keyword="Jennie Effect", title="Jennie Effect", prompt_texts=[])
    result = check_originality(view)
    assert not result.passed
    assert result.evidence == ['body_paragraphs[1]: "To wear the idea sneakers, and tops." — is not a sentence (no '
                               "verb of its own outside its names and side clauses): write it as one full sentence"]
