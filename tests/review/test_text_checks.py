"""Counted checks: relevance, repetition, copying of the prompt's examples, length; exam answer-key consistency."""

from __future__ import annotations

from typing import Any

from editorial_ai.content_types.exam_item.validators import key_consistency, key_consistency_result, validate_exam_item
from editorial_ai.models.exam_item import ExamItem
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.prompts.editorial import EDITORIAL_EXAMPLE_TEXTS
from editorial_ai.review.completeness import VALIDATORS
from editorial_ai.review.deterministic import layout_view
from editorial_ai.review.profile import ARTICLE_PROFILE
from editorial_ai.review.source_index import content_words
from editorial_ai.review.text_checks import (
    copied_sentences,
    echoed_sentences,
    echoes_headline,
    list_openings,
    reads_as_fact_line,
    repeated_phrases,
    repetition_figures,
    says_again,
)

from .helpers import ARTICLE, CONTEXTS, KNOWN, TOPICS, layout

SOURDOUGH = ("A good loaf of sourdough needs patience more than skill. The starter is fed the night before, and the "
             "oven does the rest.")


def _run(criterion: str, paragraphs: list[str], **kwargs: Any):
    parsed = MagazineLayout.model_validate(layout(paragraphs, celebs=[{"name": "Jennie"}],
                                                  products=[{"name": "Chanel 22 Bag", "brand": "Chanel"}],
                                                  hashtags=["#JennieEffect"], **kwargs))
    view = layout_view(parsed, ARTICLE_PROFILE, TOPICS, CONTEXTS, KNOWN)
    return VALIDATORS[criterion](view, parsed, criterion)


def test_every_clean_check_passes_with_a_reason_that_lists_no_failure() -> None:
    for criterion in ("content_completeness", "trend_relevance", "repetition", "originality"):
        result = _run(criterion, ARTICLE)
        assert result.passed and result.source == "validation" and result.evidence == [], criterion


def test_an_off_topic_paragraph_is_quoted() -> None:
    result = _run("trend_relevance", [*ARTICLE[:2], SOURDOUGH, *ARTICLE[2:]])
    assert not result.passed and result.score == 0.8
    assert result.evidence[0].startswith('body_paragraphs[2]: "A good loaf of sourdough')
    assert "Off topic: 1 of 5 paragraphs" in result.reason


def test_a_paragraph_in_the_sources_vocabulary_counts_as_on_topic() -> None:
    # names no topic term, but its words are the sources' words (bag, airport, look)
    assert _run("trend_relevance", [*ARTICLE, "The bag and the airport look sold out."]).passed


def test_repeated_sentences_fail_and_are_quoted() -> None:
    rate, repeated = repetition_figures([ARTICLE[0], ARTICLE[1], ARTICLE[0]])
    assert rate > 0.15 and repeated[0].startswith("The Jennie Effect is easy to see at the airport.")
    result = _run("repetition", [*ARTICLE, ARTICLE[1]])
    assert not result.passed and "appears more than once" in result.evidence[0]


# The embedded model's opening paragraph of a "Coquette" draft: sentences three and four say one and two again.
SAID_TWICE = ("The minimalist look is perfect for those who want to dress in a way that is both stylish and practical, "
              "without overcomplicating the style. The trend focuses on simple, versatile pieces that are easy to pair "
              "with almost any outfit. It's a minimalist look that is perfect for those who want to dress in a way "
              "that is both stylish and practical. The trend focuses on simple pieces that are easy to wear and can "
              "be paired with any outfit.")


def test_a_phrase_of_the_writer_s_own_used_again_in_its_paragraph_is_located() -> None:
    # A Gorpcore draft's piece paragraph said "perfect for casual outings in the city" twice and passed.
    outings = ("The bag is perfect for casual outings in the city. Jennie carried the Chanel 22 Bag at the airport. "
               "Its quilting makes it perfect for casual outings in the city with a plain coat.")
    result = _run("repetition", [*ARTICLE, outings])
    assert not result.passed
    assert result.evidence == ['body_paragraphs[4]: "Its quilting makes it perfect for casual outings in the city with '
                               'a plain coat." — uses "perfect for casual outings in the city" again in its '
                               "paragraph: say it once"]
    # Across paragraphs the same phrase is left to the rate: two looks may be told alike.
    apart = ["The bag is perfect for casual outings in the city.", "Its quilting makes it perfect for casual "
             "outings in the city with a plain coat."]
    assert _run("repetition", [*ARTICLE[:3], *apart]).passed
    # Whatever the verb's form: "adds a touch of elegance to her" stood two sentences after "add a touch of
    # elegance to her" in a Gorpcore draft.
    touches = ("The boots add a touch of elegance to her look. Jennie carried the Chanel 22 Bag at the airport. "
               "The bag adds a touch of elegance to her plain coat.")
    result = _run("repetition", [*ARTICLE, touches])
    assert not result.passed and 'uses "adds a touch of elegance to her" again in its paragraph' in result.evidence[0]


def test_a_sentence_saying_an_earlier_one_again_in_other_words_is_located_for_the_fix() -> None:
    echoes = echoed_sentences([ARTICLE[0], SAID_TWICE])
    assert [(i, s[:25]) for i, s, _ in echoes] == [(1, "It's a minimalist look th"), (1, "The trend focuses on simp")]
    assert echoes[1][2].startswith("The trend focuses on simple, versatile pieces")
    result = _run("repetition", [*ARTICLE, SAID_TWICE])
    assert not result.passed
    assert len(result.evidence) == 2
    assert result.evidence[0].startswith("body_paragraphs[4]: \"It's a minimalist look that")
    assert result.evidence[1].startswith('body_paragraphs[4]: "The trend focuses on simple pieces')
    assert 'says again what "The minimalist look is perfect for those who want' in result.evidence[0]


def test_a_sentence_repeating_a_run_of_an_earlier_one_is_an_echo_whatever_it_names() -> None:
    # The embedded model's closing paragraph of a "Balletcore" draft: its last sentence is the first one's tail.
    closing = ("Hanni's iconic Loewe Toy Pumps, Jackson Wang's Marithé François Girbaud Logo Crossbody Bag, and "
               "Mingyu's Maison Kitsuné Fox Head Cap stood out as standout pieces that resonated with the audience. "
               "This trend continued to evolve. Jackson Wang's Marithé François Girbaud Logo Crossbody Bag, and "
               "Mingyu's Maison Kitsuné Fox Head Cap stood out as standout pieces that resonated with the audience.")
    sourced = frozenset(content_words(closing))  # every word counted as the sources': only the run can tell
    ((index, sentence, before),) = echoed_sentences([closing], sourced)
    assert index == 0 and sentence.startswith("Jackson Wang's") and before.startswith("Hanni's iconic")
    assert echoed_sentences(["Jennie wore the Chanel 22 Bag at the airport on 5 May.", "Jennie wore the bag."]) == []
    # The embedded model's "Airport fashion" draft: a sentence again with a clause added, and again with "he also".
    sakura = "Sakura also wore the same pair of Miu Miu Logo Ballet Flats in black leather at street style."
    dior = "On January 27, 2026, Jimin wore Dior Lady Dior Bag in navy leather at the same event."
    paragraphs = [f"{sakura} {dior}", f"{sakura[:-1]}, adding to the minimalist aesthetic. On January 27, 2026, he "
                  "also wore Dior Lady Dior Bag in navy leather at the same event."]
    assert [(i, before) for i, _, before in echoed_sentences(paragraphs, sourced)] == [(1, sakura), (1, dior)]
    # The default model's "Jennie Effect": the same look again, turned from the passive into the active.
    worn = ["The Chanel 22 Bag, a preppy bag, was worn by Jennie at a pop-up store event on October 23, 2025.",
            "Jennie wore the Chanel 22 Bag at a pop-up store event on October 23, 2025."]
    assert [i for i, _, _ in echoed_sentences(worn, frozenset(content_words(" ".join(worn))))] == [1]
    taeyang = ["Jung Ho-yeon chose The Row Margaux Bag in burgundy leather.",
               "Taeyang wore The Row Margaux Bag in burgundy leather."]
    assert echoed_sentences(taeyang, frozenset(content_words(" ".join(taeyang)))) == []  # two looks, one bag


def test_the_same_names_place_and_date_told_again_with_a_new_adjective_is_an_echo() -> None:
    # Both passed in one Gorpcore paragraph.
    belt = ["The Dior belt is an olive leather accessory that Jackson Wang wore in the Milan Fashion Week front row "
            "on March 10, 2025.", "It adds a touch of old money to his look!",
            "The belt is a versatile accessory that Jackson Wang wore in the Milan Fashion Week front row on March "
            "10, 2025."]
    vocabulary = frozenset(content_words(belt[0]))  # the sources: the belt, its wearer, place and date
    assert [s[:30] for _, s, _ in echoed_sentences([" ".join(belt)], vocabulary)] == ["The belt is a versatile access"]
    # a new sourced word (another piece) is something new
    other = [belt[0], "The Dior Book Tote is an ivory leather bag that Jackson Wang wore in the Milan Fashion Week "
                      "front row on March 10, 2025."]
    assert echoed_sentences(other, frozenset(content_words(" ".join(other)))) == []
    # Two new words in twelve: "a classic combination" for "a mix" (a Gorpcore close that passed).
    mix = ["Cha Eun-woo's look is a mix of streetwear and old money, featuring the bag and the sneakers.",
           "Jisoo's look is more casual, with the Alaïa cardigan and the Burberry shirt.",
           "Cha Eun-woo's look is a classic combination of old money and streetwear, featuring the bag and the "
           "sneakers."]
    sourced = frozenset(content_words("Cha Eun-woo streetwear old money bag sneakers Jisoo Alaïa cardigan Burberry "
                                      "shirt"))
    assert [s[:25] for _, s, _ in echoed_sentences([" ".join(mix)], sourced)] == ["Cha Eun-woo's look is a c"]


def test_a_sentence_opening_on_the_same_words_of_the_writer_s_own_is_an_echo() -> None:
    # A Jennie Effect paragraph that passed its last review: the two share mostly sourced words.
    touch = ["It added a touch of coquette and gorpcore to the look, particularly in contrast with the more formal "
             "street style of Jennie.", "It added a touch of gorpcore to the look, which made it stand out from the "
             "more classic street style of Jennie."]
    sourced = frozenset(content_words("Jacquemus bag beige gorpcore coquette street style Jennie look airport formal "
                                      "classic"))
    assert [s[:20] for _, s, _ in echoed_sentences([" ".join(touch)], sourced)] == ["It added a touch of "]
    # Two pieces told alike name different things (a shipped clean label).
    find = ["Fans can find the Dior Bar Jacket from the Dior online store; the post itself counts 1,263,386 views.",
            "Fans can find the Dior 30 Montaigne Belt through partner retailers; the post itself counts 1,100,891 "
            "views."]
    assert echoed_sentences(find, frozenset(content_words("Dior Bar Jacket 30 Montaigne Belt online store partner "
                                                          "retailers post views"))) == []


def test_a_clause_about_someone_said_again_inside_a_longer_sentence_is_an_echo() -> None:
    # A Jennie Effect opening paragraph that passed.
    jimin = ["Jimin's appearance at the airport was also part of this trend, wearing Dior Lady Dior Bag in navy "
             "leather.", "Both Jennie and Cha Eun-woo wore minimalist and coquette styles.",
             "In addition to the pop-up store events and street style appearances by Jennie and Cha Eun-woo, Jimin's "
             "appearance at the airport was also part of this trend."]
    sourced = frozenset(content_words("Jimin airport Dior Lady Dior Bag navy leather Jennie Cha Eun-woo minimalist "
                                      "coquette pop-up store event street style trend"))
    assert [s[:15] for _, s, _ in echoed_sentences([" ".join(jimin)], sourced)] == ["In addition to "]
    # The same frame told of two people names nobody in the run it shares (a shipped clean label).
    frame = ["Yujin of IVE was photographed for an airport fashion moment in the post \"Yujin's Louis Vuitton airport "
             "look\".", "IU was photographed for an airport fashion moment in the post \"IU's Gentle Monster airport "
             "look\"."]
    assert echoed_sentences(frame, frozenset(content_words("Yujin IVE IU Louis Vuitton Gentle Monster airport "
                                                           "fashion post look"))) == []


def test_a_look_told_of_a_pronoun_and_again_on_the_same_day_with_the_name_is_an_echo() -> None:
    # A Gorpcore looks paragraph that passed.
    looks = ["On February 2nd in his brand campaign, he wore Maison Kitsuné Fox Head Cap in beige leather with a Dior "
             "Lady Dior Bag in navy leather and the Maison Kitsuné sweatshirt!",
             "On March 10th, Jackson Wang wore the Dior belt with the hoodie in silver cotton jersey.",
             "On February 2nd, Jackson Wang wore the cap with the bag in navy leather and the Maison Kitsuné Bold Fox "
             "Head Sweatshirt!"]
    sourced = frozenset(content_words("Jackson Wang Maison Kitsuné Fox Head Cap beige leather Dior Lady Dior Bag navy "
                                      "Bold Sweatshirt brand campaign hoodie silver cotton jersey belt"))
    assert [s[:20] for _, s, _ in echoed_sentences([" ".join(looks)], sourced)] == ["On February 2nd, Jac"]
    # Another day, or one told of a name both times, is another look.
    other = [looks[0], looks[2].replace("February 2nd", "March 10th")]
    assert echoed_sentences(other, sourced) == []


def test_naming_a_piece_again_with_something_new_is_no_echo() -> None:
    looks = "On 3 June Hanni wore Celine Straight Jeans in brown denim with Loewe Toy Pumps at a cover shoot."
    piece = ("The Celine Straight Jeans sit high on the waist, and their brown denim softens the black pumps Hanni "
             "chose for the shoot.")
    assert echoed_sentences([looks, piece]) == []
    assert echoed_sentences([looks, looks]) == []  # word for word: counted by repetition_figures instead


def test_copying_the_prompt_example_fails_originality() -> None:
    example = EDITORIAL_EXAMPLE_TEXTS[0]
    assert copied_sentences([example], EDITORIAL_EXAMPLE_TEXTS)
    assert copied_sentences(ARTICLE, EDITORIAL_EXAMPLE_TEXTS) == []
    result = _run("originality", [*ARTICLE[:3], example])
    assert not result.passed
    assert "of its 5-word sequences are in the prompt examples or fact lines" in result.evidence[0]
    assert result.evidence[0].startswith("body_paragraphs[3]: \"")  # located: the sentence is fixed in place


def test_a_fact_line_copied_into_the_body_fails_originality_with_its_sentence_located() -> None:
    lines = ('5 August 2025: Jennie wore Calvin Klein Relaxed Denim Shorts and Chanel Ballet Flats. '
             'The details include: olive leather.')
    result = _run("originality", [*ARTICLE[:3], lines])
    assert not result.passed
    assert result.evidence[0].startswith('body_paragraphs[3]: "5 August 2025: Jennie wore Calvin Klein Relaxed')
    assert result.evidence[1].startswith('body_paragraphs[3]: "The details include: olive leather."')
    prose = "On 5 August 2025 Jennie wore Calvin Klein Relaxed Denim Shorts: denim first, then the flats."
    assert _run("originality", [*ARTICLE[:3], prose]).passed


def test_a_fact_line_s_label_kept_inside_a_sentence_reads_as_a_fact_line() -> None:
    # A Gorpcore draft: "... wore the boots, first worn on 19 April 2025, worn with: Coperni Asymmetric Midi Skirt".
    assert reads_as_fact_line("Mingyu wore the boots, first worn on 19 April 2025, worn with: Coperni Asymmetric "
                              "Midi Skirt in black denim.")
    assert reads_as_fact_line("The trend has many faces, pieces: bags, sneakers and flats.")
    assert reads_as_fact_line("Worn by: Jennie and V.")
    assert not reads_as_fact_line("Mingyu wore the boots with the Coperni Asymmetric Midi Skirt.")
    assert not reads_as_fact_line("Her formula: a bag, the flats and nothing else.")


def test_a_fact_line_s_piece_label_read_out_reads_as_a_fact_line() -> None:
    # A Balletcore article that passed: "The piece is the Chanel Ballet Flats by Chanel, grey leather."
    assert reads_as_fact_line("The piece is the Chanel Ballet Flats by Chanel, grey leather.")
    assert not reads_as_fact_line("The piece is a quiet answer to the season's louder bags.")


def test_a_standfirst_that_repeats_its_headline_is_caught() -> None:
    headline = "Jennie Effect: Street Style, Paris Fashion Week, Airport Fashion"
    assert echoes_headline("Jennie Effect: Street style, Paris Fashion Week front row, airport fashion", headline)
    assert not echoes_headline("From a denim-and-flats street look to a Seongsu pop-up, Jennie turns two bags into a "
                               "season", headline)


def _with_standfirst(title: str, standfirst: str) -> MagazineLayout:
    parsed = MagazineLayout.model_validate(layout(ARTICLE, title=title, celebs=[{"name": "Jennie"}],
                                                  products=[{"name": "Chanel 22 Bag", "brand": "Chanel"}],
                                                  hashtags=["#JennieEffect"]))
    parsed.blocks[0].overlay_subtitle = standfirst  # type: ignore[union-attr]
    return parsed


def test_a_standfirst_that_gives_back_its_headline_is_a_located_repetition() -> None:
    title = "Jennie Effect: Coquette Minimalist Bag Trend at Airport and Pop-Up Store Event"
    echoed = _with_standfirst(title, "Jennie Effect: A Coquette Minimalist Bag Trend at Airport and Pop-Up Store Event")
    result = VALIDATORS["repetition"](layout_view(echoed, ARTICLE_PROFILE, TOPICS, CONTEXTS, KNOWN), echoed,
                                      "repetition")
    assert not result.passed
    assert result.evidence[-1].startswith('subtitle: "Jennie Effect: A Coquette') and "repeats the headline" in (
        result.evidence[-1])
    fresh = _with_standfirst(title, "From an olive bag at the airport to a pop-up store in Seoul, how Jennie wore it")
    assert VALIDATORS["repetition"](layout_view(fresh, ARTICLE_PROFILE, TOPICS, CONTEXTS, KNOWN), fresh,
                                    "repetition").passed


def test_a_phrase_of_the_writer_s_own_used_twice_is_located_and_a_sourced_name_said_twice_is_not() -> None:
    sourced = frozenset(content_words("Jennie Chanel 22 Bag olive leather airport"))
    paragraphs = ["Jennie carried the Chanel 22 Bag at the airport. The olive leather adds a touch of quiet "
                  "sophistication to her look.",
                  "Jennie carried the Chanel 22 Bag at the airport again. Its strap adds a touch of quiet "
                  "sophistication to the coat."]
    assert repeated_phrases(paragraphs, sourced) == [
        (1, "Its strap adds a touch of quiet sophistication to the coat.", "adds a touch of quiet sophistication to")]
    # Names and plain tellings of a look ("she wore the bag") are shared by right.
    looks = ["She wore the Chanel 22 Bag at the airport.", "Later she wore the Chanel 22 Bag at the airport."]
    assert repeated_phrases(looks, sourced) == []
    # A verb's other form is the same phrase: "add a touch of" and, two sentences on, "adds a touch of".
    touches = ["The boots add a touch of gorpcore to the look. Mingyu's street style adds a touch of elegance too."]
    assert repeated_phrases(touches, sourced) == [
        (0, "Mingyu's street style adds a touch of elegance too.", "adds a touch of")]


def test_length_and_empty_paragraphs_are_counted() -> None:
    thin = _run("content_completeness", ARTICLE[:2])
    assert not thin.passed and "write at least 4 body paragraphs (found 2)" in thin.reason
    assert "words of body text" in thin.reason
    emptied = _run("content_completeness", [*ARTICLE, ""])
    assert not emptied.passed and "fill or remove the 1 empty body paragraph(s)" in emptied.reason


ITEM: dict[str, Any] = {
    "topic": "Anaphylaxis",
    "vignette": "A 24-year-old woman develops stridor, wheeze and hypotension minutes after eating peanuts at a "
                "restaurant; her pulse is 128/min and blood pressure 78/40 mm Hg.",
    "stem": "Which of the following is the most appropriate first treatment?",
    "options": [
        {"text": "Intravenous chlorphenamine", "is_correct": False, "explanation": "An antihistamine is adjunct."},
        {"text": "Intramuscular adrenaline 0.5 mg", "is_correct": True, "explanation": "First line."},
        {"text": "Oral prednisolone", "is_correct": False, "explanation": "Too slow."},
        {"text": "Nebulised salbutamol", "is_correct": False, "explanation": "Treats wheeze only."},
    ],
    "answer_key": "B",
    "explanation": "Anaphylaxis with airway and circulatory compromise is treated first with intramuscular "
                   "adrenaline 0.5 mg into the anterolateral thigh.",
}


def _swapped() -> dict[str, Any]:
    options = [dict(o, is_correct=(i == 2)) for i, o in enumerate(ITEM["options"])]
    return {**ITEM, "options": options, "answer_key": "C"}


def test_key_consistency_follows_the_explanation() -> None:
    assert key_consistency(ITEM)[0]
    consistent, score, evidence = key_consistency(_swapped())
    assert not consistent and score == 0.0
    assert evidence[0].startswith('the key is C ("Oral prednisolone", support 0.00) but the explanation argues '
                                  'for B ("Intramuscular adrenaline 0.5 mg"')


def test_an_option_named_to_be_turned_down_is_not_argued_for() -> None:
    rejecting = {**ITEM, "explanation": "Anaphylaxis with airway compromise is treated first with intramuscular "
                 "adrenaline. Intravenous chlorphenamine would not be enough on its own."}
    assert key_consistency(rejecting)[0]
    # A sentence that argues for a distractor is still read as arguing for it.
    assert not key_consistency({**ITEM, "explanation": "Intravenous chlorphenamine treats the reaction."})[0]
    # When every sentence holds a negation, the whole explanation counts: an argument may say what is not so.
    negated = "Intramuscular adrenaline comes first: the airway does not wait."
    assert key_consistency({**ITEM, "explanation": negated})[0]


def test_key_consistency_verdict_and_broken_structure() -> None:
    swapped = ExamItem.model_validate(_swapped())
    result = key_consistency_result("key_consistency", swapped, validate_exam_item(swapped))
    assert not result.passed and not result.skipped and "Answer key and explanation disagree" in result.reason
    two_keys = ExamItem.model_validate({**ITEM, "options": [dict(o, is_correct=True) for o in ITEM["options"]]})
    skipped = key_consistency_result("key_consistency", two_keys, validate_exam_item(two_keys))
    assert skipped.skipped and not skipped.passed


def test_a_sentence_naming_nobody_said_again_with_sourced_words_is_an_echo() -> None:
    from editorial_ai.review.text_checks import says_again

    sourced = frozenset(content_words("Jennie Lisa Chanel 22 Bag black leather airport jeans bottom accessory piece "
                                      "tags coquette minimal old money"))
    first = "The jeans are a versatile piece that can be worn as a bottom or an accessory."
    again = "The jeans are a classic piece that can be worn as both a bottom and an accessory."
    assert says_again(again, first, sourced)  # its own words alone ("classic", "worn") were too few to compare
    # A name, or sourced words that differ, make another look or another piece: no echo.
    assert not says_again("Lisa wore the Chanel 22 Bag in black leather at the airport.",
                          "Jennie wore the Chanel 22 Bag in black leather at the airport.", sourced)
    assert not says_again("Its tags, coquette and minimal, place it squarely in the look.",
                          "Its tags, minimal and old money, place it squarely in the look.", sourced)


def test_a_run_of_the_writer_s_own_words_said_again_is_an_echo_unless_it_tells_a_new_post() -> None:
    # A Balletcore article passed with both: only "add", "color" and "design" of the run are not sourced words.
    bag = ["The Marithé François Girbaud Logo Crossbody Bag is made of grey leather, a minimalist style that adds to "
           "the balletcore look with its grey color and minimal design.",
           "The bag is a classic piece that adds to the balletcore look with its grey color and minimal design."]
    sourced = frozenset(content_words("Marithé François Girbaud Logo Crossbody Bag grey leather minimalist style "
                                      "balletcore look minimal"))
    assert [s[:20] for _, s, _ in echoed_sentences([" ".join(bag)], sourced)] == ["The bag is a classic"]
    # One frame told of two posts: each brings a figure of its own (a shipped clean label).
    frame = ["With 370,317 views, the post keeps Lemaire style in view; the Lemaire Soft Game Bag can be found "
             "through partner retailers.", "With 983,144 views, the post keeps Lemaire style in view; the Lemaire "
             "Military Coat can be found through partner retailers."]
    sourced = frozenset(content_words("Lemaire style Soft Game Bag Military Coat views post found partner retailers"))
    assert echoed_sentences(frame, sourced) == []


def test_a_run_of_three_own_words_said_again_is_an_echo_even_with_a_new_sourced_name() -> None:
    # A Balletcore article passed with both.
    said = ["This look adds a touch of elegance and tomboy charm to the overall style.",
            "Hanni wore the Loewe pumps on her magazine cover shoot in a black leather color, adding a touch of "
            "elegance and tomboy charm to the overall style."]
    sourced = frozenset(content_words("Hanni Loewe Toy Pumps black leather magazine cover shoot tomboy style"))
    assert [s[:12] for _, s, _ in echoed_sentences([" ".join(said)], sourced)] == ["Hanni wore t"]
    # Two words of the writer's own in a shared frame, around new sourced tags, are a frame (a shipped clean label).
    tags = ["Its tags, quiet luxury and utility, place it squarely in the Cha Eun-woo Effect.",
            "Its tags, old money and balletcore, place it squarely in the Cha Eun-woo Effect."]
    tagged = frozenset(content_words("quiet luxury utility old money balletcore Cha Eun-woo Effect tags"))
    assert echoed_sentences(tags, tagged) == []


def test_the_same_sentence_with_a_name_put_for_this_is_a_near_copy_and_a_swapped_tag_is_not() -> None:
    # A Gorpcore article passed with both, one after the other.
    first = ("Jackson Wang wore this sweatshirt in a brand campaign, and it adds to his streetwear look with its black "
             "color and bold fox head.")
    again = ("Jackson Wang wore the Maison Kitsuné sweatshirt in a brand campaign, and it adds to his streetwear look "
             "with its black color and bold fox head.")
    sourced = frozenset(content_words("Jackson Wang Maison Kitsuné Bold Fox Head Sweatshirt black brand campaign "
                                      "streetwear"))
    assert [s for _, s, _ in echoed_sentences([f"{first} {again}"], sourced)] == [again]
    # One sourced word put for another is another thing told in a shared frame (a shipped clean label).
    tags = ["Its tags, gorpcore and minimal, place it squarely in the Taeyang Effect.",
            "Its tags, utility and minimal, place it squarely in the Taeyang Effect."]
    assert echoed_sentences(tags, frozenset(content_words("gorpcore minimal utility Taeyang Effect tags"))) == []


def test_one_shared_run_most_of_a_sentence_long_with_words_of_the_writers_own_is_that_sentence_again() -> None:
    # A Balletcore draft, one after the other.
    first, again = ("They add utility and balletcore elements to a look.",
                    "The shoes add utility and balletcore elements to a look.")
    sourced = frozenset(content_words("Chanel Ballet Flats shoes grey leather utility balletcore look Jennie Lisa "
                                      "Chanel 22 Bag airport"))
    assert says_again(again, first, sourced)
    # Two looks told in sourced words share no word of the writer's own.
    assert not says_again("Lisa wore the Chanel 22 Bag at the airport.", "Jennie wore the Chanel 22 Bag at the "
                          "airport.", sourced)
    # A run under most of the longer sentence is a shared phrase, left to the phrase checks.
    assert not says_again("Jennie's shoes add utility and balletcore elements to a look she wore in grey leather at "
                          "the airport.", first, sourced)


def test_a_sentence_whose_words_an_earlier_one_all_holds_says_it_again() -> None:
    before = "Cha Eun-woo and Jisoo are the most viewed Gorpcore wearers."
    sourced = frozenset(content_words("Cha Eun-woo Jisoo viewed Gorpcore"))
    assert says_again("Cha Eun-woo is the most viewed Gorpcore wearer.", before, sourced)
    # One that denies it, or adds a word, says something of its own.
    assert not says_again("Cha Eun-woo is not the most viewed Gorpcore wearer.", before, sourced)
    assert not says_again("Cha Eun-woo is the most viewed Gorpcore wearer in Seoul.", before, sourced)
    # The topic's name put as "the trend" is the same sentence again.
    worn = ("Balletcore was worn by celebrities such as Hanni at a magazine cover shoot and Jackson Wang in a brand "
            "campaign.")
    vocabulary = frozenset(content_words("Balletcore Hanni magazine cover shoot Jackson Wang brand campaign"))
    assert says_again(worn.replace("Balletcore was", "The trend was also"), worn, vocabulary)
    assert not says_again(worn.replace("Balletcore was", "Gorpcore was"), worn, vocabulary)
    # A look told again with only its date added is said again.
    paired = ("V wore the Jacquemus Le Chiquito Bag at the airport and paired it with the Balenciaga Le City Bag in "
              "silver leather.")
    assert says_again("V wore the Jacquemus Le Chiquito Bag at the airport on 5 April 2025.", paired)


def test_a_paragraph_of_sentences_opening_the_same_way_reads_as_a_list() -> None:
    listed = ("Jackson Wang, in the Milan Fashion Week front row on 25 January 2025, wore the Alaïa Le Coeur Bag. "
              "Jackson Wang, in a brand campaign on 2 February 2026, wore the Maison Kitsuné Fox Head Cap. "
              "Jackson Wang, in the Milan Fashion Week front row on 10 March 2025, wore the Dior 30 Montaigne Belt.")
    found = list_openings(["Gorpcore starts in Milan.", listed], frozenset({"jackson wang"}))
    assert [(i, s.split(",")[1].strip()[:20], o) for i, s, o in found] == [
        (1, "in a brand campaign ", "jackson wang in"), (1, "in the Milan Fashion", "jackson wang in")]
    # A name of three words is one word of the opening: three sentences on Lee Sung-kyung, each its own shape.
    told = ("Lee Sung-kyung wore the Lemaire Soft Game Bag. Lee Sung-kyung paired it with the Lemaire Twisted Shirt. "
            "Lee Sung-kyung chose white for both.")
    assert list_openings([told], frozenset({"lee sung kyung"})) == []
    piece = ("The Chanel 22 Bag by Chanel, an olive leather bag, was worn at the airport. The Chanel 22 Bag by Chanel "
             "was worn with the coat. The Chanel 22 Bag by Chanel came back in street style.")
    assert [o for _, _, o in list_openings([piece], frozenset({"chanel 22 bag"}))] == ["chanel 22 bag by"] * 2
    result = _run("repetition", [*ARTICLE[:2], "Jennie wore the Chanel 22 Bag at the airport. Jennie wore it in olive "
                                 "leather. Jennie wore it with a plain coat.", *ARTICLE[2:]])
    assert not result.passed
    assert any("opens like two sentences before it" in e and e.startswith("body_paragraphs[2]")
               for e in result.evidence)


def test_a_short_sentence_said_again_inside_a_longer_one_is_a_repeat() -> None:
    # A Gorpcore article that passed: "Mingyu wore the boots with the skirt. Mingyu wore the boots with the skirt in
    # a casual, relaxed manner."
    first, second = "Mingyu wore the boots with the skirt.", "Mingyu wore the boots with the skirt in a casual manner."
    assert says_again(second, first, frozenset({"mingyu", "boot", "skirt", "wore"}))
    assert not says_again("Mingyu wore the boots in Seoul on 5 April.", "She wore boots.",
                          frozenset({"mingyu", "boot", "seoul"}))


def test_a_sentence_saying_the_two_before_it_together_is_an_echo() -> None:
    opening = ("The Jennie Effect is a fashion trend, featuring minimalistic and coquettish styles. It was "
               "characterized by bags, ballet flats, sneakers, and sunglasses. The Jennie Effect is a fashion trend "
               "characterized by minimalistic and coquettish styles, featuring bags, ballet flats, sneakers, and "
               "sunglasses, all worn in street style or in a pop-up store event.")
    ((index, sentence, before),) = echoed_sentences([opening])
    assert index == 0 and sentence.startswith("The Jennie Effect is a fashion trend characterized")
    assert before.startswith("The Jennie Effect is a fashion trend, featuring") and before.endswith("sunglasses.")
    # two sentences that each add something are not said again by a third that adds its own
    looks = ("Jennie wore the Chanel 22 Bag at the airport. Lisa wore the Celine bag in street style. Both bags were "
             "leather, one olive and one black, and the two looks came a month apart.")
    assert echoed_sentences([looks]) == []
