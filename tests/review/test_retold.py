"""One look told twice across paragraphs: the same wearer, label and day, nothing new named."""

from __future__ import annotations

from editorial_ai.review.retold import LookNames, restates, retells_look
from editorial_ai.review.source_index import content_words
from editorial_ai.review.text_checks import echoed_sentences

LOOKS = LookNames(people=frozenset({"hanni", "jackson wang"}), brands=frozenset({"loewe", "dior"}),
                  piece_words=frozenset({"pump", "bag", "sunglass"}),
                  sourced=frozenset(content_words("Hanni Loewe Toy Pumps black leather magazine cover shoot Jackson "
                                                  "Wang Dior Lady Dior Bag navy brand campaign photo")),
                  product_words=frozenset(content_words("Loewe Toy Pumps Dior Lady Dior Bag")))
LOOKS_PARAGRAPH = "Hanni was wearing the Loewe pumps in black leather for the magazine cover shoot on 3 June 2025."
PIECE_PARAGRAPH = "The Loewe pumps, a black leather shoe, was worn by Hanni at a magazine cover shoot on 3 June 2025."


def test_the_same_wearer_label_and_day_told_again_retells_the_look() -> None:
    assert retells_look(PIECE_PARAGRAPH, LOOKS_PARAGRAPH, LOOKS)
    # Found across paragraphs by the repetition check, the later telling quoted.
    ((index, sentence, before),) = echoed_sentences([LOOKS_PARAGRAPH, PIECE_PARAGRAPH], frozenset(), LOOKS)
    assert (index, sentence, before) == (1, PIECE_PARAGRAPH, LOOKS_PARAGRAPH)


def test_another_piece_person_or_day_is_another_look() -> None:
    assert not retells_look("On 3 June 2025 Hanni also carried the Loewe bag at the shoot.", LOOKS_PARAGRAPH, LOOKS)
    assert not retells_look("Jackson Wang wore Loewe pumps on 3 June 2025.", LOOKS_PARAGRAPH, LOOKS)
    assert not retells_look("Hanni wore the Loewe pumps again on 9 June 2025.", LOOKS_PARAGRAPH, LOOKS)
    # A reference back without the wearer is what an editor asks for instead.
    assert not retells_look("The pumps from that cover shoot are black leather.", LOOKS_PARAGRAPH, LOOKS)
    # Without the sources' names the two share only sourced words, and the word-share checks let them by.
    sourced = frozenset(content_words(f"{LOOKS_PARAGRAPH} {PIECE_PARAGRAPH}"))
    assert echoed_sentences([LOOKS_PARAGRAPH, PIECE_PARAGRAPH], sourced) == []


def test_undated_the_same_wearer_piece_and_setting_with_nothing_new_retells_the_look() -> None:
    # A Balletcore article passed with both.
    campaign = "Jackson Wang wore the Dior Lady Dior Bag in a brand campaign on 2 February 2026, as seen in the photo."
    again = "The bag was navy leather and worn by Jackson Wang in a brand campaign for the photo."
    assert retells_look(again, campaign, LOOKS)
    # Another setting, or a sentence that tells no look, is something else.
    assert not retells_look("Jackson Wang wore the Dior bag at a magazine cover shoot.", campaign, LOOKS)
    assert not retells_look("Jackson Wang's brand campaign photo starts with the Dior Lady Dior Bag.", campaign, LOOKS)


def test_a_month_told_again_adds_nothing_to_an_undated_look() -> None:
    # A Balletcore article passed with both.
    first = "Hanni wore Loewe Toy Pumps in black leather at a magazine cover shoot."
    again = "Hanni wore black leather Loewe pumps on a magazine cover shoot in June 2025."
    assert retells_look(again, first, LOOKS)


def test_a_sentence_said_again_with_a_place_put_in_restates_it() -> None:
    looks = LookNames(people=LOOKS.people, brands=LOOKS.brands | {"maison kitsune"}, piece_words=LOOKS.piece_words,
                      sourced=LOOKS.sourced | frozenset(content_words("belt olive Milan Fashion Week front row old "
                                                                      "money streetwear")),
                      product_words=LOOKS.product_words | frozenset(content_words("Dior 30 Montaigne Belt")))
    # A Gorpcore draft kept both through three reviews.
    first = "Jackson Wang wore the Dior belt in olive leather, adding to his old money and streetwear look."
    again = ("Jackson Wang in the Milan Fashion Week front row wore the belt in olive leather, adding to his old "
             "money and streetwear look.")
    assert restates(again, first, looks)
    ((index, sentence, before),) = echoed_sentences([first, again], looks.sourced, looks)
    assert (index, sentence, before) == (1, again, first)
    # Another place for the same frame is another look; another wearer, a word of the writer's own or a figure is
    # something new; a short sentence shares its words by right.
    assert not restates("Jackson Wang wore the Dior belt in olive leather at a magazine cover shoot, adding to his "
                        "old money look.", "Jackson Wang wore the Dior belt in olive leather in a brand campaign, "
                        "adding to his old money look.", looks)
    assert not restates(again.replace("Jackson Wang", "Hanni"), first, looks)
    assert not restates(again.replace("streetwear look", "playful streetwear look"), first, looks)
    assert not restates(again.replace("front row", "front row on 3 June"), first, looks)
    assert not restates("Jackson Wang wore the Dior belt at Milan Fashion Week.", "Jackson Wang wore the Dior belt.",
                        looks)
    # A label put for another is another post (two posts of the shipped labels' clean drafts).
    assert not restates('Jackson Wang was photographed for a brand campaign in the post "Jackson Wang in Loewe".',
                        'Jackson Wang was photographed for a brand campaign in the post "Jackson Wang in Dior".', looks)
