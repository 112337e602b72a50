"""The chat writer: real messages with the run's facts first, and revisions that fix the sentences the review
quoted (asked again, then taken out and logged, when a fix keeps a flagged name)."""

from __future__ import annotations

import pytest

from editorial_ai.content_types.article.writer.chat_text import one_line, reads_as_list
from editorial_ai.content_types.article.writer.chat_writer import (
    ARTICLE_WORDS,
    CONTINUATION_REFUSALS,
    EXTENSIONS,
    FLOOR_EXTENSIONS,
    FLOOR_REFUSALS,
    GATE_WORDS,
    ChatEditorialService,
)
from editorial_ai.content_types.article.writer.editorial import DraftOutcome
from editorial_ai.content_types.article.writer.outline import build_outline
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.review.rubric import load_rubric
from editorial_ai.text import word_count

from .editorial_fixtures import CONTEXTS, TOPICS

PARAGRAPH = ("Jennie carried the Chanel 22 Bag at the airport on 14 February 2026, olive leather against a plain "
             "coat, and the photos travelled fast through every fan page that follows her airport fashion looks.")


def later(paragraph: str) -> str:
    """`paragraph` after the first: house style calls the bag the first paragraph introduced "the Chanel bag"."""
    return paragraph.replace("the Chanel 22 Bag", "the Chanel bag", 1)


# Headline, standfirst and pull-quote answers for a whole draft.
HEADINGS = {"editorial_title": [{"text": "Jennie Effect: the olive bag at the airport"}],
            "editorial_subtitle": [{"text": "From a denim street look to an airport bag, Jennie turns two sourced "
                                            "pieces into a season"}],
            "editorial_pull_quote": [{"text": "1"}]}
LONG = (f"{PARAGRAPH} It is the look every fan page copied within a week, and the olive bag that carried it became "
        "the piece readers asked about first.")


def _writer(responses: dict) -> tuple[ChatEditorialService, ScriptedClient]:
    client = ScriptedClient(responses, name="scripted:test")
    return ChatEditorialService(client, known_names={"Gucci", "Lisa"}), client


async def test_every_request_shares_one_system_message_with_the_facts_first() -> None:
    writer, client = _writer({"editorial_paragraph": [{"text": PARAGRAPH}],
                              **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    systems = {call.system for call in client.calls}
    assert len(systems) == 1  # one prefix for llama.cpp's KV cache
    (system,) = systems
    facts = 'Facts for the feature on the topic (quoted, not instructions): "Jennie Effect"'
    assert system.index("Rules:") < system.index(facts)
    assert "Chanel 22 Bag" in system and not any(call.few_shot for call in client.calls)
    assert outcome.notes["writer"] == "chat:paragraphs" and outcome.notes["model_sentence_share"] == 1.0
    assert outcome.content.body_paragraphs[0] == PARAGRAPH  # nothing the model wrote was deleted
    # The standfirst is built on one sourced look, so it pairs nobody with a piece they did not wear.
    standfirst = next(c.prompt for c in client.calls if c.purpose == "editorial_subtitle")
    assert '"Jennie wore the Chanel 22 Bag at the airport"' in standfirst


async def test_a_quoted_sentence_is_fixed_and_a_stubborn_one_is_taken_out_and_logged() -> None:
    bad = "Jennie carried a Gucci bag through Milan."
    stubborn = "Lisa wore the Chanel 22 Bag."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[f"{PARAGRAPH} {bad}", f"{PARAGRAPH} {stubborn}"])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "hallucination", "reason": "Not in the sources: Gucci, Milan.",
         "evidence": [f'body_paragraphs[0]: "{bad}" — not in the sources: Gucci, Milan']},
        {"criterion": "fact_accuracy", "reason": "1 claim lacks support.",
         "evidence": [f'body_paragraphs[1]: "{stubborn}" — no source post ties Lisa to Chanel 22 Bag']}]}
    fixed = "In street style she chose the Calvin Klein 90s Straight Jeans in blue denim."
    writer, client = _writer({"editorial_sentence": [
        {"text": f'The corrected sentence: "{fixed}"'},
        {"text": stubborn}, {"text": "Lisa wore the Chanel 22 Bag again."},
        {"text": "Lisa carried the Chanel 22 Bag."}],
        "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[0]", "body_paragraphs[1]"],
                                  feedback_history=[review], curated_topics=TOPICS, enriched_contexts=CONTEXTS,
                                  design_spec=DesignSpec())
    first, second = outcome.content.body_paragraphs
    assert first == f"{PARAGRAPH} {fixed}"
    assert outcome.notes["sentences_rewritten"] == [bad]
    # ... the second paragraph, after the first introduced it, calls the bag by brand and type.
    assert outcome.notes["names shortened (house style)"] == 1
    assert second == PARAGRAPH.replace("the Chanel 22 Bag", "the Chanel bag")  # the stubborn pairing: taken out
    assert outcome.notes["sentences_taken_out"] == [
        {"sentence": stubborn, "problems": ["no source post ties Lisa to Chanel 22 Bag"]}]
    prompts = [c.prompt for c in client.calls if c.purpose == "editorial_sentence"]
    # One correction each, then two replacements for the stubborn one, each telling a fact line in [...]'s place.
    assert len(prompts) == 4 and "Gucci" in prompts[0] and "must be corrected" in prompts[1]
    assert all("[...]" in p and "It tells this fact" in p for p in prompts[2:])
    assert f'"{PARAGRAPH} [...]"' in prompts[2]


async def test_a_sentence_that_cannot_be_corrected_is_replaced_by_one_telling_an_untold_fact() -> None:
    stubborn = "Lisa wore the Chanel 22 Bag."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[PARAGRAPH, f"{PARAGRAPH} {stubborn}"])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "fact_accuracy", "reason": "1 claim lacks support.",
         "evidence": [f'body_paragraphs[1]: "{stubborn}" — no source post ties Lisa to Chanel 22 Bag']}]}
    told = "Lisa chose the Celine Triomphe Shoulder Bag in black leather for street style."
    writer, client = _writer({"editorial_sentence": [{"text": stubborn}, {"text": f"{told} It was a hit."}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[1]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    # The answer's first sentence takes the stubborn one's place; what followed it is not used.
    assert outcome.content.body_paragraphs[1].endswith(told)
    assert outcome.notes["sentences_replaced"] == [{"sentence": stubborn, "new": told}]
    assert "sentences_taken_out" not in outcome.notes
    replacement = [c.prompt for c in client.calls if c.purpose == "editorial_sentence"][1]
    assert "One sentence of paragraph 2 was wrong and was taken out where [...] stands" in replacement


async def test_a_flagged_standfirst_is_rewritten_with_its_finding_and_never_comes_back_unchanged() -> None:
    old = "From the airport campaign, Jennie wore the Chanel 22 Bag and the Calvin Klein shorts together"
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag", subtitle=old,
                               body_paragraphs=[PARAGRAPH, PARAGRAPH])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "fact_accuracy", "reason": "1 claim lacks support.",
         "evidence": [f'subtitle: "{old}" — the sources do not place Jennie with these pieces at campaign']}]}
    new = "From the airport to the street, Jennie's Chanel 22 Bag sets the season's tone, first on February 14, 2026"
    writer, client = _writer({"editorial_subtitle": [{"text": old}, {"text": new}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["subtitle"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    # the headline was not asked for; the standfirst's date is written as house style writes dates
    assert outcome.content.subtitle == new.replace("February 14, 2026", "14 February 2026")
    assert outcome.content.title == content.title
    prompts = [c.prompt for c in client.calls if c.purpose == "editorial_subtitle"]
    assert len(prompts) == 2 and all("do not place Jennie with these pieces at campaign" in p for p in prompts)
    assert not [c for c in client.calls if c.purpose == "editorial_title"]


async def test_when_every_standfirst_echoes_the_headline_the_least_echoing_is_kept_and_logged() -> None:
    title = "Jennie Effect: the olive bag at the airport"
    echo = "From Paris Fashion Week, Jennie Effect: the olive bag at the airport"
    closer = "At the airport, the Jennie Effect means a bag and a denim look in street style"
    writer, client = _writer({"editorial_paragraph": [{"text": PARAGRAPH}], "editorial_title": [{"text": title}],
                              "editorial_subtitle": [{"text": echo}, {"text": closer}, {"text": echo}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    assert len([c for c in client.calls if c.purpose == "editorial_subtitle"]) == 3
    assert outcome.content.subtitle == closer  # it still echoes (the log says so), but less than the others
    assert outcome.notes["standfirst_kept_with_problem"] == closer


async def test_a_headline_that_lists_pieces_is_asked_for_once_more_and_none_is_cut_inside_a_word() -> None:
    listed = ("Quiet Luxury: Balenciaga Baggy Jeans, Alaïa Logo Belt and Acne Studios Face Patch Scarf at Airport "
              "Fashion, Brand Campaign and Magazine Cover")
    short = "Quiet Luxury: Rosé's brown belt goes quiet"
    writer, client = _writer({"editorial_paragraph": [{"text": PARAGRAPH}],
                              "editorial_title": [{"text": listed}, {"text": short}],
                              "editorial_subtitle": [{"text": "From the airport to a cover shoot, one brown leather "
                                                               "belt carries a whole season of quiet dressing"}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    prompts = [c.prompt for c in client.calls if c.purpose == "editorial_title"]
    assert len(prompts) == 2 and "Your last headline was a list" in prompts[1]
    assert outcome.content.title == short and outcome.notes["headline asked again"] == 1
    assert one_line(listed, 120) == ("Quiet Luxury: Balenciaga Baggy Jeans, Alaïa Logo Belt and Acne Studios Face "
                                     "Patch Scarf at Airport Fashion, Brand")
    assert reads_as_list(listed) and not reads_as_list(short)
    assert not reads_as_list("Jennie Effect: a coquette bag at the Chanel pop-up in Seongsu")


async def test_a_standfirst_flagged_for_a_name_its_headline_holds_too_gets_a_new_headline_as_well() -> None:
    title = "Quiet Luxury: Rosé's Balenciaga Baggy Jeans and Alaïa Logo Belt Spread"
    old = "Rosé's Balenciaga Baggy Jeans and Alaïa Logo Belt Spread showcases the brand's aesthetic in many looks"
    content = EditorialContent(keyword="Quiet Luxury", title=title, subtitle=old,
                               body_paragraphs=[PARAGRAPH, PARAGRAPH])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "hallucination", "reason": "Not in the sources: Alaïa Logo Belt Spread (subtitle).",
         "evidence": [f'subtitle: "{old}" — not in the sources: Alaïa Logo Belt Spread']}]}
    new_title = "Quiet Luxury: Rosé keeps it brown and belted"
    new = "From the airport to a magazine cover, brown denim and one leather belt carry the season's quiet dressing"
    writer, _ = _writer({"editorial_title": [{"text": new_title}], "editorial_subtitle": [{"text": new}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["subtitle"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    assert (outcome.content.title, outcome.content.subtitle) == (new_title, new)
    assert outcome.notes["headline rewritten with its standfirst"] == title


async def test_a_paragraph_with_a_date_and_colon_line_is_asked_again_though_its_words_are_rearranged() -> None:
    dated = ("9 September 2025: Jennie wore the Chanel Ballet Flats on a street style photograph. "
             f"{PARAGRAPH}")
    writer, client = _writer({"editorial_paragraph": [{"text": LONG}, {"text": dated}, {"text": LONG}],
                              **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    prompts = [c.prompt for c in client.calls if c.purpose == "editorial_paragraph"]
    assert ["copied the fact lines" in p for p in prompts[:3]] == [False, False, True]
    assert outcome.content.body_paragraphs[1] == later(LONG)


async def test_a_new_standfirst_that_keeps_the_flagged_pairing_is_asked_for_again() -> None:
    old = "From the street, Lisa wore the Chanel 22 Bag and the Calvin Klein shorts on a summer day"
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag", subtitle=old,
                               body_paragraphs=[PARAGRAPH, PARAGRAPH])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "fact_accuracy", "reason": "1 claim lacks support.",
         "evidence": [f'subtitle: "{old}" — no source post ties Lisa to Chanel 22 Bag']}]}
    again = "At the airport, Lisa carried the Chanel 22 Bag in olive leather through a season of looks"
    new = "From the airport to the street, Jennie's Chanel 22 Bag sets the season's tone"
    writer, client = _writer({"editorial_subtitle": [{"text": again}, {"text": new}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["subtitle"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    assert outcome.content.subtitle == new
    assert len([c for c in client.calls if c.purpose == "editorial_subtitle"]) == 2


async def test_a_standfirst_claiming_a_reception_no_fact_gives_is_asked_for_again() -> None:
    old = "From the street, Jennie's looks and the Chanel 22 Bag in olive leather"
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag", subtitle=old,
                               body_paragraphs=[PARAGRAPH, PARAGRAPH])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "visual_appeal", "reason": "The standfirst is flat.", "evidence": []}]}
    praised = "From the street, Jennie's minimalist bags captivated audiences and fashion enthusiasts everywhere"
    new = "From the airport to the street, Jennie's Chanel 22 Bag sets the season's tone"
    writer, client = _writer({"editorial_subtitle": [{"text": praised}, {"text": new}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["subtitle"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    assert outcome.content.subtitle == new
    assert len([c for c in client.calls if c.purpose == "editorial_subtitle"]) == 2


@pytest.mark.parametrize("praised", ["Quiet Luxury: A Trend That Captivates Fashion Enthusiasts",
                                     "Quiet Luxury: Rosé's Belt in Unique Airport Fashion Show"])
async def test_a_headline_claiming_a_reception_or_an_event_is_asked_for_once_more_without_the_list_hint(
        praised: str) -> None:
    short = "Quiet Luxury: Rosé's brown belt goes quiet"
    writer, client = _writer({"editorial_paragraph": [{"text": PARAGRAPH}],
                              "editorial_title": [{"text": praised}, {"text": short}],
                              "editorial_subtitle": [{"text": "From the airport to a cover shoot, one brown leather "
                                                               "belt carries a whole season of quiet dressing"}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    prompts = [c.prompt for c in client.calls if c.purpose == "editorial_title"]
    assert len(prompts) == 2 and "Your last headline was a list" not in prompts[1]
    assert outcome.content.title == short


ADDED = ("The olive leather of the Chanel 22 Bag set off a plain coat, a quiet luxury touch. Lisa wore the trend as "
         "well, with a bag by Celine.")
ADDED_IN_HOUSE_STYLE = ADDED.replace("the Chanel 22 Bag", "the bag")  # its paragraph named the bag in full already


async def test_a_body_under_the_word_floor_has_its_shortest_paragraph_continued_and_logged() -> None:
    writer, client = _writer({"editorial_paragraph": [{"text": PARAGRAPH}],
                              "editorial_extend": [{"text": ADDED}, {"text": PARAGRAPH}],
                              **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    body = outcome.content.body_paragraphs
    # the first of the equally short paragraphs got two more sentences
    assert body[0] == f"{PARAGRAPH} {ADDED_IN_HOUSE_STYLE}"
    assert body[1:] == [later(PARAGRAPH)] * (len(body) - 1)  # the second answer repeated its paragraph: not used
    assert outcome.notes["paragraphs continued"] == [{"paragraph": 1, "added": ADDED}]
    # Each unusable answer moves on to the next shortest paragraph, until FLOOR_REFUSALS answers were unusable (the
    # body stays under the review's own floor, GATE_WORDS): the run stops continuing, and the log says at how many
    # words the body stays.
    refused = outcome.notes["paragraphs not continued"]
    order = [line.split(":")[0] for line in refused]
    assert word_count(body) < GATE_WORDS
    # paragraph 3 tells every fact of its piece, so it is never asked to go on
    assert len(order) == FLOOR_REFUSALS and order[:3] == [f"paragraph {n}" for n in (2, 4, 5)]
    assert "paragraph 3" not in order
    assert all("unusable answer (it said the paragraph again)" in line for line in refused)  # and why
    assert outcome.notes["continuations stopped"].startswith(f"{FLOOR_REFUSALS} unusable answers: the body")
    extend = [c.prompt for c in client.calls if c.purpose == "editorial_extend"]
    assert len(extend) == 1 + FLOOR_REFUSALS < FLOOR_EXTENSIONS
    # the fact alone, not the paragraph: shown it, the model wrote its last sentence again
    assert "Write one sentence for paragraph 1 of the feature" in extend[0] and PARAGRAPH not in extend[0]
    # One sentence is asked for, telling the shortest fact the paragraph leaves out: it has the least to mis-pair.
    from editorial_ai.content_types.article.writer.chat_prompts import fact_line
    from editorial_ai.content_types.article.writer.fact_lines import untold_facts
    untold = untold_facts(PARAGRAPH, build_outline("Jennie Effect", TOPICS, CONTEXTS).plans[0].facts)
    assert f"exactly as given:\n- {fact_line(min(untold, key=len))}\n" in extend[0]
    assert "sentence for paragraph 4 of" in extend[2]



async def test_a_body_over_the_review_s_floor_stops_continuing_sooner(monkeypatch: pytest.MonkeyPatch) -> None:
    from editorial_ai.content_types.article.writer import chat_writer

    monkeypatch.setattr(chat_writer, "GATE_WORDS", 100)  # the same 150-word body, now over the review's floor
    writer, client = _writer({"editorial_paragraph": [{"text": PARAGRAPH}],
                              "editorial_extend": [{"text": ADDED}, {"text": PARAGRAPH}],
                              **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    assert len(outcome.notes["paragraphs not continued"]) == CONTINUATION_REFUSALS
    assert outcome.notes["continuations stopped"].startswith(f"{CONTINUATION_REFUSALS} unusable answers: the body")
    assert len([c for c in client.calls if c.purpose == "editorial_extend"]) == 1 + CONTINUATION_REFUSALS < EXTENSIONS


NAMED_OFTEN = (f"{PARAGRAPH} The Chanel 22 Bag was the first thing the cameras found that morning. She kept the "
               "Chanel 22 Bag on one shoulder all day, and the Chanel 22 Bag made a plain grey coat look deliberate "
               "and calm.")


async def test_a_continuation_that_writes_the_paragraph_out_again_first_adds_only_its_new_sentences() -> None:
    # The 1.5B model answered "two more sentences" with the paragraph again, nearly word for word, then its two.
    again = PARAGRAPH.replace("carried", "took")
    writer, _ = _writer({"editorial_paragraph": [{"text": PARAGRAPH}],
                         "editorial_extend": [{"text": f"{again} {ADDED}"}, {"text": again}], **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    assert outcome.notes["paragraphs continued"] == [{"paragraph": 1, "added": ADDED}]
    assert outcome.content.body_paragraphs[0] == f"{PARAGRAPH} {ADDED_IN_HOUSE_STYLE}"


async def test_the_word_floor_counts_the_body_after_house_style_shortens_its_names() -> None:
    writer, client = _writer({"editorial_paragraph": [{"text": NAMED_OFTEN}],
                              "editorial_extend": [{"error": "permanent"}], **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    paragraphs = len(outcome.content.body_paragraphs)
    raw, styled = word_count(NAMED_OFTEN) * paragraphs, sum(map(word_count, outcome.content.body_paragraphs))
    assert raw >= ARTICLE_WORDS > styled  # long enough as the model wrote it, short once the names are shortened
    assert any(c.purpose == "editorial_extend" for c in client.calls)  # so a continuation was asked for


STOCK = "The olive leather strikes a note of quiet sophistication against the whole outfit and lifts every plain line."


async def test_a_paragraph_using_a_phrase_of_the_writer_s_own_again_is_asked_for_once_more() -> None:
    jeans = ("Jennie wore the Calvin Klein 90s Straight Jeans in street style on 5 August 2025, blue denim cut "
             "straight and loose, with flat shoes and a white shirt that kept the whole look easy and unforced.")
    fresh = f"{jeans} Nothing else in that look competes with the denim, which is why the photographs keep it central."
    writer, client = _writer({"editorial_paragraph": [{"text": f"{LONG} {STOCK}"},
                                                      {"text": f"{jeans} On her, {STOCK.lower()}"},
                                                      {"text": fresh}],
                              "editorial_extend": [{"error": "permanent"}], **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    asks = [c.prompt for c in client.calls if c.purpose == "editorial_paragraph"]
    assert "The feature already uses" not in asks[0] + asks[1]
    assert 'The feature already uses "the olive leather strikes a note of quiet". Write it' in asks[2]
    assert outcome.content.body_paragraphs[1] == fresh  # the answer without the phrase is kept


async def test_a_paragraph_the_claim_checks_find_wrong_is_asked_again_with_the_problem_quoted() -> None:
    wrong = f"{LONG} Lisa wore the Chanel 22 Bag in street style as well."
    writer, client = _writer({"editorial_paragraph": [{"text": wrong}, {"text": LONG}],
                              "editorial_extend": [{"error": "permanent"}], **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    asks = [c.prompt for c in client.calls if c.purpose == "editorial_paragraph"]
    assert "paired as the facts do not pair them" in asks[1]
    assert "Lisa wore the Chanel 22 Bag in street style as well." in asks[1]
    assert "no source post" not in asks[1]  # the problem's words, quoted, came back as prose
    assert outcome.content.body_paragraphs[0] == LONG  # the answer without the wrong pairing is kept
    assert outcome.notes["paragraphs with a claim the sources do not support asked again"] == 1


async def test_a_first_draft_s_sentence_the_review_s_checks_find_wrong_is_fixed_or_taken_out_before_the_review(
) -> None:
    wrong = "Lisa wore the Chanel 22 Bag in street style as well."
    writer, client = _writer({"editorial_paragraph": [{"text": f"{LONG} {wrong}"}],
                              "editorial_sentence": [{"text": wrong}],
                              "editorial_extend": [{"error": "permanent"}], **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    # The screen runs the review's own checks on the draft: the pairing is quoted to a correction, then to two
    # replacements; every answer keeps it, so it is taken out and the log says why.
    asks = [c.prompt for c in client.calls if c.purpose == "editorial_sentence"]
    assert wrong in asks[0] and "Lisa" in asks[0]
    assert "Lisa wore" not in outcome.content.body_paragraphs[0]
    taken = outcome.notes["sentences_taken_out"]
    assert {"sentence": wrong, "problems": ["no source post ties Lisa to Chanel 22 Bag"]} in taken
    assert outcome.notes["sentences the writer's screen found wrong"] >= 1


async def test_without_the_rubric_a_revision_screens_only_pairings_and_years() -> None:
    stubborn = "Her look was logged between February 2025 and February 2026."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[PARAGRAPH, f"{PARAGRAPH} Lisa wore the Chanel 22 Bag."])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "fact_accuracy", "reason": "1 claim lacks support.",
         "evidence": ['body_paragraphs[1]: "Lisa wore the Chanel 22 Bag." — no source post ties Lisa to Chanel 22 '
                      'Bag']}]}
    for rubric, used in ((None, True), (load_rubric("fashion_magazine"), False)):
        writer, _ = _writer({"editorial_sentence": [{"text": stubborn}], "editorial_extend": [{"error": "permanent"}],
                             "editorial_pull_quote": [{"text": "1"}]})
        outcome = await writer.revise(content=content, targets=["body_paragraphs[1]"], feedback_history=[review],
                                      curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                      rubric=rubric)
        # Years no one post of hers gives pass the pairing and year screen; the review's own checks refuse them.
        assert ("logged between" in outcome.content.body_paragraphs[1]) is used


async def test_the_writer_s_screen_reads_a_paragraph_with_the_article_s_rules() -> None:
    notes = f"{LONG} The bag is described as olive leather, which aligns with the facts."
    writer, client = _writer({"editorial_paragraph": [{"text": notes}, {"text": LONG}],
                              "editorial_extend": [{"error": "permanent"}], **HEADINGS})
    await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                       rubric=load_rubric("fashion_magazine"), feedback_history=[])
    asks = [c.prompt for c in client.calls if c.purpose == "editorial_paragraph"]
    # an article-only check, as the review's
    assert "The bag is described as olive leather, which aligns with the facts." in asks[1]


async def _rewrite_second_paragraph(first: str, second: str,
                                    sentence: str = "") -> tuple[DraftOutcome, list[str]]:
    """Revise paragraph 2 of a two-paragraph draft for a generic-paragraph finding, the model answering `first` and
    then `second`; the outcome and the paragraph requests."""
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[PARAGRAPH, LONG])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "specificity", "reason": "Paragraph 2 is generic.", "evidence": []}]}
    writer, client = _writer({"editorial_paragraph": [{"text": first}, {"text": second}],
                              "editorial_sentence": [{"text": sentence}] if sentence else [{"error": "permanent"}],
                              "editorial_extend": [{"error": "permanent"}], "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[1]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    return outcome, [c.prompt for c in client.calls if c.purpose == "editorial_paragraph"]


async def test_a_rewrite_the_claim_checks_find_wrong_is_asked_again_and_the_better_one_kept() -> None:
    outcome, asks = await _rewrite_second_paragraph(f"{LONG} Lisa wore the Chanel 22 Bag in street style as well.",
                                                    f"{LONG} It is the piece every photograph returns to.")
    assert len(asks) == 2 and "Lisa wore the Chanel 22 Bag in street style as well." in asks[1]
    assert "no source post ties" not in asks[1]  # the sentence is quoted, not its problems, which a model reads back
    assert "Lisa" not in outcome.content.body_paragraphs[1]
    assert outcome.notes["rewrites with a claim the sources do not support asked again"] == 1


async def test_a_rewrite_still_wrong_after_two_tries_has_that_sentence_fixed_or_taken_out() -> None:
    wrong = "Lisa wore the Chanel 22 Bag in street style as well."
    outcome, asks = await _rewrite_second_paragraph(f"{LONG} {wrong}", f"{LONG} {wrong}", sentence=wrong)
    assert len(asks) == 2
    # The model had no answer for the sentence: a revision takes it out, and the log says so.
    assert "Lisa" not in outcome.content.body_paragraphs[1]
    assert outcome.notes["sentences_taken_out"][0]["sentence"] == wrong


async def test_a_rewrite_giving_a_year_no_fact_gives_is_asked_again() -> None:
    # A paragraph rewritten whole brought back "emerged in the late 1990s and early 2000s", which the sentence fix
    # before it had taken out, and the run escalated on it.
    era = "The Jennie Effect emerged in the late 1990s and early 2000s."
    outcome, asks = await _rewrite_second_paragraph(f"{LONG} {era}", f"{LONG} It is the piece every photograph "
                                                                     "returns to.")
    assert len(asks) == 2 and era in asks[1]
    assert "1990" not in outcome.content.body_paragraphs[1]


async def test_a_revision_continues_the_paragraph_it_rewrote_first_and_the_others_while_the_body_is_short() -> None:
    stubborn = "Lisa wore the Chanel 22 Bag."
    short = "Jennie wore the Chanel 22 Bag at the airport in February."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[short, f"{PARAGRAPH} {stubborn}"])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "fact_accuracy", "reason": "1 claim lacks support.",
         "evidence": [f'body_paragraphs[1]: "{stubborn}" — no source post ties Lisa to Chanel 22 Bag']}]}
    # each answer tells a fact of its own paragraph: the looks of the second, the labels and wearers of the first
    look = "In August she wore Calvin Klein 90s Straight Jeans in blue denim in street style."
    writer, client = _writer({"editorial_sentence": [{"text": stubborn}],
                              "editorial_extend": [{"text": look}, {"text": ADDED}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[1]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    first, second = outcome.content.body_paragraphs
    assert second == f"{later(PARAGRAPH)} {look}"  # the rewritten paragraph first
    assert first == f"{short} {ADDED_IN_HOUSE_STYLE}"  # then, the body still short, the one that was no target
    prompts = [c.prompt for c in client.calls if c.purpose == "editorial_extend"]
    assert "sentence for paragraph 2 of" in prompts[0] and "sentence for paragraph 1 of" in prompts[1]
    # The same answer again, once its paragraph holds it, is refused as a repeat and logged.
    assert all("unusable answer" in note for note in outcome.notes["paragraphs not continued"])


async def test_a_whole_paragraph_rewrite_that_copies_a_fact_line_is_asked_for_in_the_model_s_own_words() -> None:
    copied = ("The look of Jennie on 5 August 2025 at street style was Calvin Klein 90s Straight Jeans in blue denim, "
              "and the look of Jennie on 14 February 2026 at airport fashion was Chanel 22 Bag in olive leather.")
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[PARAGRAPH, f"{PARAGRAPH} Jennie wore it with great flair."])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "specificity", "reason": "Paragraph 2 is generic.",
         "evidence": ["body_paragraphs[1]: the paragraph says little the facts give"]}]}
    writer, client = _writer({"editorial_paragraph": [{"text": copied}, {"text": PARAGRAPH}],
                              "editorial_extend": [{"error": "permanent"}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[1]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    assert outcome.content.body_paragraphs[1] == later(PARAGRAPH)
    prompts = [c.prompt for c in client.calls if c.purpose == "editorial_paragraph"]
    assert len(prompts) == 2 and "copied the fact lines" in prompts[1] and "copied the fact lines" not in prompts[0]
    assert outcome.notes["rewrites copying their facts asked again"] == 1


async def test_a_replacement_opening_the_feature_must_name_its_topic() -> None:
    opening = "The Jennie Effect emerged in the 1990s."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[f"{opening} {PARAGRAPH}", PARAGRAPH])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "fact_accuracy", "reason": "1 claim lacks support.",
         "evidence": [f'body_paragraphs[0]: "{opening}" — no source gives the trend a history or an age']}]}
    untopical = "Lisa chose the Celine Triomphe Shoulder Bag in black leather for street style."
    topical = "The Jennie Effect starts with the Calvin Klein 90s Straight Jeans that Jennie wore in street style."
    writer, client = _writer({"editorial_sentence": [{"text": opening}, {"text": untopical}, {"text": topical}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[0]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    assert outcome.content.body_paragraphs[0].startswith(topical)
    asks = [c.prompt for c in client.calls if c.purpose == "editorial_sentence"]
    assert all("It is the feature's first sentence" in ask and "Jennie Effect" in ask for ask in asks[1:])


async def test_a_replacement_the_body_already_holds_word_for_word_is_not_used() -> None:
    first, second = "Lisa wore the Chanel 22 Bag.", "Lisa carried the Chanel 22 Bag to the airport."
    told = "Lisa chose the Celine Triomphe Shoulder Bag in black leather for street style."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[PARAGRAPH, f"{PARAGRAPH} {first} {second}"])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "fact_accuracy", "reason": "2 claims lack support.",
         "evidence": [f'body_paragraphs[1]: "{first}" — no source post ties Lisa to Chanel 22 Bag',
                      f'body_paragraphs[1]: "{second}" — no source post ties Lisa to Chanel 22 Bag']}]}
    # Each sentence: a correction that keeps the pairing, then replacements that all tell the same sentence.
    writer, _ = _writer({"editorial_sentence": [{"text": first}, {"text": told}, {"text": second},
                                                {"text": told}, {"text": told}],
                         "editorial_extend": [{"error": "permanent"}],
                         "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[1]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    assert outcome.content.body_paragraphs[1].count("Celine Triomphe") == 1
    assert outcome.notes["sentences_replaced"] == [{"sentence": first, "new": told}]
    assert outcome.notes["sentences_taken_out"][0]["sentence"] == second


async def test_a_fix_that_swaps_an_unsourced_decade_for_another_is_replaced_then_taken_out() -> None:
    bad = "Balletcore emerged in the 1990s with Jennie."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[f"{PARAGRAPH} {bad}", PARAGRAPH])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "hallucination", "reason": "Not in the sources: 1990.",
         "evidence": [f'body_paragraphs[0]: "{bad}" — not in the sources: 1990']}]}
    writer, client = _writer({"editorial_sentence": [{"text": "Balletcore emerged in the late 1980s with Jennie."},
                                                     {"text": "Balletcore came back in the 1970s."},
                                                     {"text": "Jennie wore it in the 2010s."}],
                              "editorial_extend": [{"error": "permanent"}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[0]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    assert outcome.content.body_paragraphs[0] == PARAGRAPH  # neither fix was sourced: the sentence is taken out
    prompts = [c.prompt for c in client.calls if c.purpose == "editorial_sentence"]
    assert len(prompts) == 3 and all("[...]" in p for p in prompts[1:])  # a correction, then two replacements
    assert outcome.notes["sentences_taken_out"][0]["sentence"] == bad


async def test_a_paragraph_the_take_outs_leave_thin_is_written_afresh_not_left_as_one_line() -> None:
    stubborn = "Lisa wore the Chanel 22 Bag to the airport in February."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[PARAGRAPH, f"Jennie wore denim on 5 August 2025. {stubborn}",
                                                PARAGRAPH])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "fact_accuracy", "reason": "1 claim lacks support.",
         "evidence": [f'body_paragraphs[1]: "{stubborn}" — no source post ties Lisa to Chanel 22 Bag']}]}
    writer, _ = _writer({"editorial_sentence": [{"text": stubborn}],
                         "editorial_paragraph": [{"text": PARAGRAPH}],
                         "editorial_extend": [{"error": "permanent"}],
                         "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[1]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    assert outcome.content.body_paragraphs == [PARAGRAPH, later(PARAGRAPH), later(PARAGRAPH)]  # three paragraphs still
    assert outcome.notes["paragraphs thinned by take-outs, rewritten whole"] == [2]


FIRST = ("The olive leather bag is perfect for anyone who wants a practical, polished and effortlessly stylish travel "
         "wardrobe.")
AGAIN = "It is a practical, polished bag, perfect for anyone who wants an effortlessly stylish travel wardrobe."
SAID_TWICE = f"Jennie carried the Chanel 22 Bag at the airport on 14 February 2026 in olive leather. {FIRST} {AGAIN}"


def _copied_fact_lines() -> str:
    facts = build_outline("Jennie Effect", TOPICS, CONTEXTS).plans[1].facts  # the looks: dated fact lines
    return " ".join(f"{fact.rstrip('.')}." for fact in facts)


@pytest.mark.parametrize(("answer", "hint", "logged"), [
    (_copied_fact_lines(), "copied the fact lines", "paragraphs copying their facts asked again"),
    (SAID_TWICE, "said the same thing twice", "paragraphs saying a sentence twice asked again")],
    ids=["copies its fact lines", "says a sentence twice"])
async def test_a_paragraph_that_copies_or_says_a_sentence_twice_is_asked_for_once_more(answer: str, hint: str,
                                                                                      logged: str) -> None:
    writer, client = _writer({"editorial_paragraph": [{"text": LONG}, {"text": answer}, {"text": LONG}],
                              **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    prompts = [c.prompt for c in client.calls if c.purpose == "editorial_paragraph"]
    assert [hint in p for p in prompts[:3]] == [False, False, True]
    assert outcome.content.body_paragraphs[1] == later(LONG)
    assert outcome.notes[logged] == 1


async def test_a_fix_of_a_sentence_said_twice_that_still_says_it_is_taken_out() -> None:
    first, again = FIRST, AGAIN
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[f"{PARAGRAPH} {first} {again}", PARAGRAPH])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "repetition", "reason": "Repetitive.",
         "evidence": [f'body_paragraphs[0]: "{again}" — says again what "{first}" already says: say something new '
                      "from the facts"]}]}
    writer, client = _writer({"editorial_sentence": [{"text": "This polished bag is perfect for anyone who wants a "
                                                              "practical, effortlessly stylish travel wardrobe."},
                                                     {"text": "A practical, effortlessly stylish travel wardrobe is "
                                                              "perfect for anyone who wants a polished bag."},
                                                     {"text": "Anyone who wants a polished, effortlessly stylish "
                                                              "travel wardrobe will find this bag practical."}],
                              "editorial_extend": [{"error": "permanent"}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[0]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    assert outcome.content.body_paragraphs[0] == f"{PARAGRAPH} {first}"
    prompts = [c.prompt for c in client.calls if c.purpose == "editorial_sentence"]
    assert len(prompts) == 3 and all("[...]" in p for p in prompts[1:])  # a correction, then two replacements
    assert outcome.notes["sentences_taken_out"][0]["sentence"] == again


async def test_a_revision_keeps_the_pull_quote_while_its_line_stands_unchanged() -> None:
    line = "The olive leather turned a plain coat into the look every Jennie Effect fan page copied"
    bad = "Lisa wore the Chanel 22 Bag."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[PARAGRAPH, f"{PARAGRAPH} {line}.", f"{PARAGRAPH} {bad}"],
                               pull_quotes=[line])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "fact_accuracy", "reason": "1 claim lacks support.",
         "evidence": [f'body_paragraphs[2]: "{bad}" — no source post ties Lisa to Chanel 22 Bag']}]}
    writer, client = _writer({"editorial_sentence": [{"text": "Jennie wore the Chanel 22 Bag in olive leather."}],
                              "editorial_extend": [{"error": "permanent"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[2]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    assert outcome.content.pull_quotes == [line] and outcome.notes["pull_quote"] == "kept from the last draft"
    assert not [c for c in client.calls if c.purpose == "editorial_pull_quote"]


async def test_a_continuation_sentence_the_sources_do_not_support_is_not_used_and_logged() -> None:
    wrong = "Lisa carried the Chanel 22 Bag at the airport on 5 August 2025."
    kept = "Lisa wore the trend as well, with a bag by Celine."
    writer, _ = _writer({"editorial_paragraph": [{"text": PARAGRAPH}],
                         "editorial_extend": [{"text": f"{wrong} {kept}"}, {"error": "permanent"}],
                         **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    assert outcome.content.body_paragraphs[0] == f"{PARAGRAPH} {kept}"
    (logged,) = outcome.notes["continuation sentences not used"]
    assert logged[0]["sentence"] == wrong and logged[0]["problems"]


async def test_a_fix_or_replacement_that_pairs_a_person_with_a_piece_no_post_gives_is_not_used() -> None:
    stubborn = "Jennie wore the Chanel 22 Bag in Milan."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[f"{PARAGRAPH} {stubborn}", PARAGRAPH])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "fact_accuracy", "reason": "1 claim lacks support.",
         "evidence": [f'body_paragraphs[0]: "{stubborn}" — Milan is in no source']}]}
    paired = "Cha Eun-woo wore the Chanel 22 Bag at the airport."
    writer, client = _writer({"editorial_sentence": [{"text": paired}, {"text": paired}, {"text": paired}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[0]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    asks = [c.prompt for c in client.calls if c.purpose == "editorial_sentence"]
    assert len(asks) == 3  # a correction and two replacements, each pairing Cha Eun-woo with Jennie's bag
    assert outcome.content.body_paragraphs[0] == PARAGRAPH
    assert outcome.notes["sentences_taken_out"][0]["sentence"] == stubborn


async def test_a_headline_pairing_the_lead_with_a_piece_she_never_wore_is_asked_for_again() -> None:
    wrong = "Jennie Effect: Jennie Carries the Celine Triomphe Shoulder Bag"  # Lisa's bag in the fixtures
    right = "Jennie Effect: the olive bag at the airport"
    writer, client = _writer({"editorial_paragraph": [{"text": LONG}],
                              "editorial_title": [{"text": wrong}, {"text": right}],
                              "editorial_subtitle": HEADINGS["editorial_subtitle"],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    assert len([c for c in client.calls if c.purpose == "editorial_title"]) == 2
    assert outcome.content.title == right and outcome.notes["headline asked again"] == 1


async def test_a_headline_wrong_twice_gives_way_to_one_from_the_lead_s_sourced_look() -> None:
    wrong = "Jennie Effect: Jennie Carries the Celine Triomphe Shoulder Bag"  # Lisa's bag in the fixtures
    writer, client = _writer({"editorial_paragraph": [{"text": LONG}],
                              "editorial_title": [{"text": wrong}, {"text": wrong}, {"text": wrong}],
                              "editorial_subtitle": HEADINGS["editorial_subtitle"],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    assert outcome.content.title == "Jennie Effect: Jennie in the Chanel 22 Bag"
    assert outcome.notes["headline composed from the lead look"] == wrong  # the log keeps what the model wrote
    assert len([c for c in client.calls if c.purpose == "editorial_title"]) == 2  # asked twice, then composed


async def test_an_unfinished_last_sentence_never_reaches_the_draft() -> None:
    clipped = f"{LONG} The Chanel bag,"
    writer, _ = _writer({"editorial_paragraph": [{"text": clipped}], **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    assert all(p.rstrip().endswith((".", "!", "?")) for p in outcome.content.body_paragraphs)


async def test_a_rewrite_using_its_own_phrase_twice_is_asked_again_with_the_phrase_quoted() -> None:
    twice = (f"{LONG} The olive leather strikes a note of quiet sophistication in her look. At the airport, the bag "
             "strikes a note of quiet sophistication in her look.")
    outcome, asks = await _rewrite_second_paragraph(twice, f"{LONG} It is the piece every photograph returns to.")
    assert len(asks) == 2 and "The feature already uses" in asks[1] and "sophistication" in asks[1]
    kept = outcome.content.body_paragraphs[1]  # house style calls the bag "the Chanel bag" after paragraph 1
    assert kept.endswith("It is the piece every photograph returns to.") and "sophistication" not in kept
    assert outcome.notes["rewrites using a phrase again asked again"] == 1


async def test_the_looks_mode_asks_for_the_lead_s_looks_one_at_a_time() -> None:
    street = ("On 5 August 2025 Jennie kept it simple in street style, the Calvin Klein 90s Straight Jeans in blue "
              "denim doing all the work.")
    wrong = "She wore the jeans at the airport as well."
    airport = ("At the airport on 14 February 2026 she carried the Chanel 22 Bag, its olive leather the one rich "
               "note of the look.")
    client = ScriptedClient({"editorial_paragraph": [{"text": LONG}],
                             "editorial_look": [{"text": street}, {"text": f"{airport} {wrong}"}, {"text": airport}],
                             "editorial_extend": [{"error": "permanent"}], **HEADINGS}, name="scripted:test")
    writer = ChatEditorialService(client, known_names={"Gucci", "Lisa"}, mode="looks")
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    asks = [c.prompt for c in client.calls if c.purpose == "editorial_look"]
    assert len(asks) == 3  # the first look, the second look, the second look again
    # Each request carries one look's facts: nothing of the other look to move into it.
    assert "look of Jennie on 5 August 2025" in asks[0] and "look of Jennie on 14 February 2026" not in asks[0]
    assert "look of Jennie on 14 February 2026" in asks[1] and "look of Jennie on 5 August 2025" not in asks[1]
    assert street in asks[1]  # the continuation reads the paragraph so far
    # ... and opens on the date or the place: each look opened on the name read as a list.
    assert "Begin with the date or the place, not with Jennie's name" in asks[1]
    assert "Begin with" not in asks[0]
    assert wrong in asks[2] and wrong not in asks[1]  # the sentence pairing the jeans with the airport, quoted back
    assert outcome.content.body_paragraphs[1] == f"{street} {later(airport)}"  # house style: "the Chanel bag"
    assert outcome.notes["looks with a problem asked again"] == 1
    assert outcome.notes["writer"] == "chat:looks"


async def test_a_look_told_without_its_pieces_is_asked_again_naming_them() -> None:
    vague = "On 5 August 2025 Jennie made a statement in street style, relaxed and sure of herself."
    street = "On 5 August 2025 Jennie wore the Calvin Klein jeans in blue denim in street style."
    airport = "At the airport on 14 February 2026 she carried the Chanel 22 Bag in olive leather."
    client = ScriptedClient({"editorial_paragraph": [{"text": LONG}],
                             "editorial_look": [{"text": vague}, {"text": street}, {"text": airport}],
                             "editorial_extend": [{"error": "permanent"}], **HEADINGS}, name="scripted:test")
    writer = ChatEditorialService(client, mode="looks")
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    asks = [c.prompt for c in client.calls if c.purpose == "editorial_look"]
    assert "named none of the look's pieces" not in asks[0]
    assert "named none of the look's pieces: say what was worn, naming the Calvin Klein 90s Straight Jeans" in asks[1]
    assert outcome.content.body_paragraphs[1].startswith(street)


async def test_a_continuation_telling_no_new_fact_is_not_used_and_its_sentence_is_quoted_next_time() -> None:
    # Screened clean, but a verdict with nothing the paragraph did not hold ("It was a stylish bag that complemented
    # her outfit perfectly.", a Gorpcore continuation that passed).
    idle = "It was a stylish bag that complemented the olive leather of her airport look perfectly."
    look = "In August she wore Calvin Klein 90s Straight Jeans in blue denim in street style."
    writer, client = _writer({"editorial_paragraph": [{"text": PARAGRAPH}],
                              "editorial_extend": [{"text": idle}, {"text": f"{idle} {look}"}, {"error": "permanent"}],
                              **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    assert outcome.notes["continuation sentences telling no new fact"][0] == [idle]
    assert outcome.notes["paragraphs not continued"][0].startswith(
        "paragraph 1: unusable answer (its sentences told no new fact)")
    # the second answer keeps only its sentences that tell a fact
    assert outcome.notes["paragraphs continued"] == [{"paragraph": 2, "added": look}]
    extend = [c.prompt for c in client.calls if c.purpose == "editorial_extend"]
    assert "Not this sentence" not in extend[0]
    # a new writer (another process) has no memory; this one quotes the refused sentence for the same fact
    again = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                               rubric=load_rubric("fashion_magazine"), feedback_history=[])
    assert again.content.body_paragraphs
    later_asks = [c.prompt for c in client.calls if c.purpose == "editorial_extend"][len(extend):]
    assert any(f'Not this sentence, which could not be used: Sentence (quoted, not instructions): "{idle}"' in ask
               for ask in later_asks)


async def test_only_a_paragraph_that_leaves_a_fact_untold_is_continued() -> None:
    writer, client = _writer({"editorial_extend": [{"error": "permanent"}]})
    run = writer._run(TOPICS, CONTEXTS, tone="sophisticated", guidance="", seed=None, variant=0,
                      rubric=load_rubric("fashion_magazine"))
    told = [" ".join(plan.facts) for plan in run.outline.plans]  # every fact said: nothing left to tell
    await writer._reach_floor(run, told)
    assert not client.calls and run.notes["continuations stopped"].startswith("no paragraph leaves a fact untold")
    short = [*told[:4], PARAGRAPH]  # the spread paragraph's facts (Lisa's look) untold
    await writer._reach_floor(run, short)
    (ask,) = [c.prompt for c in client.calls if c.purpose == "editorial_extend"]
    assert "sentence for paragraph 5 of" in ask


async def test_a_paragraph_whose_continuation_was_unusable_is_tried_again() -> None:
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[PARAGRAPH, later(PARAGRAPH)])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "completeness", "reason": "Too thin.", "evidence": ["body_paragraphs[0]: too thin"]}]}
    writer, client = _writer({"editorial_paragraph": [{"text": LONG}],
                              "editorial_extend": [{"text": ""}, {"text": ADDED}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[0]"], feedback_history=[review],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec())
    extend = [c for c in client.calls if c.purpose == "editorial_extend"]
    assert len(extend) >= 2 and all("sentence for paragraph 1 of" in c.prompt for c in extend[:2])
    assert extend[0].seed != extend[1].seed  # asked again with another seed
    assert outcome.notes["paragraphs not continued"][0].startswith("paragraph 1: unusable answer")
    assert any(entry["paragraph"] == 1 for entry in outcome.notes["paragraphs continued"])


async def test_a_warm_body_with_no_word_to_the_reader_gets_one_closing_line() -> None:
    invented = "You will love how the Chanel 22 Bag feels on a long-haul flight to Milan."
    line = "If you want one piece from these looks, start with the Chanel 22 Bag in olive leather."
    writer, client = _writer({"editorial_paragraph": [{"text": LONG}], "editorial_extend": [{"error": "permanent"}],
                              "editorial_reader": [{"text": invented}, {"text": line}], **HEADINGS})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[], tone="warm")
    asks = [c.prompt for c in client.calls if c.purpose == "editorial_reader"]
    assert len(asks) == 2 and 'speaks to the reader as "you"' in asks[0] and 'Begin it with "You can"' in asks[0]
    assert outcome.content.body_paragraphs[-1].endswith(line.replace("the Chanel 22 Bag", "the bag"))  # house style
    assert outcome.notes["reader line added"] == line
    assert outcome.notes["reader lines not used"][0]["sentence"] == invented  # Milan is in no source


async def test_a_sophisticated_body_gets_no_reader_line() -> None:
    writer, client = _writer({"editorial_paragraph": [{"text": LONG}], "editorial_extend": [{"error": "permanent"}],
                              **HEADINGS})
    await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                       rubric=load_rubric("fashion_magazine"), feedback_history=[])
    assert not [c for c in client.calls if c.purpose == "editorial_reader"]


async def test_a_reader_line_retelling_the_close_s_sentence_takes_its_place() -> None:
    told = "Lisa's Celine Triomphe Shoulder Bag in black leather gives the trend its darker, quieter street note."
    close = f"Lisa wore the trend in street style in her own way. {told}"
    retold = ("You can give the trend its darker, quieter street note with the Celine Triomphe Shoulder Bag in black "
              "leather.")
    writer, client = _writer({"editorial_reader": [{"text": retold}]})
    run = writer._run(TOPICS, CONTEXTS, tone="warm", guidance="", seed=None, variant=0)
    body = await writer._reader_line(run, [LONG, close])
    # Added after it, the line would say the close's last sentence twice; in its place, the close speaks to the reader.
    assert body == [LONG, f"Lisa wore the trend in street style in her own way. {retold}"]
    assert run.notes["reader line in place of the sentence it retells"] == retold
    assert len(client.calls) == 1
    # A line that retells a sentence of an earlier paragraph is still refused.
    writer, client = _writer({"editorial_reader": [{"text": retold}]})
    run = writer._run(TOPICS, CONTEXTS, tone="warm", guidance="", seed=None, variant=0)
    assert await writer._reader_line(run, [told, close]) == [told, close]
    assert run.notes["reader lines not used"][0]["problems"] == ["says a sentence of the body again"]


async def test_a_body_targeted_only_for_its_length_is_continued_not_rewritten() -> None:
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[PARAGRAPH, later(PARAGRAPH)])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "content_completeness", "reason": "Incomplete.",
         "evidence": ["write at least 250 words of body text (found 220)"]}]}
    writer, client = _writer({"editorial_paragraph": [{"text": LONG}], "editorial_extend": [{"text": ADDED}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[0]", "body_paragraphs[1]"],
                                  feedback_history=[review], curated_topics=TOPICS, enriched_contexts=CONTEXTS,
                                  design_spec=DesignSpec())
    assert not [c for c in client.calls if c.purpose == "editorial_paragraph"]  # nothing rewritten
    assert [c for c in client.calls if c.purpose == "editorial_extend"]
    assert outcome.notes["paragraphs continued for a short body, not rewritten"] == [1, 2]
    assert outcome.content.body_paragraphs[0].startswith(PARAGRAPH)
    assert len(" ".join(outcome.content.body_paragraphs).split()) > len(f"{PARAGRAPH} {PARAGRAPH}".split())


async def test_a_rewritten_paragraph_is_screened_with_the_review_s_checks_before_the_review() -> None:
    logged = "Her look was logged between February 2025 and February 2026."
    fixed = "In street style she chose the Calvin Klein 90s Straight Jeans in blue denim."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[PARAGRAPH, LONG.replace("Jennie carried", "Jennie took")])
    note = {"source": "admin", "failed_criteria": [{"criterion": "editor", "reason": "Lead with the jeans."}]}
    writer, client = _writer({"editorial_paragraph": [{"text": f"{LONG} {logged}"}],
                              "editorial_sentence": [{"text": fixed}], "editorial_extend": [{"error": "permanent"}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[1]"], feedback_history=[note],
                                  curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                  rubric=load_rubric("fashion_magazine"))
    # The years no one post of hers gives pass the pairing screen; the review's own checks quote them to a fix.
    assert outcome.content.body_paragraphs[1].endswith(fixed)
    assert outcome.notes["sentences_rewritten"] == [logged]
    assert any(logged in c.prompt for c in client.calls if c.purpose == "editorial_sentence")


async def test_a_first_draft_paragraph_the_screen_s_fixes_would_thin_is_written_again_with_its_problems() -> None:
    wrong = "Lisa wore the Chanel 22 Bag in street style as well."
    writer, client = _writer({"editorial_sentence": [{"text": wrong}], "editorial_paragraph": [{"text": LONG}]})
    run = writer._run(TOPICS, CONTEXTS, tone="sophisticated", guidance="", seed=None, variant=0,
                      rubric=load_rubric("fashion_magazine"))
    body = await writer._screened(run, [PARAGRAPH.replace("Jennie carried", "Jennie took"), wrong])
    asked = next(c.prompt for c in client.calls if c.purpose == "editorial_paragraph")
    assert "no source post ties Lisa to Chanel 22 Bag" in asked
    assert run.notes["paragraphs thinned by the screen's fixes, rewritten whole"] == [2]
    # The rewrite's first sentence says the opening paragraph again and no fix is usable: it is taken out, and the
    # paragraph goes on thin (the body's floor continues it) rather than whole with the repeat the review would quote.
    assert body[1].endswith(LONG.split(". ", 1)[1].removeprefix("It"))
    assert "photos travelled fast" not in body[1]
    assert run.notes["paragraphs left thin by self-edits"] == [2]


def test_a_fix_that_makes_a_later_sentence_of_its_paragraph_a_repeat_is_not_usable() -> None:
    writer, _ = _writer({})
    run = writer._run(TOPICS, CONTEXTS, tone="warm", guidance="", seed=None, variant=0,
                      rubric=load_rubric("fashion_magazine"))
    later = "On 14 February 2026, Jennie wore the Chanel 22 Bag at the airport."
    wrong = "Lisa wore the Chanel 22 Bag in street style as well."
    paragraph = f"{wrong} {later}"
    run.body = ["The Jennie Effect starts in street style, with loose denim and a plain top worn for the walk across "
                "town.", paragraph]
    # Told ahead of it, the same look makes the old sentence the one the review quotes as the repeat.
    retold = "Jennie carried the Chanel 22 Bag in olive leather at the airport on 14 February 2026."
    assert run.newly_flagged(1, paragraph, paragraph.replace(wrong, retold), retold) == [later]
    assert not writer._usable(run, paragraph, wrong, retold, ["no source post ties Lisa to Chanel 22 Bag"], 1)
    other = "In street style, Jennie chose the Calvin Klein 90s Straight Jeans in blue denim."
    assert run.newly_flagged(1, paragraph, paragraph.replace(wrong, other), other) == []


async def test_a_rewrite_its_self_edit_empties_is_written_again_from_its_facts() -> None:
    wrong = "Lisa wore the Chanel 22 Bag in street style as well. Lisa carried the Chanel 22 Bag at the airport too."
    writer, client = _writer({"editorial_sentence": [{"text": "Lisa wore the Chanel 22 Bag."}],
                              "editorial_paragraph": [{"text": PARAGRAPH}]})
    run = writer._run(TOPICS, CONTEXTS, tone="sophisticated", guidance="", seed=None, variant=0,
                      rubric=load_rubric("fashion_magazine"))
    run.body = ["The Jennie Effect starts in street style, with loose denim and a plain top worn for the walk across "
                "town.", wrong]
    # No fix is usable, so both sentences are taken out: the paragraph is asked for afresh, not handed back wrong.
    assert await writer._self_edit(run, 1, wrong) == PARAGRAPH
    assert "editorial_paragraph" in [c.purpose for c in client.calls]
    (entry,) = run.notes["paragraphs emptied by self-edits, written again"]
    assert entry == {"paragraph": 2, "wrong before": 2, "wrong after": 0, "kept": "new"}
    # A fresh paragraph as wrong as the rewrite is not kept in its place.
    writer, client = _writer({"editorial_sentence": [{"text": "Lisa wore the Chanel 22 Bag."}],
                              "editorial_paragraph": [{"text": wrong}]})
    run = writer._run(TOPICS, CONTEXTS, tone="sophisticated", guidance="", seed=None, variant=0,
                      rubric=load_rubric("fashion_magazine"))
    run.body = ["The Jennie Effect starts in street style.", wrong]
    assert await writer._self_edit(run, 1, wrong) == wrong
    assert run.notes["paragraphs emptied by self-edits, written again"][0]["kept"] == "rewrite"


async def test_a_sentence_whose_only_problem_is_a_quoted_phrase_loses_its_clause_without_a_request() -> None:
    kept = "In street style on 5 August 2025 Jennie chose the Calvin Klein 90s Straight Jeans in blue denim"
    viral = f"{kept}, and the look quickly went viral."
    writer, client = _writer({})
    run = writer._run(TOPICS, CONTEXTS, tone="sophisticated", guidance="", seed=None, variant=0,
                      rubric=load_rubric("fashion_magazine"))
    run.body = [f"{PARAGRAPH} {viral}"]
    problem = 'no source reports how anyone received it: "went viral"; say what the posts show instead'
    fixed = await writer._fix_sentences(run, 0, f"{PARAGRAPH} {viral}", [(viral, [problem])], [])
    assert fixed == f"{PARAGRAPH} {kept}."
    assert run.notes["sentences_cut"] == [{"sentence": viral, "new": f"{kept}."}]
    assert client.calls == []


async def test_a_line_the_review_would_quote_is_never_the_pull_quote() -> None:
    viral = "Jennie's olive bag look quickly went viral on every fan page that follows her."
    writer, _ = _writer({"editorial_pull_quote": [{"text": "1"}]})
    run = writer._run(TOPICS, CONTEXTS, tone="sophisticated", guidance="", seed=None, variant=0,
                      rubric=load_rubric("fashion_magazine"))
    clean = "The olive leather of the Chanel bag is the one rich note against the plain coat"
    assert await writer._pull_quote(run, [PARAGRAPH, f"{viral} {clean}."]) == [clean]


async def test_a_short_body_no_continuation_lengthens_has_its_shortest_paragraph_written_again() -> None:
    short = "On 5 August 2025 Jennie chose the Calvin Klein 90s Straight Jeans in blue denim for street style."
    content = EditorialContent(keyword="Jennie Effect", title="Jennie Effect: the olive bag",
                               body_paragraphs=[PARAGRAPH, short])
    review = {"source": "review", "failed_criteria": [
        {"criterion": "content_completeness", "reason": "Incomplete.",
         "evidence": ["write at least 250 words of body text (found 60)"]}]}
    longer = (f"{short} The jeans sit loose and straight, blue denim worn plainly, and the street look around them "
              "stays quiet so that the cut and the colour carry it from one corner of the frame to the other.")
    writer, client = _writer({"editorial_extend": [{"text": "It is nice."}], "editorial_paragraph": [{"text": longer}],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.revise(content=content, targets=["body_paragraphs[0]", "body_paragraphs[1]"],
                                  feedback_history=[review], curated_topics=TOPICS, enriched_contexts=CONTEXTS,
                                  design_spec=DesignSpec())
    # No continuation was usable; the shortest paragraph was asked for whole, and kept longer.
    asked = [c.prompt for c in client.calls if c.purpose == "editorial_paragraph"]
    assert asked and "the paragraph is too short (18 words)" in asked[0]
    assert outcome.content.body_paragraphs[1] == longer
    (entry,) = outcome.notes["short body: shortest paragraph written again"]
    assert entry["paragraph"] == 2 and entry["kept"] is True


def test_an_answer_is_read_as_the_body_will_print_it_dates_day_first_included() -> None:
    # "The look of Jennie on August 5, 2025 ..." passed the screen, and the house style then made it the fact line
    # ("... on 5 August 2025") it had just been fixed for: the screen now reads the day-first form.
    writer, _ = _writer({})
    run = writer._run(TOPICS, CONTEXTS, tone="sophisticated", guidance="", seed=1, variant=0)
    assert run.prose("Sure! On August 5, 2025, jennie wore the chanel 22 bag.", meta=True) == (
        "On 5 August 2025, jennie wore the Chanel 22 Bag.")


async def test_sentences_past_the_paragraph_limit_are_left_out_and_logged_never_failing_the_draft() -> None:
    from editorial_ai.models.editorial import BODY_PARAGRAPH_CHARS

    writer, _ = _writer({**HEADINGS})
    run = writer._run(TOPICS, CONTEXTS, tone="sophisticated", guidance="", seed=1, variant=0)
    sentences = [f"Look {n} of the season put the olive bag beside a plain grey coat at the airport once more."
                 for n in range(1, 30)]
    long = " ".join(sentences)
    assert len(long) > BODY_PARAGRAPH_CHARS
    outcome = await writer._finish(run, [long, PARAGRAPH], "Jennie Effect: the olive bag at the airport",
                                   "Two sourced pieces", DesignSpec())
    first = outcome.content.body_paragraphs[0]
    assert len(first) <= BODY_PARAGRAPH_CHARS and long.startswith(first)
    left_out = outcome.notes["sentences past the paragraph limit left out"]
    assert left_out == [long[len(first):].strip()] and left_out[0].endswith("once more.")


async def test_a_headline_with_words_run_together_is_asked_for_once_more() -> None:
    glued = "Jennie Effect: Street Style IconEssentials"
    good = "Jennie Effect: the olive bag at the airport"
    writer, client = _writer({"editorial_paragraph": [{"text": PARAGRAPH}],
                              "editorial_title": [{"text": glued}, {"text": good}],
                              "editorial_subtitle": HEADINGS["editorial_subtitle"],
                              "editorial_pull_quote": [{"text": "1"}]})
    outcome = await writer.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                                 rubric=load_rubric("fashion_magazine"), feedback_history=[])
    assert len([c for c in client.calls if c.purpose == "editorial_title"]) == 2
    assert outcome.content.title == good
    run = writer._run(TOPICS, CONTEXTS, tone="sophisticated", guidance="", seed=1, variant=0)
    assert run.run_together(glued) == ["words run together: IconEssentials"]
    assert run.run_together("Jennie Effect: the Chanel 22 Bag at the airport") == []
