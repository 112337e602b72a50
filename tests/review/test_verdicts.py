"""Verdicts on a look no post gives are findings; a source that uses the word vouches for it."""

from __future__ import annotations

from editorial_ai.review.claim_support import check_claims
from editorial_ai.review.claims import Claim, ClaimSet, text_claims
from editorial_ai.review.source_index import build_index
from editorial_ai.review.verdicts import invented_verdicts

from .helpers import CONTEXTS, KNOWN, TOPICS

# From a Jennie Effect article that passed its review, and a Gorpcore continuation the writer kept
PASSED = [
    ("This look perfectly captured the essence of Jennie's trend.", ["perfectly captured the essence"]),
    ("This look was perfect for the occasion.", ["perfect for the occasion"]),
    ("Her pieces were carefully crafted to create a look that would impress anyone who saw her.",
     ["carefully crafted", "would impress anyone"]),
    ("In 2025, Jennie's style was as bold and sophisticated as ever.", ["as bold and sophisticated as ever"]),
    ("On 9 September, Jennie returned to the scene in a new style.", ["returned to the scene"]),
    ("The bag is made of beige leather, a bold and energetic choice.", ["a bold and energetic choice"]),
    ("V's choice of wearing the skirt as well was strategic.", ["was strategic"]),
    ("In a world where trends and styles are constantly evolving.", ["in a world where", ]),
    ("The campaign wore the cap, further cementing the idea of the trend as a timeless fashion trend.",
     ["cementing", "timeless"]),
    ("The bag adds a simple, stylish touch that complements Jennie's overall style.",
     ["adds a simple stylish touch", "complements jennie s overall style"]),
    ("Chanel 22 Bag look complemented her Alaïa Le Coeur Bag, adding a preppy touch to her overall style.",
     ["adding a preppy touch", "to her overall style"]),
    ("It was a stylish bag that complemented her outfit perfectly.", ["complemented her outfit perfectly"]),
    ("Jackson Wang wore a Dior Bar Jacket at the airport on 16 March, giving him an iconic look.", ["an iconic"]),
    ("Cha Eun-woo's look is a striking combination of classic elegance with modern comfort.",
     ["striking combination of"]),
    ("Her look is a combination of classic elegance with modern comfort.",
     ["a combination of classic elegance with modern comfort"]),
    ("Paris Fashion Week, where elegance and sophistication coalesced into a perfect symphony of fashion.",
     ["perfect symphony"]),
    ("Her outfit was a perfect combination of practicality and sophistication.", ["perfect combination of"]),
    ("Jackson Wang wore his iconic Alaïa Le Coeur Bag on 25 January.", ["his iconic"]),
    ("Mingyu, who loves streetwear and the gorpcore aesthetic, wore these shoes.", ["who loves"]),
    ("The bag adds a preppy and Y2K touch to a look.", ["adds a preppy and y2k touch"]),
]


def test_each_verdict_that_passed_a_review_is_found() -> None:
    for sentence, phrases in PASSED:
        assert invented_verdicts(sentence, set()) == phrases, sentence


def test_a_plain_telling_or_a_vouched_word_is_no_verdict() -> None:
    assert invented_verdicts("Jennie wore the Chanel 22 Bag at the airport on 14 February 2026.", set()) == []
    assert invented_verdicts("She chose the olive bag for the occasion of the campaign.", set()) == []
    assert invented_verdicts("The look captured the essence of the season.", {"essence"}) == []


def test_a_verdict_is_a_located_claim_problem_the_sentence_fix_can_cut() -> None:
    index = build_index(TOPICS, CONTEXTS, KNOWN)
    sentence = "Jennie carried the Chanel 22 Bag, a look that would impress anyone."
    claims = ClaimSet([Claim(sentence, "body_paragraphs[0]")])
    (check,) = check_claims(claims, index)
    # an answer or a summary may quote such words from its sources: only an article's parts are read for them
    assert not check_claims(text_claims("Jennie carried the bag, a look that would impress anyone."), index)[0].pairing
    assert check.pairing == ['no source gives this verdict: "would impress anyone"; say what the posts show instead']
    from editorial_ai.content_types.article.writer.sentence_fixes import _QUOTED_PHRASE

    assert _QUOTED_PHRASE.findall(check.pairing[0]) == ["would impress anyone"]
