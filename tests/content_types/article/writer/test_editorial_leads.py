from editorial_ai.content_types.article.writer.leads import (
    background_follow,
    background_lead,
    is_plural,
    looks_follow,
    looks_lead,
    product_follow,
    product_lead,
    scene_phrase,
    spread_follow,
    spread_lead,
    style_tags,
)
from editorial_ai.content_types.article.writer.outline import build_outline
from editorial_ai.review.claim_support import check_claims
from editorial_ai.review.claims import text_claims
from editorial_ai.review.source_index import build_index

from .editorial_fixtures import CONTEXTS, TOPICS


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
    assert product_lead("Toy Pumps", "Loewe", "black leather", [("Hanni", "magazine cover shoot")], 0,
                        date="3 June 2025").endswith("Hanni wore them at a magazine cover shoot on 3 June 2025.")
    lead = product_lead("Chanel 22 Bag", "Chanel", "", [], 0, date="3 June 2025")  # no sighting: no date
    assert lead == "The Chanel 22 Bag is one of the pieces behind the look."


def test_follow_sentences_use_the_facts_the_opening_left_out() -> None:
    assert style_tags(["bag", "olive", "quiet luxury", "minimal", "Old money"], "old money") == [
        "quiet luxury", "minimal"]
    assert background_follow("Old money", ["bag", "minimal", "old money"], ["Rosé", "Minji"], 0) == (
        "Its pieces are tagged minimal; Rosé and Minji wear it most often.")
    assert looks_follow("Minji", [("21 September 2025", "music video")], ["Chanel Tweed Jacket", "Fox Tee"]) == (
        "Minji was also photographed in a music video on 21 September 2025. "
        "Across these looks, Minji wore the Chanel Tweed Jacket and the Fox Tee.")
    assert product_follow("Toy Pumps", ["shoes", "coquette"], [("Hanni", "stage"), ("Rosé", "brand campaign")]) == (
        "Rosé wore them in a brand campaign as well. In the catalog they sit under coquette.")
    assert product_follow("Slip Dress", [], [("A", "stage"), ("B", "airport fashion"), ("C", "street style")]) == (
        "B wore it at the airport, and C in street style.")
    assert looks_follow("V", [("1 May 2025", "stage outfit"), ("2 May 2025", "stage outfit")], []) == (
        "V was also photographed on stage on 1 May 2025 and again on 2 May 2025.")
    assert looks_follow("Minji", [], [], ("Minji in Chanel", 1204551)) == (
        "That post, \u201cMinji in Chanel\u201d, has been viewed 1,204,551 times.")
    assert spread_follow("Y2K", ["airport fashion"], ["Chanel 22 Bag"]) == ""  # one scene, one piece: nothing to add
    assert product_follow("Slip Dress", [], [], 365000) == "It sells for KRW 365,000."


def test_every_composed_opening_is_supported_by_the_sources_it_came_from() -> None:
    index = build_index(TOPICS, CONTEXTS, {"artists": {"Jennie", "Lisa"}, "brands": {"Chanel", "Celine"}})
    for variant in (0, 1):
        for plan in build_outline("Jennie Effect", TOPICS, CONTEXTS, variant).plans:
            checks = check_claims(text_claims(plan.lead), index)
            assert [(c.claim.text, c.unsupported, c.pairing) for c in checks if c.unsupported or c.pairing] == []
