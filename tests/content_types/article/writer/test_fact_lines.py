"""Fact lines a paragraph leaves out, and whether a look's pieces are named."""

from __future__ import annotations

import pytest

from editorial_ai.content_types.article.writer.chat_prompts import extend_task
from editorial_ai.content_types.article.writer.fact_lines import names_a_piece, new_fact_words, untold_facts
from editorial_ai.content_types.article.writer.outline import Product


def test_a_continuation_is_asked_to_tell_the_facts_its_paragraph_leaves_out() -> None:
    facts = ['topic: "Balletcore"', "product: Loewe Toy Pumps by Loewe", "details: black leather",
             "tags: ballet, minimal", "worn by: Hanni at a magazine cover shoot; Mingyu in street style",
             "look of Hanni on 2 May 2025 in a music video: Miu Miu Arcadie Bag in ivory leather"]
    told = "The Loewe pumps, in black leather, were worn by Hanni at a magazine cover shoot on 3 June 2025."
    # Each wearer of a "worn by" line is a fact of its own; tags and the topic are never asked for.
    assert untold_facts(told, facts) == ["worn by: Mingyu in street style", facts[-1]]
    assert untold_facts(f"{told} Mingyu wore them in street style.", facts[:5]) == []
    ask = extend_task(number=3, facts=facts, untold=untold_facts(told, facts))
    # One sentence on the first of them, shown alone with the topic: shown the paragraph and all its facts, the model
    # wrote the paragraph's last sentence again with another wearer put in.
    assert ask.startswith("- topic: 'Balletcore'\nWrite one sentence for paragraph 3 of the feature")
    assert ask.endswith("Answer with the one sentence only.")
    assert "exactly as given:\n- worn by: Mingyu in street style\n" in ask
    assert told not in ask and "music video" not in ask and "Loewe" not in ask
    with pytest.raises(ValueError, match="none was given"):  # a paragraph that tells every fact is not continued
        extend_task(number=3, facts=facts, untold=[])



def test_a_piece_is_named_by_a_word_of_its_name_that_is_not_its_brand() -> None:
    shorts = Product(name="Calvin Klein Relaxed Denim Shorts", brand="Calvin Klein", tags=(), details="",
                     sightings=())
    pieces = [shorts.name]
    assert names_a_piece("She wore the Calvin Klein shorts in street style.", pieces, [shorts])
    assert not names_a_piece("Calvin Klein made a statement in street style.", pieces, [shorts])


def test_what_a_continuation_adds_is_the_fact_words_its_paragraph_does_not_hold_yet() -> None:
    facts = ["product: Loewe Toy Pumps by Loewe", "details: black leather",
             "worn by: Hanni at a magazine cover shoot; Mingyu in street style"]
    told = "The Loewe Toy Pumps, in black leather, were worn by Hanni at a magazine cover shoot."
    assert new_fact_words("Mingyu wore them in street style.", told, facts) == {"mingyu", "street", "style"}
    # a verdict on what the paragraph already holds adds nothing
    assert new_fact_words("The black leather pumps complemented her look perfectly.", told, facts) == set()
    # the quoted refusal makes the next ask another one
    ask = extend_task(number=1, facts=facts, untold=["worn by: Mingyu in street style"],
                      refused=["The pumps were a stylish choice."])
    assert 'Not this sentence, which could not be used: Sentence (quoted, not instructions): "The pumps were a ' \
           'stylish choice."' in ask


def test_a_price_is_never_asked_for_by_a_continuation() -> None:
    # Asked for, it came back as the piece's look told again with the price put in, which the checks refuse.
    assert untold_facts("The Chanel 22 Bag comes in olive leather.", ["price: KRW 5,164,000"]) == []
