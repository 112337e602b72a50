from editorial_ai.services.editorial_leads import (
    background_lead,
    is_plural,
    looks_lead,
    product_lead,
    scene_phrase,
    spread_lead,
)


def test_scenes_read_as_places() -> None:
    assert scene_phrase("airport fashion") == "at the airport"
    assert scene_phrase("Paris Fashion Week front row") == "in the Paris Fashion Week front row"
    assert scene_phrase("gala") == "at the gala" and scene_phrase("") == ""


def test_openings_state_only_the_facts_they_are_given() -> None:
    assert background_lead("Balletcore", ["airport fashion", "street style"], "six", "between March and May", 0) == (
        "Balletcore runs through six logged looks between March and May, from the airport to street style.")
    assert looks_lead("Jennie", "BLACKPINK", "14 February 2026", "airport fashion", "Chanel 22 Bag", "Chanel", 0) == (
        "On 14 February 2026, Jennie of BLACKPINK wore the Chanel 22 Bag at the airport.")
    assert looks_lead("Jennie", "", "", "", "", "", 1) == "Jennie was photographed."
    assert spread_lead("Y2K", "Jimin at the airport", "airport fashion", 1) == (
        "No Y2K post has been viewed more than \u201cJimin at the airport\u201d at the airport.")


def test_product_openings_agree_in_number() -> None:
    assert is_plural("Loewe Toy Pumps") and not is_plural("Slip Dress") and not is_plural("Lady Dior Bag")
    assert product_lead("Toy Pumps", "Loewe", "black leather", [("Hanni", "magazine cover shoot")], 0) == (
        "The Toy Pumps by Loewe are made in black leather, and Hanni wore them at a magazine cover shoot.")
    lead = product_lead("Chanel 22 Bag", "Chanel", "", [], 0)
    assert lead == "The Chanel 22 Bag is one of the pieces behind the look."
