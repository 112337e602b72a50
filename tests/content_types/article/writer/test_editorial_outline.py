"""The outline: the run's facts grouped into paragraph plans, in code."""

from __future__ import annotations

import re

from editorial_ai.content_types.article.writer.outline import build_outline, count_word, tag_phrase, topic_terms

from .editorial_fixtures import CONTEXTS, TOPICS, _solution


def test_facts_are_grouped_into_background_looks_products_and_spread() -> None:
    outline = build_outline("Jennie Effect", TOPICS, CONTEXTS)
    assert [p.kind for p in outline.plans] == ["background", "looks", "product", "product", "spread"]
    background, looks, first, second, spread = outline.plans
    assert background.facts[0] == 'topic: "Jennie Effect"'
    assert "looks logged: three, between August 2025 and February 2026" in background.facts
    # The celebrity's looks carry their dates, scenes and titles, oldest first.
    assert looks.subject == "Jennie" and "celebrity: Jennie (BLACKPINK)" in looks.facts
    # Each look names its own pieces, so no writer pairs a piece with a look it was not part of.
    # A look is a record, not a sentence to copy; each piece carries its colour and material.
    dated = [f for f in looks.facts if f.startswith("look of ")]
    assert dated[0].startswith("look of Jennie on 5 August 2025 in street style: ")
    assert "Jennie street style in denim" not in dated[0]  # a post title given, the model made it the headline
    assert dated[-1].startswith("look of Jennie on 14 February 2026 at the airport: ")
    assert "Chanel 22 Bag in olive leather" in dated[-1] and not any(f.startswith("worn:") for f in looks.facts)
    assert " wore " not in dated[0]
    # Each product paragraph gets its own product, its details and who wore it where (as sourced).
    assert first.subject == "Chanel 22 Bag" and second.subject == "Calvin Klein 90s Straight Jeans"
    assert "details: olive leather" in first.facts and "worn by: Jennie at the airport" in first.facts
    # The opening dates the sighting it names, from that sighting's post.
    assert "first seen: 14 February 2026, on Jennie at the airport" in first.facts  # the date goes with its look
    assert first.lead.startswith("The Chanel 22 Bag")
    assert "Jennie wore it at the airport on 14 February 2026" in first.lead
    assert not any("Celine" in fact for fact in first.facts + second.facts)
    # The closing looks carry their day: left undated, the model dated them from other posts.
    top = "most viewed look: Jennie on 14 February 2026 at the airport wearing"
    assert any(f.startswith(top) for f in spread.facts)
    assert not any('"' in fact for plan in (looks, spread) for fact in plan.facts[1:])  # no post title to lift
    # Who wore the trend, each with the places of their own posts: no list of places to pair with anyone at will.
    worn = "worn by: Jennie at the airport and in street style; Lisa in street style"
    assert worn in background.facts
    # The opening names the kinds of piece and their labels, so it says "bags and jeans", not "the bag" it never named.
    assert "pieces: bags and jeans" in background.facts
    assert any(f.startswith("labels: Chanel") and "Calvin Klein" in f for f in background.facts)
    # The close gives each other wearer one look with its own pieces, and no list of pieces beside the people.
    lisa = "look of Lisa on 1 September 2025 in street style: Celine Triomphe Shoulder Bag in black leather"
    assert lisa in spread.facts
    assert not any(f.startswith(("pieces:", "worn by:", "look of Jennie")) for f in spread.facts)
    assert not any(f.startswith("seen:") for plan in outline.plans for f in plan.facts)


def test_the_lead_is_the_artist_the_keyword_names_and_products_follow_the_topic() -> None:
    outline = build_outline("Lisa Effect", TOPICS, CONTEXTS)
    assert outline.celebrity == "Lisa"
    tagged = build_outline("Quiet Luxury", [], CONTEXTS)
    assert tagged.products[0].name == "Chanel 22 Bag"  # the one product tagged "quiet luxury"
    assert tagged.celebrity == "Jennie" and tagged.signature == ("Chanel 22 Bag", "airport fashion")
    assert tagged.terms == ["quiet", "luxury"]


def test_names_and_numbers_of_the_sources_are_collected_for_the_guard() -> None:
    outline = build_outline("Jennie Effect", TOPICS, CONTEXTS)
    assert {"Jennie", "Lisa", "BLACKPINK", "Chanel 22 Bag", "Celine"} <= outline.names
    assert "14 February 2026" in outline.source_text
    assert 'celebrity Jennie' in outline.headline_facts() and "piece Chanel 22 Bag" in outline.headline_facts()


def test_counts_are_words_and_generic_words_are_not_topic_terms() -> None:
    assert count_word(3) == "three" and count_word(99) == "many"
    assert topic_terms("Jennie Effect") == ["jennie"] and topic_terms("The Look") == ["the", "look"]


def test_a_decade_tag_reads_as_a_reference_not_a_date() -> None:
    # Given "trend tags: 90s", every Balletcore draft said the trend "emerged in the 90s".
    assert tag_phrase("90s") == "90s-inspired" and tag_phrase("1990s") == "1990s-inspired"
    assert tag_phrase("Y2K") == "Y2K" and tag_phrase("minimal") == "minimal" and tag_phrase("90s denim") == "90s denim"
    outline = build_outline("Jennie Effect", TOPICS, CONTEXTS)
    tag_lines = [f for plan in outline.plans for f in plan.facts if "tags: " in f]
    assert tag_lines and not any(re.search(r"\b\d0s\b(?!-inspired)", line) for line in tag_lines)


def _post(post_id: str, who: str, where: str, day: str, views: int, *pieces: tuple[str, str, str]) -> dict:
    return {"post_id": post_id, "artist_name": who, "context": where, "view_count": views,
            "created_at": f"{day}T10:00:00Z",
            "solutions": [_solution(title, brand, [tag], "Black, leather.") for title, brand, tag in pieces]}


def test_piece_paragraphs_take_pieces_from_looks_no_other_paragraph_tells() -> None:
    posts = [
        _post("h1", "Hanni", "magazine cover shoot", "2025-06-03", 400, ("Loewe Toy Pumps", "Loewe", "balletcore")),
        _post("h2", "Hanni", "music video", "2026-03-02", 300, ("Miu Miu Ballet Flats", "Miu Miu", "balletcore")),
        _post("m1", "Mingyu", "street style", "2025-04-19", 250, ("Coperni Midi Skirt", "Coperni", "balletcore")),
        _post("m2", "Mingyu", "airport fashion", "2025-05-01", 50, ("Prada Loafers", "Prada", "loafers")),
        _post("j1", "Jackson Wang", "brand campaign", "2026-02-02", 900,
              ("Marithé Crossbody Bag", "Marithé", "balletcore")),
        _post("n1", "Jennie", "street style", "2025-08-05", 200, ("Chanel Ballet Flats", "Chanel", "balletcore"),
              ("Calvin Klein Tank Top", "Calvin Klein", "balletcore")),
        _post("i1", "IU", "airport fashion", "2025-04-08", 100, ("Gucci Blondie Bag", "Gucci", "balletcore")),
    ]
    outline = build_outline("Balletcore", [], posts)
    assert outline.celebrity == "Hanni" and outline.signature[0] == "Loewe Toy Pumps"
    # Hanni's looks have their paragraph; Jackson Wang's is the close's most viewed and Mingyu's street style one
    # of its looks: a piece paragraph on the pumps, the bag or the skirt would tell that look a second time. Two
    # pieces of Jennie's one look would tell hers twice, so the second piece comes from another look.
    pieces = [plan.subject for plan in outline.plans if plan.kind == "product"]
    assert pieces == ["Chanel Ballet Flats", "Gucci Blondie Bag"]
    # With no untold look left, a told one is still better than no piece paragraph.
    assert [p.subject for p in build_outline("Balletcore", [], posts[:5]).plans if p.kind == "product"] == [
        "Loewe Toy Pumps", "Miu Miu Ballet Flats"]

def test_the_close_tells_looks_no_other_paragraph_tells_one_wearer_at_a_time() -> None:
    # A Gorpcore body whose outline gave seven of fifteen looks ran out of facts at 224 words.
    posts = [
        _post("c1", "Cha Eun-woo", "street style", "2025-09-13", 900, ("Bottega Veneta Cassette Bag", "Bottega Veneta",
                                                                       "gorpcore")),
        _post("c2", "Cha Eun-woo", "pop-up store event", "2025-05-15", 300, ("Dior Bar Jacket", "Dior", "gorpcore")),
        _post("c3", "Cha Eun-woo", "Paris Fashion Week front row", "2025-12-23", 200,
              ("Balenciaga Baggy Jeans", "Balenciaga", "jeans")),
        _post("s1", "Jisoo", "street style", "2025-07-02", 250, ("Burberry Check Shirt", "Burberry", "gorpcore")),
        _post("s2", "Jisoo", "Paris Fashion Week front row", "2025-01-08", 100, ("Adidas SL 72", "Adidas", "gorpcore")),
        _post("v1", "V", "airport fashion", "2025-04-05", 150, ("Jacquemus Le Chiquito Bag", "Jacquemus", "bag")),
        *[_post(f"j{n}", "Jackson Wang", "brand campaign", f"2026-02-0{n}", 50 + n,
                (f"Maison Kitsuné Cap {n}", "Maison Kitsuné", "gorpcore")) for n in range(1, 5)],
    ]
    outline = build_outline("Gorpcore", [], posts)
    spread = outline.plans[-1]
    looks = [f for f in spread.facts if f.startswith(("look of ", "most viewed look: "))]
    assert looks[0].startswith("most viewed look: Cha Eun-woo on 13 September 2025")
    assert len(looks) == 4  # the most viewed look and three more
    told = [plan for plan in outline.plans if plan.kind in ("looks", "product")]
    told_text = " ".join(f for plan in told for f in plan.facts)
    # no look of the lead, none another paragraph tells, and each wearer's first look before any wearer's second
    assert not any("Jackson Wang" in f for f in looks[1:]) and outline.celebrity == "Jackson Wang"
    assert not any(f.split(":")[1].strip() in told_text for f in looks[1:])
    assert [f.split(" on ")[0] for f in looks[1:]] == ["look of Jisoo", "look of Cha Eun-woo", "look of V"]


def test_a_keyword_naming_the_lead_keeps_her_pieces_for_the_piece_paragraphs() -> None:
    # Every piece of Jennie's is in a look her paragraph tells: still her pieces, not Lisa's, since they are the topic.
    outline = build_outline("Jennie Effect", TOPICS, CONTEXTS)
    assert [plan.subject for plan in outline.plans if plan.kind == "product"] == ["Chanel 22 Bag",
                                                                                 "Calvin Klein 90s Straight Jeans"]


def test_a_standfirst_look_is_another_piece_s_when_the_headline_names_the_signature_piece() -> None:
    # Built on the headline's own look, a standfirst gave the headline back and the run escalated on it.
    outline = build_outline("Jennie Effect", TOPICS, CONTEXTS)
    assert outline.look_beside("Jennie Effect: the olive bag") == "Jennie wore the Chanel 22 Bag at the airport"
    assert outline.look_beside(outline.safe_headline()) == ("Jennie wore the Calvin Klein 90s Straight Jeans in "
                                                            "street style")


def test_a_piece_paragraph_is_given_the_other_pieces_of_the_post_it_was_first_seen_in() -> None:
    # Given only its own name, material and wearer, a piece paragraph ran out of facts in two sentences.
    skirt = _solution("Coperni Asymmetric Midi Skirt", "Coperni", ["skirt"], "black denim")
    boots = _solution("Maison Margiela Tabi Ankle Boots", "Maison Margiela", ["shoes", "gorpcore"], "brown leather")
    posts = [{"post_id": "m1", "artist_name": "Mingyu", "context": "street style", "date": "19 April 2025",
              "solutions": [boots, skirt]}]
    outline = build_outline("Gorpcore", [{"keyword": "Gorpcore"}], posts)
    plan = next(p for p in outline.plans if p.kind == "product" and p.subject == "Maison Margiela Tabi Ankle Boots")
    assert "worn with: Coperni Asymmetric Midi Skirt in black denim" in plan.facts
    assert plan.facts.index("worn with: Coperni Asymmetric Midi Skirt in black denim") == len(plan.facts) - 1


def test_a_product_paragraph_gives_the_sourced_price() -> None:
    contexts = [dict(c) for c in CONTEXTS]
    contexts[0]["solutions"] = [{**contexts[0]["solutions"][0], "price_krw": 6986000}]
    plans = {p.subject: p for p in build_outline("Jennie Effect", TOPICS, contexts).plans if p.kind == "product"}
    assert "price: KRW 6,986,000" in plans["Chanel 22 Bag"].facts
    assert not any(f.startswith("price:") for f in plans["Calvin Klein 90s Straight Jeans"].facts)  # none sourced

