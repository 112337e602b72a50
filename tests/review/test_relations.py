from editorial_ai.review.relations import possessive_clashes, relation_words, unsourced_relations


def test_relationship_words_are_found_once_each_in_order() -> None:
    assert relation_words("Rosé and her sister, then her Sister again, met her boyfriend.") == ["sister", "boyfriend"]
    assert relation_words("A baby blue coat for the season's son-et-lumière show.") == []


def test_a_relationship_the_sources_state_is_allowed() -> None:
    sources = frozenset({"jennie", "and", "her", "sister", "at", "the", "airport"})
    assert unsourced_relations("Jennie and her sister flew out.", sources) == []
    assert unsourced_relations("Jennie and her mother flew out.", sources) == ["mother"]


def test_a_brand_possessive_owning_another_brand_is_a_clash() -> None:
    brands = ["Dior", "Miu Miu", "Chanel"]
    assert possessive_clashes("She wore Dior's new 'Miu Miu' ballerina flats.", brands) == [("dior", "miu miu")]
    assert possessive_clashes("She wore Dior’s quilted Chanel bag.", brands) == [("dior", "chanel")]


def test_a_brand_possessive_of_its_own_piece_or_far_from_another_brand_is_fine() -> None:
    brands = ["Dior", "Miu Miu", "Chanel"]
    assert possessive_clashes("Dior's saddle bag sat beside Miu Miu flats on the table all evening long.", brands) == []
    assert possessive_clashes("Miu Miu's ballet flats and Chanel loafers.", brands) == []
    assert possessive_clashes("Miu Miu's Chanel-style flats.", brands) == [("miu miu", "chanel")]
    assert possessive_clashes("Jennie's Chanel bag.", brands) == []
    assert possessive_clashes("Dior's new bag.", []) == []
