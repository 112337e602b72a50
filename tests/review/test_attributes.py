"""Materials and colours: a claim may give a piece only what its sources say it is made of and its colour."""

from __future__ import annotations

from editorial_ai.content_types.article.writer.chat_text import offending_terms
from editorial_ai.review.attributes import (
    attribute_words,
    cast_as,
    labels_as_wearers,
    misfiled_garment,
    piece_inside_piece,
    undescribed_garments,
    unsourced_attributes,
    unsourced_features,
    unworn_garments,
    without_other_descriptions,
)
from editorial_ai.review.claim_support import check_claims
from editorial_ai.review.claims import text_claims
from editorial_ai.review.source_index import build_index

from .helpers import KNOWN

TEE = {"solution_id": "s1", "title": "Maison Kitsuné Chillax Fox Tee", "brand": "Maison Kitsuné",
       "metadata": {"keywords": ["top", "brown", "old money"],
                    "qa_pairs": [{"q": "What colour and material is it?", "a": "Brown, cotton jersey."}]}}
LOAFERS = {"solution_id": "s2", "title": "Gucci Horsebit Loafers", "brand": "Gucci",
           "metadata": {"keywords": ["shoes", "black"],
                        "qa_pairs": [{"q": "What colour and material is it?", "a": "Black, leather."}]}}


def _index():
    contexts = [{"post_id": "p1", "artist_name": "Minji", "group_name": "NewJeans", "context": "music video",
                 "title": "Minji in a music video", "solutions": [TEE, LOAFERS]}]
    return build_index([{"keyword": "Old money"}], contexts, KNOWN)


def test_attribute_words_read_materials_and_colours_but_not_set_phrases() -> None:
    assert attribute_words("A light-weight denim tee with all the warmth of leather, in brown.") == [
        "denim", "leather", "brown"]
    assert attribute_words("Lace-up boots on the red carpet, gold-tone buttons.") == []
    assert attribute_words("Sequins everywhere.") == ["sequin"]
    assert unsourced_attributes("a grey tee in cotton", {"gray", "cotton"}) == []


def test_a_piece_given_a_material_its_sources_lack_is_a_pairing_error() -> None:
    claims = text_claims("Minji wore the Maison Kitsuné Chillax Fox Tee in a music video. "
                         "The tee is a classic, light-weight denim with all the warmth of leather. "
                         "It is brown cotton jersey. The Gucci Horsebit Loafers are black leather.")
    pairing = [c.pairing for c in check_claims(claims, _index())]
    assert pairing[1] == ["the sources do not describe the Maison Kitsuné Chillax Fox Tee as denim, leather"]
    assert pairing[2] == [] and pairing[3] == []  # right for the tee; leather is right for the loafers


def test_what_a_sentence_gives_both_pieces_must_be_true_of_each() -> None:
    claims = text_claims("Minji paired the Maison Kitsuné Chillax Fox Tee and the Gucci Horsebit Loafers, which are "
                         "both black leather pieces. The Maison Kitsuné Chillax Fox Tee and the Gucci Horsebit "
                         "Loafers both came out in the music video.")
    pairing = [c.pairing for c in check_claims(claims, _index())]
    assert pairing[0] == ["the sources do not describe the Maison Kitsuné Chillax Fox Tee as black, leather"]
    assert pairing[1] == []


def test_another_garment_s_own_description_is_not_charged_to_the_named_piece() -> None:
    # "Jennie wore the Jacquemus Le Chiquito Bag in beige leather and the flats in grey leather" (house style's
    # "the flats" beside a named bag) failed a review: grey was charged to the bag.
    assert without_other_descriptions("the tee in brown cotton jersey and the shoes in black leather",
                                      frozenset({"top"})) == "the tee in brown cotton jersey and the shoes"
    assert without_other_descriptions("the tee in black", frozenset()) == "the tee in black"
    claims = text_claims("Minji wore the Maison Kitsuné Chillax Fox Tee in brown cotton jersey and the shoes in "
                         "black leather. Minji wore the Maison Kitsuné Chillax Fox Tee in black cotton and the shoes "
                         "in black leather.")
    pairing = [c.pairing for c in check_claims(claims, _index())]
    assert pairing[0] == []
    assert pairing[1] == ["the sources do not describe the Maison Kitsuné Chillax Fox Tee as black"]


def test_a_claim_that_names_no_piece_and_follows_none_is_not_checked_for_attributes() -> None:
    checks = check_claims(text_claims("Old money dressing loves navy wool."), _index())
    assert checks[0].pairing == []
    # after a named piece, a generic sentence ("a good bag") does not point back at it; "it" and "the tee" do
    checks = check_claims(text_claims("Minji wore the Maison Kitsuné Chillax Fox Tee. Denim and a good bag are "
                                      "easy to find. It is red silk. The tee is red silk."), _index())
    assert [bool(c.pairing) for c in checks] == [False, False, True, True]


def test_parts_no_source_gives_a_piece_are_invented_detail() -> None:
    assert unsourced_features("It has a front pocket, a back pocket and a detachable shoulder strap.", set()) == [
        "pocket", "strap"]
    assert unsourced_features("Every cloud has a silver lining; the supply chain held.", set()) == []
    # "it features a classic design with a buttoned closure" (a Jennie Effect draft's bralette)
    assert unsourced_features("It features a classic design with a buttoned closure.", set()) == ["buttoned", "closure"]
    assert unsourced_features("They have a subtle embossed logo on the heel.", set()) == ["embossed", "logo"]
    assert unsourced_features("The Miu Miu Logo Ballet Flats are black.", {"miu", "logo", "ballet", "flats"}) == []
    assert unsourced_features("The Chanel Classic Flap Bag has a flap.", {"chanel", "classic", "flap", "bag"}) == []
    assert unsourced_features("A trim tee, head to toe, for the sole purpose of comfort.", set()) == []
    # a shape names the part: "a slightly rounded toe" (a Gorpcore pull quote), "a block heel"
    assert unsourced_features("The boots have a slightly rounded toe and a classic boot shape.", set()) == [
        "rounded toe"]
    assert unsourced_features("Pumps on a block heel with a rubber sole.", set()) == ["block heel", "rubber sole"]
    assert unsourced_features("The Block Heel Pumps have a block heel.", {"block", "heel", "pumps"}) == []
    assert unsourced_features("She is high on the list, from head to toe.", set()) == []
    claims = text_claims("Minji wore the Maison Kitsuné Chillax Fox Tee in a music video. "
                         "It has a high waist and two front pockets. The Gucci Horsebit Loafers are black leather.")
    pairing = [c.pairing for c in check_claims(claims, _index())]
    assert pairing[1] == ["no source gives the Maison Kitsuné Chillax Fox Tee these details: waist, pockets; "
                          "describe only its sourced material, colour and where it was worn"]
    assert pairing[0] == [] and pairing[2] == []
    assert offending_terms(pairing[1]) == [("waist",), ("pockets",)]


def test_clothes_no_post_shows_on_a_person_are_a_pairing_error_and_the_fix_must_drop_them() -> None:
    checks = check_claims(text_claims("Minji wore the Maison Kitsuné Chillax Fox Tee in a music video. Minji's look "
                                      "was relaxed with her white blouse and black dress. Minji's look was easy with "
                                      "a plain top and flat shoes."), _index())
    # A blouse is a top, as her tee is (the check reads garment families); no post shows her in a dress.
    assert checks[1].pairing == ["no post shows Minji in dress: name only the pieces the posts show",
                                 "no post shows Minji in a white blouse: name only the pieces the posts show, in "
                                 "their colours and materials"]  # a top, but hers is brown
    assert checks[2].pairing == []  # a top and shoes: the tee and the loafers are hers
    assert unworn_garments("To copy it, pair the tee with jeans.", frozenset({"top"})) == []  # advice, not a look
    assert unworn_garments("On Minji it reads relaxed, and the open top keeps it light.", frozenset({"bag"})) == []
    assert offending_terms(checks[1].pairing) == [("dress",), ("white blouse",)]


def test_a_described_garment_none_of_their_pieces_matches_is_a_pairing_error() -> None:
    # "Hanni's outfit was paired with a black leather jacket and a pair of black leather shoes" passed a review:
    # her only jacket is olive wool; her pumps are black leather.
    checks = check_claims(text_claims("Minji wore the Maison Kitsuné Chillax Fox Tee in a music video. Minji's look "
                                      "was paired with a white silk top and black leather shoes. Her look was "
                                      "finished with her brown cotton top and her black shoes."), _index())
    assert checks[1].pairing == ["no post shows Minji in a white silk top: name only the pieces the posts show, in "
                                 "their colours and materials"]
    assert checks[2].pairing == []  # her tee is brown cotton jersey, her loafers black
    worn = {"top": [frozenset({"brown", "cotton", "jersey"})]}
    assert undescribed_garments("She wore a plain top.", worn) == []  # no colour or material: not described
    assert undescribed_garments("Pair a white top with jeans.", worn) == []  # advice, not a look
    assert undescribed_garments("She wore a black tote.", worn) == []  # no bag of hers: unworn_garments's


def test_a_colour_given_to_the_piece_by_its_described_type_is_checked_too() -> None:
    # "a warm, earthy contrast with the sleek black bag", of an olive bag, passed a review.
    claims = text_claims("Minji wore the Maison Kitsuné Chillax Fox Tee in a music video. "
                         "Its brown cotton jersey sits well against the sleek black tee. "
                         "The soft brown tee is the look's anchor.")
    pairing = [c.pairing for c in check_claims(claims, _index())]
    assert pairing[1] == ["the sources do not describe the Maison Kitsuné Chillax Fox Tee as black"]
    assert pairing[2] == []


def test_a_piece_made_part_of_another_is_found() -> None:
    # Both passed a review in the seventeenth round.
    assert piece_inside_piece("The bag worn by Hanni at a magazine cover shoot was made of black leather and "
                              "featured Loewe Toy Pumps.") == ("bag", "pumps")
    assert piece_inside_piece("Marithé François Girbaud Logo Crossbody Bag features a fox head cap as its "
                              "accessory.") == ("bag", "cap")
    assert piece_inside_piece("The jeans featured in a brand campaign with the cap.") is None  # appeared in
    assert piece_inside_piece("The look featured the Loewe pumps and the Celine jeans.") is None  # a look holds pieces
    assert piece_inside_piece("The bag features a tote shape.") is None  # one family


def test_the_claim_check_reports_a_piece_made_part_of_another() -> None:
    claims = text_claims("Minji wore the Maison Kitsuné Chillax Fox Tee in a music video. "
                         "The tee featured Gucci Horsebit Loafers.")
    pairing = [c.pairing for c in check_claims(claims, _index())]
    assert "no source makes the loafers part of the tee: they are separate pieces; name each as the posts show it" \
        in pairing[1]


def test_a_piece_belongs_to_the_nearest_list_opened_before_it() -> None:
    from editorial_ai.review.attributes import listed_as, misfiled_garment

    # A Balletcore draft's opening: the cap is listed as footwear, the bag as a bag.
    text = ("Hanni and Jackson Wang wore sneakers like Loewe Toy Pumps, bag styles like Marithé François Girbaud Logo "
            "Crossbody Bag, and footwear like Maison Kitsuné Fox Head Cap.")
    assert listed_as(text, "marithe francois girbaud logo crossbody bag") == "bag"
    assert listed_as(text, "maison kitsune fox head cap") == "footwear"
    assert misfiled_garment(text, "maison kitsune fox head cap", {"cap", "navy"}) == "footwear"
    assert misfiled_garment(text, "marithe francois girbaud logo crossbody bag", {"bag", "grey"}) is None
    assert listed_as("Jennie showed bags like the Chanel 22 Bag and the Calvin Klein Shorts.",
                     "calvin klein shorts") == "bags"
    assert listed_as("Celebrities like Hanni wore the Loewe Toy Pumps.", "loewe toy pumps") is None


def test_a_piece_cast_as_another_garment_is_misfiled() -> None:
    text = ("The Maison Margiela Tabi Ankle Boots were worn by Mingyu in street style, with Coperni Asymmetric Midi "
            "Skirt in black denim as her top.")
    assert cast_as(text, "coperni asymmetric midi skirt") == "top"
    assert misfiled_garment(text, "coperni asymmetric midi skirt", ["skirt", "black", "denim"]) == "top"
    # Cast as what it is, or as no garment at all, it is fine.
    assert misfiled_garment("She wore the Celine tee as her favourite top.", "celine tee", ["tee"]) is None
    assert cast_as("She carried the Chanel 22 Bag as a statement piece.", "chanel 22 bag") is None


def test_a_piece_named_as_another_garment_is_misfiled() -> None:
    from editorial_ai.review.attributes import named_as

    text = ("The bag was Chanel 22 Bag in olive leather, the shoes were Chanel Ballet Flats in grey leather, and the "
            "tank top was Alaïa Le Coeur Bag in brown leather.")
    assert named_as(text, "alaia le coeur bag") == "top"
    assert misfiled_garment(text, "alaia le coeur bag", ["bag", "brown", "leather"]) == "top"
    assert misfiled_garment("The shoes were Dior Lady Dior Bag in navy leather.", "dior lady dior bag",
                            ["bag", "navy"]) == "shoes"
    # Named as what it is, or as no garment, it is fine.
    assert misfiled_garment(text, "chanel 22 bag", ["bag", "olive"]) is None
    assert named_as("The highlight was Chanel 22 Bag.", "chanel 22 bag") is None
    # "The bag worn by Hanni at the magazine cover shoot was Loewe Toy Pumps" (a Balletcore article that passed)
    pumps = "The bag worn by Hanni at the magazine cover shoot was Loewe Toy Pumps in black leather."
    assert misfiled_garment(pumps, "loewe toy pumps", ["pumps", "black", "leather"]) == "bag"
    assert misfiled_garment("The shoes worn by Hanni at the shoot were Loewe Toy Pumps.", "loewe toy pumps",
                            ["pumps", "black"]) is None


def test_jeans_skirts_and_shorts_are_three_kinds_of_bottom() -> None:
    # "a pair of jeans" for the Calvin Klein Relaxed Denim Shorts passed a review while bottoms were one family.
    assert unworn_garments("Jennie wore a pair of jeans with the bag.", frozenset({"shorts", "bag"})) == ["jeans"]
    assert unworn_garments("Jennie wore her shorts with the bag.", frozenset({"shorts", "bag"})) == []
    assert unworn_garments("Jennie wore a skirt and flats.", frozenset({"trousers", "shoe"})) == ["skirt"]
    assert unworn_garments("The flats were worn with a pair of jeans.", frozenset({"shorts", "shoe"})) == ["jeans"]
    assert misfiled_garment("bottoms like the calvin klein relaxed denim shorts", "calvin klein relaxed denim shorts",
                            ["shorts", "denim"]) is None
    assert cast_as("with the calvin klein relaxed denim shorts as her jeans", "calvin klein relaxed denim shorts") \
        == "jeans"
    assert misfiled_garment("with the calvin klein relaxed denim shorts as her jeans",
                            "calvin klein relaxed denim shorts", ["shorts", "denim"]) == "jeans"


def test_a_label_said_to_wear_a_piece_is_read() -> None:
    # A Balletcore article that passed: "Miu Miu also wore the flats with a Maison Kitsuné Fox Head Cap".
    labels = {"miu miu", "chanel", "celine"}
    assert labels_as_wearers("Miu Miu also wore the flats with a Maison Kitsuné Fox Head Cap.", labels) == ["miu miu"]
    assert labels_as_wearers("Jennie wore the Miu Miu Logo Ballet Flats; Chanel made the bag.", labels) == []
    assert labels_as_wearers("Celine Dion wore the jeans.", labels) == []
