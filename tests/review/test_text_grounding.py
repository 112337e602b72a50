"""Names and numbers read from text for the grounding checks."""

from __future__ import annotations


def test_an_ordinal_date_is_a_number_not_a_name_with_a_model_code() -> None:
    from editorial_ai.review.text_grounding import all_spans

    spans = all_spans("Jennie wore it on August 5th and the Maison Margiela 5AC Bag on 23rd October.")
    assert ("5", "number") in [(s.text, s.kind) for s in spans]
    assert ("23", "number") in [(s.text, s.kind) for s in spans]
    assert ("Maison Margiela 5AC Bag", "name") in [(s.text, s.kind) for s in spans]


def test_a_piece_said_to_be_another_kind_of_garment_is_caught() -> None:
    from editorial_ai.review.attributes import unsourced_garments

    skirt = ["jacquemus", "la", "jupe", "midi", "skirt", "beige"]
    assert unsourced_garments("It's a cropped length dress, but V wore it to the airport.", skirt) == ["dress"]
    bag = ["chanel", "22", "bag", "olive", "leather"]
    assert unsourced_garments("The Chanel 22 Bag is a roomy tote.", bag) == []  # one family of garments
    assert unsourced_garments("The bag is worn with a dress.", bag) == []  # another piece, not what the bag is
    assert unsourced_garments("It is a striking colour.", ["mystery", "piece"]) == []  # the sources name no type


def test_an_apposition_that_names_the_wrong_garment_is_caught() -> None:
    from editorial_ai.review.attributes import unsourced_garments

    pumps = ["loewe", "toy", "pumps", "shoes", "white", "leather"]
    assert unsourced_garments("She was greeted by the Loewe Toy Pumps, a classic bag of her wardrobe.", pumps) == [
        "bag"]
