"""Claims: splitting drafts into located claims, and each claim's names, figures, support and pairings."""

from __future__ import annotations

from typing import Any

import pytest

from editorial_ai.models.layout import MagazineLayout
from editorial_ai.review.claim_support import check_claims, known_names
from editorial_ai.review.claims import (
    Claim,
    ClaimSet,
    evidence_location,
    exam_claims,
    layout_claims,
    part_claims,
    split_claims,
    text_claims,
)
from editorial_ai.review.deterministic import fact_accuracy_verdict, hallucination_verdict, layout_view
from editorial_ai.review.profile import ARTICLE_PROFILE
from editorial_ai.review.source_index import build_index
from editorial_ai.text import split_sentences

from .helpers import ARTICLE, CONTEXTS, KNOWN, TOPICS, layout


def _view(draft: dict[str, Any]):
    return layout_view(MagazineLayout.model_validate(draft), ARTICLE_PROFILE, TOPICS, CONTEXTS, KNOWN)


def test_sentences_and_clauses() -> None:
    assert split_sentences("Tiffany & Co. bracelets sold out. Then Jennie left.\nA new line") == [
        "Tiffany & Co. bracelets sold out.", "Then Jennie left.", "A new line"]
    assert split_claims("Jennie wore the Chanel 22 Bag, and Lisa chose the coat at the airport.") == [
        "Jennie wore the Chanel 22 Bag", "Lisa chose the coat at the airport."]
    # a list item is no clause: it stays with its sentence
    assert split_claims("She paired the bag with jeans, and ballet flats.") == [
        "She paired the bag with jeans, and ballet flats."]
    assert split_claims("The look works; fans copied it within days.") == [
        "The look works", "fans copied it within days."]


def test_layout_claims_carry_their_component() -> None:
    draft = layout(["Jennie wore the Chanel 22 Bag.", "Fans copied it. It sold out."], title="The Jennie Effect",
                   quote="Jennie starts trends.")
    draft["blocks"][0]["overlay_subtitle"] = "Why one bag sells a season"
    claims = layout_claims(MagazineLayout.model_validate(draft))
    located = [(c.location, c.text) for c in claims.claims]
    assert located == [("title", "The Jennie Effect"), ("subtitle", "Why one bag sells a season"),
                       ("body_paragraphs[0]", "Jennie wore the Chanel 22 Bag."),
                       ("body_paragraphs[1]", "Fans copied it."), ("body_paragraphs[1]", "It sold out."),
                       ("pull_quotes[0]", "Jennie starts trends.")]
    assert claims.claims[0].heading and not claims.claims[2].heading


def test_free_text_and_exam_claims_keep_the_question_as_context() -> None:
    claims = text_claims("# A Title\nJennie wore it.\n\nShe left.", question="What did Lisa wear?")
    assert [(c.location, c.text) for c in claims.claims] == [
        ("headings", "A Title"), ("paragraphs[0]", "Jennie wore it."), ("paragraphs[1]", "She left.")]
    assert claims.context == ["What did Lisa wear?"]
    exam = exam_claims({"stem": "Which drug?", "vignette": "A man.", "explanation": "Adrenaline first.",
                        "options": [{"text": "Adrenaline", "explanation": "First line."}]})
    assert [c.location for c in exam.claims] == ["explanation", "options[0].explanation"]
    assert "Which drug?" in exam.context


def test_evidence_lines_name_the_component() -> None:
    assert evidence_location('body_paragraphs[2]: "Jennie wore X" — not in the sources') == "body_paragraphs[2]"
    assert evidence_location('title: "Jennie Effect - 2016" — 2016') == "title"
    assert evidence_location("no location here") is None


def test_names_numbers_and_support_of_a_claim() -> None:
    view = _view(layout(["Jennie of BLACKPINK wore the Chanel 22 Bag at the airport in 2019."]))
    check = view.checks[1]
    assert check.claim.location == "body_paragraphs[0]"
    assert {"Jennie", "BLACKPINK", "Chanel 22 Bag"} <= set(check.names)
    assert check.numbers == ["22", "2019"] and check.unsupported == ["2019"]
    assert check.support > 0.5 and "Chanel 22 Bag" in check.best_sentence


def test_an_invented_brand_in_the_body_is_caught_without_any_list_knowing_it() -> None:
    draft = layout([*ARTICLE[:3], ARTICLE[3] + " Fans also spotted the Velloro Dune Tote from Velloro."])
    verdict = hallucination_verdict(_view(draft))
    assert not verdict.passed and "Velloro Dune Tote" in verdict.reason
    assert any(line.startswith('body_paragraphs[3]: "Fans also spotted') for line in verdict.evidence)


def test_one_brand_with_another_products_words_is_not_a_sourced_product() -> None:
    # "Chanel", "Ballet" and "Flats" are all source words, but no source sells Chanel ballet flats.
    draft = layout([*ARTICLE[:3], ARTICLE[3] + " Jennie also wore the Chanel Ballet Flats."])
    verdict = hallucination_verdict(_view(draft))
    assert not verdict.passed and "Chanel Ballet Flats" in verdict.reason
    sourced = layout([*ARTICLE[:3], ARTICLE[3] + " Jennie also wore the Alaïa Fishnet Ballet Flats."])
    assert hallucination_verdict(_view(sourced)).passed


def test_an_unsourced_year_in_a_title_fails() -> None:
    verdict = hallucination_verdict(_view(layout(ARTICLE, title="Jennie Effect - 2016")))
    assert not verdict.passed and "2016 (title)" in verdict.reason
    assert hallucination_verdict(_view(layout(ARTICLE, title="The Jennie Effect"))).passed


@pytest.mark.parametrize("text", ["This Winter, Jennie wore Chanel.", "Winter coats are back.",
                                  "By late winter the bag was everywhere.", "In Winter 2024 Jennie wore it."])
def test_the_season_winter_is_not_the_artist_winter(text: str) -> None:
    index = build_index(TOPICS, CONTEXTS, KNOWN)
    assert "Winter" not in dict(known_names(text, index))


def test_winter_used_as_a_name_is_the_artist() -> None:
    index = build_index(TOPICS, CONTEXTS, KNOWN)
    for text in ["Winter keeps it casual in Chanel.", "Winter's Chanel look", "led by Jennie, Winter and Lisa"]:
        assert dict(known_names(text, index)).get("Winter") == "person", text
    verdict = hallucination_verdict(_view(layout([*ARTICLE[:3], "Winter wore the Chanel 22 Bag too."])))
    assert not verdict.passed and "Winter" in verdict.reason  # Winter is not in this run's sources


def _jennie_and_lisa() -> Any:
    """Sources with Jennie's posts and one of Lisa carrying the Celine Triomphe Bag in street style."""
    topics = [{**TOPICS[0], "celebrities": [{"name": "Jennie"}, {"name": "Lisa"}]}]
    contexts = [*CONTEXTS, {"post_id": "p2", "artist_name": "Lisa", "group_name": "BLACKPINK",
                            "context": "street style", "solutions": [
                                {"solution_id": "s9", "title": "Celine Triomphe Bag", "brand": "Celine"}]}]
    return build_index(topics, contexts, KNOWN)


def test_pairing_needs_a_post_that_ties_celebrity_and_product() -> None:
    index = _jennie_and_lisa()
    claims = text_claims("Lisa carried the Chanel 22 Bag. Jennie carried the Chanel 22 Bag at the airport. "
                         "Jennie carried the Chanel 22 Bag on the street style circuit.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[0] == ["no source post ties Lisa to Chanel 22 Bag"]
    assert pairing[1] == []
    assert pairing[2] == ["the sources do not place Jennie with these pieces at street style"]


def test_each_of_several_people_needs_one_of_the_claim_s_pieces_and_places() -> None:
    # "Jackson Wang, Cha Eun-woo and Jisoo ... wore this trend in their street style outfits" (he has no street style
    # post) and "Their looks include ... Balenciaga Track Sneakers" (his never did) both passed a review.
    index = _jennie_and_lisa()
    claims = text_claims("Jennie and Lisa wore it in their street style outfits. "
                         "Jennie and Lisa carried the Celine Triomphe Bag. "
                         "Jennie carried the Chanel 22 Bag at the airport and Lisa the Celine Triomphe Bag in street "
                         "style. Lisa was seen at the airport.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[0] == ["the sources do not place Jennie at street style"]
    assert pairing[1] == ["no source post ties Jennie to Celine Triomphe Bag"]
    assert pairing[2] == []  # each has one of the pieces and one of the places
    assert pairing[3] == ["the sources do not place Lisa at airport"]  # a lone person with a place and no piece


def test_a_lone_person_with_no_piece_needs_a_post_at_each_of_the_claim_s_places() -> None:
    # The headline "Jackson Wang in a Brand Campaign: Balletcore Look at the Airport" passed on his campaign post.
    index = _jennie_and_lisa()
    claims = [Claim("Lisa in Street Style: A Balletcore Look at the Airport", "title", True),
              Claim("Lisa in street style, then Jennie at the airport", "subtitle"),
              Claim("Lisa in Street Style", "title", True)]
    pairing = [c.pairing for c in check_claims(ClaimSet(claims), index)]
    assert pairing == [["the sources do not place Lisa at airport"], [], []]


def test_a_piece_placed_with_no_one_named_needs_a_post_of_it_at_that_place() -> None:
    # "The boots were worn in a variety of settings, including on the street and at pop-up stores" passed a review.
    index = _jennie_and_lisa()
    claims = text_claims("Lisa carried the Celine Triomphe Bag. The bag was also seen at the airport and in street "
                         "style. The Chanel 22 Bag came out at the airport.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing == [[], ["no source post shows the Celine Triomphe Bag at airport"], []]


def test_a_person_at_a_place_on_a_date_no_post_of_theirs_there_has_is_a_finding() -> None:
    # "In February 2025, Jennie was a guest at a pop-up store event" passed a review: her pop-up post is October's.
    contexts = [{"post_id": "a1", "artist_name": "Jennie", "context": "pop-up store event", "date": "23 October 2025",
                 "created_at": "2025-10-23T10:00:00Z",
                 "solutions": [{"solution_id": "s2", "title": "Chanel 22 Bag", "brand": "Chanel"}]}]
    index = build_index(TOPICS, contexts, KNOWN)
    pairing = [c.pairing for c in check_claims(text_claims(
        "In February 2025, Jennie was a guest at a pop-up store event. On August 5th, Jennie wore these pieces to a "
        "pop-up store event. On 23 October 2025 Jennie was at a pop-up store event."), index)]
    assert pairing == [["no source post has Jennie at pop up in February 2025 (the sources date it October 2025)"],
                       ["no source post has Jennie at pop up on 5 August (the sources date it 23 October)"], []]


def test_a_place_on_a_date_a_claim_naming_nobody_gives_is_read_against_every_post_there() -> None:
    # A Jennie Effect article that passed: "This look was worn at a pop-up store event on 5 August. This pop-up store
    # event took place on 9 September." Her pop-up post is of 23 October; 5 August was street style.
    contexts = [{"post_id": "a1", "artist_name": "Jennie", "context": "pop-up store event", "date": "23 October 2025",
                 "created_at": "2025-10-23T10:00:00Z",
                 "solutions": [{"solution_id": "s2", "title": "Chanel 22 Bag", "brand": "Chanel"}]},
                {"post_id": "a2", "artist_name": "Jennie", "context": "street style", "date": "5 August 2025",
                 "created_at": "2025-08-05T10:00:00Z",
                 "solutions": [{"solution_id": "s3", "title": "Chanel Ballet Flats", "brand": "Chanel"}]}]
    index = build_index(TOPICS, contexts, KNOWN)
    claims = ClaimSet([Claim(text, "body_paragraphs[1]") for text in (
        "This look was worn at a pop-up store event on 5 August.", "This pop-up store event took place on 9 "
        "September.", "This look was worn in street style on 5 August.", "The pop-up came on 23 October.")])
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing == [["no source post has a look at pop up on 5 August (the sources date it 23 October)"],
                       ["no source post has a look at pop up on 9 September (the sources date it 23 October)"],
                       [], []]
    # after a sentence naming her, the place and date are read against her posts
    named = ClaimSet([Claim("Jennie wore the Chanel 22 Bag.", "body_paragraphs[2]"),
                      Claim("The look was worn at a pop-up store event on 5 August.", "body_paragraphs[2]")])
    assert check_claims(named, index)[1].pairing == [
        "no source post has Jennie at pop up on 5 August (the sources date it 23 October)"]
    # after a named person, a claim naming nobody is read against every post there as well, said once
    after = ClaimSet([Claim("On 5 August, Jennie wore the Chanel Ballet Flats in street style.", "body_paragraphs[3]"),
                      Claim("This pop-up store event took place on 9 September.", "body_paragraphs[3]")])
    assert check_claims(after, index)[1].pairing == [
        "no source post has a look at pop up on 9 September (the sources date it 23 October)"]


def test_two_pieces_worn_together_are_placed_where_a_post_has_both() -> None:
    # "The Alaïa Le Coeur Bag was worn with a Chanel 22 Bag at the Milan Fashion Week front row" passed a Jennie
    # Effect review: the two bags were worn together at a pop-up, the Alaïa bag alone at Milan.
    bags = [{"solution_id": "s1", "title": "Alaïa Le Coeur Bag", "brand": "Alaïa"},
            {"solution_id": "s2", "title": "Chanel 22 Bag", "brand": "Chanel"}]
    contexts = [{"post_id": "a1", "artist_name": "Jennie", "context": "pop-up store event", "date": "23 October 2025",
                 "solutions": bags},
                {"post_id": "a2", "artist_name": "Jackson Wang", "context": "Milan Fashion Week front row",
                 "date": "25 January 2025", "solutions": bags[:1]}]
    index = build_index(TOPICS, contexts, KNOWN)
    claims = ClaimSet([Claim(text, "body_paragraphs[3]") for text in (
        "The Alaïa Le Coeur Bag was worn with a Chanel 22 Bag at the Milan Fashion Week front row.",
        "The Alaïa Le Coeur Bag was worn with a Chanel 22 Bag at a pop-up store event.",
        "The Alaïa Le Coeur Bag and the Chanel 22 Bag were seen at a pop-up store event and in Milan.")])
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert "no source post shows the Alaïa Le Coeur Bag with the Chanel 22 Bag at milan" in pairing[0]
    assert pairing[1:] == [[], []]


def test_a_piece_pointed_at_is_worn_only_with_what_a_post_shows_with_it() -> None:
    # "The bag was first worn for this occasion, and it was paired with Balenciaga Track Sneakers" passed a Jennie
    # Effect review: the sneakers were Cha Eun-woo's, worn with neither of the paragraph's bags.
    bags = [{"solution_id": "s1", "title": "Alaïa Le Coeur Bag", "brand": "Alaïa"},
            {"solution_id": "s2", "title": "Chanel 22 Bag", "brand": "Chanel"}]
    sneakers = {"solution_id": "s3", "title": "Balenciaga Track Sneakers", "brand": "Balenciaga"}
    jeans = {"solution_id": "s4", "title": "Celine Straight Jeans", "brand": "Celine"}
    contexts = [{"post_id": "a1", "artist_name": "Jennie", "context": "pop-up store event", "date": "23 October 2025",
                 "solutions": [*bags, jeans]},
                {"post_id": "a2", "artist_name": "Cha Eun-woo", "context": "street style", "date": "13 September 2025",
                 "solutions": [sneakers]}]
    index = build_index(TOPICS, contexts, KNOWN)

    def pairing(*texts: str) -> list[str]:
        return check_claims(ClaimSet([Claim(t, "body_paragraphs[2]") for t in texts]), index)[-1].pairing

    told = "Jennie carried the Chanel 22 Bag and the Alaïa Le Coeur Bag at a pop-up store event."
    wrong = ("no source post shows the Chanel 22 Bag or the Alaïa Le Coeur Bag worn with the Balenciaga Track "
             "Sneakers: name the piece and tell each look with its own pieces")
    assert wrong in pairing(told, "The bag was first worn for this occasion, and it was paired with Balenciaga Track "
                                  "Sneakers.")
    assert wrong in pairing(told, "The bag was paired with Balenciaga Track Sneakers.")
    assert pairing(told, "The bag was paired with Celine Straight Jeans.") == []  # worn together at the pop-up
    assert pairing(told, "It was paired with Celine Straight Jeans.") == []
    assert pairing("Cha Eun-woo wore Balenciaga Track Sneakers in street style.",
                   "The sneakers were worn with the Celine Straight Jeans.") != []
    # no jeans named: not read as a pairing (the reference check asks which jeans)
    assert not any("worn with" in p for p in pairing(told, "The jeans were paired with Balenciaga Track Sneakers."))


def test_a_paragraph_opening_on_a_piece_worn_with_it_names_what_it_is() -> None:
    index = build_index(TOPICS, CONTEXTS, KNOWN)
    opening = "The flats worn with it were the Chanel Ballet Flats."
    claims = ClaimSet([Claim("Jennie carried the Chanel 22 Bag at the airport.", "body_paragraphs[1]"),
                       Claim(opening, "body_paragraphs[2]"), Claim(opening, "body_paragraphs[2]")])
    checks = check_claims(claims, index)
    assert 'worn with which piece? "worn with it" comes before the paragraph names one: name the piece' in (
        checks[1].pairing)
    assert not any("worn with which piece" in p for p in checks[2].pairing)  # later in its paragraph: read as told


def test_each_piece_of_a_placed_claim_needs_a_post_at_one_of_its_places() -> None:
    # "Cha Eun-woo also wore a variety of bags in street style, including Bottega Veneta Knit Tank Dress, Dior Bar
    # Jacket ..." passed on the one piece he wore in street style.
    index = _two_places()
    claims = text_claims("Jennie carried the Chanel 22 Bag and the Alaïa Fishnet Ballet Flats at the airport.")
    assert check_claims(claims, index)[0].pairing == []  # the bag at the airport; no post of hers has the flats
    contexts = [{"post_id": "a1", "artist_name": "Jennie", "context": "airport fashion", "solutions": [
                    {"solution_id": "s2", "title": "Chanel 22 Bag", "brand": "Chanel"}]},
                {"post_id": "a2", "artist_name": "Jennie", "context": "street style", "solutions": [
                    {"solution_id": "s3", "title": "Alaïa Fishnet Ballet Flats", "brand": "Alaïa"}]}]
    index = build_index(TOPICS, contexts, KNOWN)
    pairing = [c.pairing for c in check_claims(text_claims(
        "Jennie wore the Chanel 22 Bag and the Alaïa Fishnet Ballet Flats at the airport. Jennie wore the Chanel 22 "
        "Bag at the airport and the Alaïa Fishnet Ballet Flats in street style."), index)]
    assert pairing == [["the sources do not place Jennie with the Alaïa Fishnet Ballet Flats at airport"], []]


def test_a_piece_a_person_wore_once_is_dated_when_described_with_a() -> None:
    # "In January 2025, Jennie wore a relaxed denim shorts in burgundy" (her one pair, worn in August) passed.
    index = _two_places()
    pairing = [c.pairing for c in check_claims(text_claims(
        "In October 2025, Jennie wore a small bag at a pop-up store event. In January 2025, Jennie wore a small "
        "bag."), index)]
    assert pairing[0] == []
    assert pairing[1] == ["no source post has Jennie with the Chanel 22 Bag in January 2025 (the sources date it "
                          "April 2025, October 2025)"]


def test_a_pronoun_claim_is_paired_with_the_person_the_paragraph_named_last() -> None:
    index = _jennie_and_lisa()
    claims = text_claims("Jennie carried the Chanel 22 Bag at the airport. It is the one she paired with Celine. "
                         "Lisa kept it simple. Her Celine Triomphe Bag did the rest. The Celine bag is roomy.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[1] == ["no source post ties Jennie to Celine"]  # "she" is Jennie, whom no Celine post shows
    assert pairing[3] == [] and pairing[4] == []  # "her" is Lisa, whose post has it; no pronoun, no pairing
    listed = check_claims(text_claims("Jennie wears it most. Its pieces come from two labels, among them Celine."),
                          index)
    assert listed[1].pairing == []  # "among them" lists labels: no person is meant


def test_fact_accuracy_quotes_the_claim_and_a_pass_lists_no_failure() -> None:
    good = fact_accuracy_verdict(_view(layout(ARTICLE)))
    assert good.passed and good.evidence == [] and "lack" not in good.reason
    bad = fact_accuracy_verdict(_view(layout([*ARTICLE[:3], "Lisa carried the Chanel 22 Bag to the airport."])))
    assert not bad.passed and bad.score is not None and bad.score < 0.5
    assert bad.evidence[0].startswith('body_paragraphs[3]: "Lisa carried the Chanel 22 Bag to the airport."')
    assert bad.evidence[0] in bad.reason


def test_names_only_in_the_question_are_not_claims_and_repeating_them_is_allowed() -> None:
    passages = ["Jennie of BLACKPINK wears the Chanel 22 Bag at the airport."]
    index = build_index([], [], KNOWN, passages, context=["Unlike Lisa, what did Jennie wear?"])
    checks = check_claims(text_claims("Jennie wore the Chanel 22 Bag.", "Unlike Lisa, what did Jennie wear?"), index)
    assert all(c.unsupported == [] for c in checks)
    again = check_claims(text_claims("Not Lisa: Jennie wore the Chanel 22 Bag."), index)
    assert again[0].unsupported == []  # the question supplies the name; it is context, not invention


def _dated_posts() -> Any:
    """Jennie in the Relaxed Denim Shorts on 5 August and with the Chanel 22 Bag on 23 October."""
    contexts = [{"post_id": "d1", "artist_name": "Jennie", "context": "street style", "date": "5 August 2025",
                 "solutions": [{"solution_id": "s1", "title": "Calvin Klein Relaxed Denim Shorts",
                                "brand": "Calvin Klein"}]},
                {"post_id": "d2", "artist_name": "Jennie", "context": "pop-up store event", "date": "23 October 2025",
                 "solutions": [{"solution_id": "s2", "title": "Chanel 22 Bag", "brand": "Chanel"}]}]
    return build_index(TOPICS, contexts, KNOWN)


def test_a_piece_moved_to_another_day_is_a_wrong_pairing() -> None:
    index = _dated_posts()
    claims = text_claims("On October 23rd, Jennie wore the Calvin Klein Relaxed Denim Shorts. "
                         "On August 5, Jennie wore the Calvin Klein Relaxed Denim Shorts. "
                         "On 23 October 2025 Jennie carried the Chanel 22 Bag. "
                         "Jennie wore the Calvin Klein Relaxed Denim Shorts in the summer.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[0] == ["no source post has Jennie with the Calvin Klein Relaxed Denim Shorts on 23 October "
                          "(the sources date it 5 August)"]
    assert pairing[1:] == [[], [], []]  # the right day, and no day at all, are no finding


def test_a_piece_called_these_shorts_is_dated_like_the_piece_it_points_at() -> None:
    # "Rosé wore these jeans in a magazine cover shoot on March 5, 2025" (her post: 5 May) passed a review.
    claims = text_claims("The Calvin Klein Relaxed Denim Shorts are cut from denim. "
                         "Jennie wore these shorts on October 23, 2025. Jennie wore those shorts on 5 August 2025.")
    pairing = [c.pairing for c in check_claims(claims, _dated_posts())]
    assert pairing[1] == ["no source post has Jennie with the Calvin Klein Relaxed Denim Shorts on 23 October "
                          "(the sources date it 5 August)"]
    assert pairing[2] == []


def test_the_look_of_a_paragraph_s_person_is_theirs() -> None:
    # "The look was worn with Balenciaga Le Cagole Bag ..." in a paragraph about Minji (Rosé's bag) passed a review.
    contexts = [{"post_id": "a1", "artist_name": "Jennie", "context": "street style",
                 "solutions": [{"solution_id": "s1", "title": "Chanel 22 Bag", "brand": "Chanel"}]},
                {"post_id": "a2", "artist_name": "Lisa", "context": "street style",
                 "solutions": [{"solution_id": "s2", "title": "Celine Triomphe Shoulder Bag", "brand": "Celine"}]}]
    claims = text_claims("Jennie wore the Chanel 22 Bag in street style. The look was worn with the Celine Triomphe "
                         "Shoulder Bag. The look of Lisa was the Celine Triomphe Shoulder Bag.")
    pairing = [c.pairing for c in check_claims(claims, build_index(TOPICS, contexts, KNOWN))]
    assert pairing[1] == ["no source post ties Jennie to Celine Triomphe Shoulder Bag"]
    assert pairing[2] == []


def test_a_piece_listed_under_another_garment_word_is_a_wrong_garment_type() -> None:
    index = _dated_posts()
    claims = text_claims("Jennie showed other bags like the Chanel 22 Bag and the Calvin Klein Relaxed Denim Shorts. "
                         "Jennie mixed pieces such as the Chanel 22 Bag and the Calvin Klein Relaxed Denim Shorts.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert "the sources do not say the Calvin Klein Relaxed Denim Shorts is a bag" in pairing[0]
    assert not any("is a" in p for p in pairing[0] if "Chanel 22 Bag is" in p)  # the bag is a bag
    assert not any("is a" in p for p in pairing[1])  # "pieces" is no garment word


def test_the_trend_called_a_garment_is_a_finding() -> None:
    view = _view(layout([*ARTICLE[:3], "Jennie Effect is a fashionable bag that suits tomboy chic.",
                         "Jennie Effect, a soft and simple style, keeps growing.",
                         "Jennie Effect is a minimalist, old money-inspired bag."]))
    problems = [p for c in view.checks for p in c.pairing]
    assert problems.count("Jennie Effect is the trend, not a bag") == 2  # adjectives listed with a comma too
    assert not any("style" in p for p in problems)


def _two_places() -> Any:
    """Jennie with the Chanel 22 Bag at the airport in April 2025 and at a pop-up store event in October 2025."""
    bag = [{"solution_id": "s2", "title": "Chanel 22 Bag", "brand": "Chanel"}]
    contexts = [{"post_id": "a1", "artist_name": "Jennie", "context": "airport fashion", "date": "4 April 2025",
                 "solutions": bag},
                {"post_id": "a2", "artist_name": "Jennie", "context": "pop-up store event", "date": "23 October 2025",
                 "solutions": bag}]
    return build_index(TOPICS, contexts, KNOWN)


def test_a_dated_look_is_placed_where_that_date_post_was() -> None:
    index = _two_places()
    claims = text_claims("In April 2025 Jennie carried the Chanel 22 Bag at a pop-up store event. "
                         "In April 2025 Jennie carried the Chanel 22 Bag at the airport. "
                         "Jennie carried the Chanel 22 Bag at a pop-up store event.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[0] == ["the sources do not place Jennie with these pieces at pop up"]
    assert pairing[1:] == [[], []]  # the right place for the date, and a place with no date, are no finding


def test_a_piece_called_by_brand_and_type_is_checked_as_that_piece() -> None:
    index = _jennie_and_lisa()
    claims = text_claims("Lisa carried the Chanel bag. Jennie carried the Chanel bag at the airport. "
                         "Jennie carried the Celine bag.")
    checks = check_claims(claims, index)
    assert checks[0].pairing == ["no source post ties Lisa to Chanel 22 Bag"]
    assert checks[1].pairing == []
    assert checks[2].pairing == ["no source post ties Jennie to Celine Triomphe Bag"]
    # and "the bag" after it is that bag, as after its full name
    later = check_claims(text_claims("Jennie carried the Chanel bag at the airport. Lisa wore the bag too."), index)
    assert later[1].pairing == ["no source post ties Lisa to Chanel 22 Bag"]


def test_it_after_one_named_piece_is_that_piece_for_dates_and_places() -> None:
    index = _two_places()
    claims = text_claims("The Chanel 22 Bag is a shoulder bag. Jennie wore it at a pop-up store event in April 2025. "
                         "Jennie wore it at the airport in April 2025.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[1] == ["the sources do not place Jennie with these pieces at pop up"]
    assert pairing[2] == []
    shorts = check_claims(text_claims("The Calvin Klein Relaxed Denim Shorts are denim. Jennie wore them on "
                                      "23 October."), _dated_posts())
    assert shorts[1].pairing == ["no source post has Jennie with the Calvin Klein Relaxed Denim Shorts on 23 "
                                 "October (the sources date it 5 August)"]


def test_each_of_several_pieces_keeps_its_own_colour() -> None:
    def made_of(answer: str) -> dict:
        return {"qa_pairs": [{"q": "What colour and material is it?", "a": answer}]}

    pieces = [{"solution_id": "b", "title": "Dior Lady Dior Bag", "brand": "Dior",
               "metadata": made_of("Navy, leather.")},
              {"solution_id": "f", "title": "Miu Miu Logo Ballet Flats", "brand": "Miu Miu",
               "metadata": made_of("Black, leather.")}]
    contexts = [{"post_id": "j1", "artist_name": "Jimin", "context": "airport fashion", "date": "22 August 2025",
                 "solutions": pieces}]
    index = build_index(TOPICS, contexts, {**KNOWN, "artists": {*KNOWN.get("artists", set()), "Jimin"}})
    claims = text_claims("Jimin wore the Dior Lady Dior Bag and the Miu Miu Logo Ballet Flats at the airport. "
                         "He wore the flats in navy leather and the bag in navy leather.")
    checks = check_claims(claims, index)
    assert checks[1].pairing == ["the sources do not describe the Miu Miu Logo Ballet Flats as navy"]


def test_the_trend_made_a_wearer_is_a_finding_and_this_bag_is_the_paragraph_s_bag() -> None:
    lisa = {"post_id": "p2", "artist_name": "Lisa", "context": "street style",
            "solutions": [{"solution_id": "s9", "title": "Celine Triomphe Bag", "brand": "Celine"}]}
    index = build_index(TOPICS, [*CONTEXTS, lisa], KNOWN, context=["Coquette"])
    checks = check_claims(text_claims("Coquette also wore the Chanel 22 Bag at the airport. Coquette's bags are "
                                      "quiet. Jennie wore the Chanel 22 Bag. Lisa carried this bag too."), index)
    assert checks[0].pairing == ["Coquette is the trend, not a person who wears it: name who wore the pieces"]
    assert checks[1].pairing == []  # the trend's own bags are no wearer
    assert checks[3].pairing == ["no source post ties Lisa to Chanel 22 Bag"]


def test_a_trend_worn_as_a_piece_is_a_finding_and_its_pieces_are_not() -> None:
    index = build_index(TOPICS, CONTEXTS, KNOWN, context=["Quiet Luxury"])
    checks = check_claims(text_claims("Jennie wore Quiet Luxury during the cover shoot. Jennie wore quiet luxury "
                                      "pieces at the airport. Jennie wore the Chanel 22 Bag, pure Quiet Luxury."),
                          index)
    assert checks[0].pairing == ["Quiet Luxury is the trend, not a piece anyone wore: name the pieces the posts show"]
    assert not any("not a piece anyone wore" in p for c in checks[1:] for p in c.pairing)


def test_a_type_the_paragraph_never_named_is_a_finding() -> None:
    index = build_index(TOPICS, CONTEXTS, KNOWN)
    claims = part_claims("Jennie wore the Alaïa Fishnet Ballet Flats at the airport. The bag adds a neutral note. "
                         "The flats kept the look light.")
    checks = check_claims(claims, index)
    assert checks[1].pairing == ["which bag? the paragraph names no bag: name the piece in full"]
    assert checks[2].pairing == []  # the flats were named
    named = check_claims(part_claims("Jennie wore the Chanel 22 Bag at the airport. The bag adds a neutral note."),
                         index)
    assert all(not c.pairing for c in named)


def test_a_paragraph_opening_on_a_piece_it_never_named_is_a_finding() -> None:
    index = build_index(TOPICS, CONTEXTS, KNOWN)
    layout_claims_ = ClaimSet([Claim("Jennie also wore it at the airport.", "body_paragraphs[2]"),
                               Claim("Jennie wore the Chanel 22 Bag. She wore it again.", "body_paragraphs[3]")])
    checks = check_claims(layout_claims_, index)
    assert checks[0].pairing == ['which piece? "wore it" comes before the paragraph names one: name the piece']
    assert not checks[1].pairing
    # "Jennie wore these pieces at a pop-up store event ..." opened a Jennie Effect article that passed.
    these = check_claims(ClaimSet([Claim("Jennie wore these pieces at the airport.", "body_paragraphs[0]")]), index)
    assert these[0].pairing == ['which piece? "wore these pieces" comes before the paragraph names one: name the '
                                "piece"]


def test_a_trend_made_a_place_is_a_finding_unless_the_sources_make_it_one() -> None:
    index = build_index(TOPICS, CONTEXTS, KNOWN, context=["Gorpcore"])
    checks = check_claims(text_claims("Jennie's Airport Look at Gorpcore Fashion. Jennie wore the Chanel 22 Bag in "
                                      "the spirit of Gorpcore."), index)
    assert checks[0].pairing == ["Gorpcore is the trend, not a place or an event: name where the posts put the look"]
    assert not checks[1].pairing
    at_the_airport = build_index(TOPICS, CONTEXTS, KNOWN, context=["Airport"])
    assert not check_claims(text_claims("Jennie wore the Chanel 22 Bag at the airport."), at_the_airport)[0].pairing


def test_the_feature_opening_on_a_piece_it_never_named_is_a_finding() -> None:
    index = build_index(TOPICS, CONTEXTS, KNOWN)
    opening = ClaimSet([Claim("Jennie wore the bag in street style as well.", "body_paragraphs[0]"),
                        Claim("The bag came back at the airport.", "body_paragraphs[2]")])
    checks = check_claims(opening, index)
    assert checks[0].pairing == ["which bag? the paragraph names no bag: name the piece in full"]
    assert not checks[1].pairing  # a later paragraph may open on the bag the one before it told
    # Later in the first paragraph too, when it is worn or opens the sentence; a coat merely mentioned is not.
    later = check_claims(ClaimSet([Claim("Jennie Effect is a trend of quiet pieces.", "body_paragraphs[0]"),
                                   Claim("The bag was made of olive leather.", "body_paragraphs[0]"),
                                   Claim("Fans asked where the bag could be found.", "body_paragraphs[0]")]), index)
    assert [c.pairing for c in later] == [[], ["which bag? the paragraph names no bag: name the piece in full"], []]


def test_a_person_named_only_inside_the_topic_s_name_is_not_a_wearer() -> None:
    lisa = {"post_id": "p2", "artist_name": "Lisa", "context": "street style",
            "solutions": [{"solution_id": "s9", "title": "Celine Triomphe Bag", "brand": "Celine"}]}
    index = build_index(TOPICS, [*CONTEXTS, lisa], KNOWN, context=["Jennie Effect"])
    checks = check_claims(text_claims("Lisa's Celine Triomphe Bag is the most viewed look of the Jennie Effect. "
                                      "In the Jennie Effect, Jennie carried the Celine Triomphe Bag."), index)
    assert checks[0].pairing == []  # the trend's name, not Jennie
    assert checks[1].pairing == ["no source post ties Jennie to Celine Triomphe Bag"]  # Jennie herself


def test_a_place_given_to_this_look_is_checked_against_the_day_the_sentence_before_gave_it() -> None:
    posts = [{"post_id": "a", "artist_name": "Jennie", "context": "street style", "date": "5 August 2025",
              "solutions": [{"solution_id": "j", "title": "Calvin Klein 90s Straight Jeans", "brand": "Calvin Klein"}]},
             {"post_id": "b", "artist_name": "Jennie", "context": "pop-up store event", "date": "23 October 2025",
              "solutions": [{"solution_id": "c", "title": "Chanel 22 Bag", "brand": "Chanel"}]}]
    index = build_index(TOPICS, posts, KNOWN, context=["Jennie Effect"])
    checks = check_claims(text_claims("On 5 August 2025, Jennie wore the Calvin Klein 90s Straight Jeans. This look "
                                      "was worn at a pop-up store event. On 23 October 2025, Jennie carried the "
                                      "Chanel 22 Bag. That look was seen at a pop-up store event."), index)
    assert checks[1].pairing == ["no source post has Jennie at pop up on 5 August (the sources date it 23 October)"]
    assert checks[3].pairing == []


def test_a_one_word_wearer_no_source_names_is_an_unsupported_name_at_a_sentence_s_start() -> None:
    index = build_index(TOPICS, CONTEXTS, KNOWN, context=["Jennie Effect"])
    checks = check_claims(text_claims("Jenny wore the Chanel 22 Bag at the airport. On her way out, Jenny "
                                      "carried it again. She wore it at the airport. Jennie wore it at the airport."),
                          index)
    assert [c.unsupported for c in checks] == [["Jenny"], ["Jenny"], [], []]


def test_a_label_said_to_wear_a_piece_is_a_finding() -> None:
    contexts = [{"post_id": "a1", "artist_name": "Jennie", "context": "street style", "date": "5 August 2025",
                 "solutions": [{"solution_id": "s1", "title": "Miu Miu Logo Ballet Flats", "brand": "Miu Miu"}]}]
    index = build_index(TOPICS, contexts, KNOWN)
    claims = ClaimSet([Claim("Miu Miu also wore the flats in street style.", "body_paragraphs[2]"),
                       Claim("Jennie wore the Miu Miu Logo Ballet Flats in street style.", "body_paragraphs[2]")])
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert "Miu Miu is a label, not a person who wears its pieces: name who wore them" in pairing[0]
    assert pairing[1] == []
