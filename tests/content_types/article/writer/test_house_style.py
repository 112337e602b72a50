from __future__ import annotations

from editorial_ai.content_types.article.writer.house_style import (
    day_first_dates,
    drop_repeated_descriptions,
    named_subjects,
    paired_only_in_pairs,
    shorten_repeated_names,
)

PIECES = [("Dior Lady Dior Bag", "Dior"), ("Loewe Toy Pumps", "Loewe"), ("Chanel 22 Bag", "Chanel"),
          ("Maison Kitsuné Fox Head", "Maison Kitsuné")]


def test_a_piece_is_named_in_full_once_per_paragraph_then_by_its_type() -> None:
    body = ["Jennie carried the Dior Lady Dior Bag by Dior at the airport. The Dior Lady Dior Bag is black leather. "
            "Dior Lady Dior Bag lovers know Jennie's Dior Lady Dior Bag well.",
            "V wore the Loewe Toy Pumps on stage, and the Dior Lady Dior Bag came along."]
    out, count = shorten_repeated_names(body, PIECES)
    assert out[0] == ("Jennie carried the Dior Lady Dior Bag by Dior at the airport. The bag is black leather. "
                      "The bag lovers know Jennie's bag well.")
    assert out[1] == body[1].replace("the Dior Lady Dior Bag", "the Dior bag")  # introduced in the first
    assert count == 4


def test_two_pieces_of_one_type_and_names_without_a_type_stay_whole() -> None:
    body = ["The Dior Lady Dior Bag met the Chanel 22 Bag; the Dior Lady Dior Bag won. The Maison Kitsuné Fox Head "
            "shone, and the Maison Kitsuné Fox Head again."]
    out, count = shorten_repeated_names(body, PIECES)
    assert out == body and count == 0  # "the bag" would be either bag; "the head" is no garment


def test_a_later_paragraph_calls_an_introduced_piece_by_brand_and_type() -> None:
    body = ["Jennie carried the Dior Lady Dior Bag at the airport.",
            "Later the Dior Lady Dior Bag came out again; the Dior Lady Dior Bag is black leather.",
            "The Dior Lady Dior Bag met the Chanel 22 Bag in one paragraph, and the Loewe Toy Pumps shone."]
    out, count = shorten_repeated_names(body, PIECES)
    assert out[1] == "Later the Dior bag came out again; the bag is black leather."
    assert out[2] == body[2]  # two bags in one paragraph stay whole; the pumps are new here
    assert count == 2


def test_a_brand_with_two_pieces_of_one_type_keeps_the_full_name() -> None:
    pieces = [*PIECES, ("Dior Saddle Bag", "Dior")]
    body = ["Jennie carried the Dior Lady Dior Bag.", "Then the Dior Lady Dior Bag again."]
    out, _ = shorten_repeated_names(body, pieces)
    assert out == body  # "the Dior bag" would be either


def test_a_piece_s_description_is_given_once_and_a_different_one_stays_for_the_review() -> None:
    pieces = [("Chanel Ballet Flats", "Chanel"), ("Jacquemus Le Chiquito Bag", "Jacquemus"),
              ("Chanel 22 Bag", "Chanel")]
    body = ["Jennie wore the Chanel Ballet Flats in grey leather on 5 August. Later the flats in grey leather came "
            "back.",
            "On 9 September she wore the Chanel flats in black leather and the Jacquemus Le Chiquito Bag in beige "
            "leather.",
            "The Jacquemus Le Chiquito Bag in beige leather, worn by V in street style."]
    out, count = drop_repeated_descriptions(body, pieces)
    assert out == ["Jennie wore the Chanel Ballet Flats in grey leather on 5 August. Later the flats came back.",
                   body[1],  # black is not what the first description said: the review checks it
                   "The Jacquemus Le Chiquito Bag, worn by V in street style."]
    assert count == 2
    # "the bag" could be either bag: it is no mention of one of them
    assert drop_repeated_descriptions(["The Chanel 22 Bag in olive leather. The bag in olive leather."], pieces)[1] == 0


def test_a_described_mention_keeps_its_description_and_loses_only_the_name() -> None:
    pieces = [("Alaïa Le Coeur Bag", "Alaïa")]
    text = "Jennie wore the Alaïa Le Coeur Bag in brown leather. This bag is a brown leather Alaïa Le Coeur Bag."
    (styled,), _ = shorten_repeated_names([text], pieces)
    assert styled.endswith("This bag is a brown leather bag.")


def test_a_wool_blend_description_is_dropped_whole() -> None:
    pieces = [("Lemaire Military Coat", "Lemaire")]
    body = ["Jimin wore the Lemaire Military Coat in black wool blend at the airport.",
            "Later the Lemaire coat in black wool blend came back for the music video."]
    out, count = drop_repeated_descriptions(body, pieces)
    assert out[1] == "Later the Lemaire coat came back for the music video." and count == 1


def test_dates_read_day_first_as_the_facts_give_them() -> None:
    body = ["Jennie wore it on October 23, 2025, and again on the 5th of August.", "On April 5th 2025 V wore it."]
    assert day_first_dates(body) == (["Jennie wore it on 23 October 2025, and again on 5 August.",
                                      "On 5 April 2025 V wore it."], 3)
    assert day_first_dates(["On 5 August 2025 in May, 2025 terms."]) == (["On 5 August 2025 in May, 2025 terms."], 0)
    # A month takes "in"; a day keeps "on".
    assert day_first_dates(["He wore it on February 2026.", "On March 2026 and on 2 March 2026 she did."]) == (
        ["He wore it in February 2026.", "In March 2026 and on 2 March 2026 she did."], 2)
    assert day_first_dates(["V carried it in 5 April 2025.", "In 5 April 2025 terms, in 2025."]) == (
        ["V carried it on 5 April 2025.", "On 5 April 2025 terms, in 2025."], 2)
    assert day_first_dates(["Mingyu wore them at 19 April 2025.", "At 2 March she was at the airport."]) == (
        ["Mingyu wore them on 19 April 2025.", "On 2 March she was at the airport."], 2)
    assert day_first_dates(["She wore it 5 April 2025 and an 8 March look."]) == (
        ["She wore it 5 April 2025 and an 8 March look."], 0)
    # A month and an ordinal with no year: "Finally, on October 23rd at the same event" (Jennie Effect, passed).
    assert day_first_dates(["Finally, on October 23rd she wore it, and on May 2nd."]) == (
        ["Finally, on 23 October she wore it, and on 2 May."], 2)


def test_a_paragraph_about_one_person_opening_on_she_names_her_there() -> None:
    body = ["Jackson Wang also wore the cap with the Dior Lady Dior Bag in a brand campaign.",
            "On 20 September, she wore Loewe Anagram Sunglasses on an award show red carpet. She smiled.",
            "Hanni wore the pumps; she kept the look simple.", "It is a bag. She carried it."]
    named, count = named_subjects(body, ["", "Hanni", "Hanni", ""])
    assert named[1] == "On 20 September, Hanni wore Loewe Anagram Sunglasses on an award show red carpet. She smiled."
    assert named[0] == body[0] and named[2] == body[2]  # about no one; already named before the pronoun
    assert named[3] == body[3] and count == 1  # not a paragraph about a person
    # Not in the opening sentence: that one is left as the model wrote it.
    assert named_subjects(["The look was simple. She chose black."], ["Hanni"]) == (["The look was simple. She "
                                                                                      "chose black."], 0)


PAIRS = "She wore a pair of the Loewe Toy Pumps, a pair of jeans and a pair of the Loewe Anagram Sunglasses."


def test_a_pair_of_goes_only_with_pieces_that_come_in_pairs() -> None:
    # "You can wear the flats ... by pairing it with a pair of the cap and the bag." closed a draft that passed.
    body, changed = paired_only_in_pairs([
        "You can wear the flats by pairing it with a pair of the cap and the bag.",
        "A pair of the cap works. She wore a pair of Chanel cap.",
        PAIRS,
        "A pair of the Chanel Tweed Dress.",
    ])
    assert body == ["You can wear the flats by pairing it with the cap and the bag.",
                    "The cap works. She wore a Chanel cap.",
                    PAIRS,
                    "The Chanel Tweed Dress."]
    assert changed == 4


def test_a_name_after_an_article_and_an_adjective_keeps_that_article() -> None:
    # "start with a simple Alaïa Belted Knit Cardigan" became "start with a simple the cardigan" (Gorpcore).
    body = ["Jennie carried the Dior Lady Dior Bag. Start with a simple Dior Lady Dior Bag, or a look with the "
            "Dior Lady Dior Bag, and a pair of Dior Lady Dior Bag."]
    out, _ = shorten_repeated_names(body, PIECES)
    assert out[0] == ("Jennie carried the Dior Lady Dior Bag. Start with a simple bag, or a look with the bag, and a "
                      "pair of the bag.")
