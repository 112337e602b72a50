"""The writer: paragraph by paragraph from the outline, the local guard, targeted revision, re-sampling."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from editorial_ai.content_types.article.nodes.editorial import produce_distinct, unchanged
from editorial_ai.content_types.article.writer.editorial import PARAGRAPH_TRIES, EditorialService
from editorial_ai.content_types.article.writer.guard import (
    SentenceGuard,
    canonical_case,
    copied_from_examples,
)
from editorial_ai.content_types.article.writer.outline import build_outline
from editorial_ai.content_types.article.writer.targets import correction_targets
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.layout import MODEL_PROSE_KEY
from editorial_ai.models.review import CriterionResult, ReviewResult
from editorial_ai.prompts.editorial import EDITORIAL_EXAMPLE_TEXTS, PARAGRAPH_EXAMPLES
from editorial_ai.review.rubric import load_rubric
from editorial_ai.text import split_sentences, word_count

from .editorial_fixtures import CONTEXTS, KNOWN, PARAGRAPHS, TOPICS

TITLE = "The Jennie Effect: One Bag, One Pair of Jeans"
SUBTITLE = "How Jennie turned the Chanel 22 Bag and straight denim into the look fans copy"


def _client(paragraphs: list[str], title: str = TITLE) -> ScriptedClient:
    return ScriptedClient({"editorial_paragraph": [{"text": p} for p in paragraphs],
                           "editorial_title": [{"text": title}], "editorial_subtitle": [{"text": SUBTITLE}]})


async def _draft(client: ScriptedClient, strict: bool = False, **kwargs: Any) -> Any:
    service = EditorialService(client, known_names=KNOWN, strict_names=strict)
    return await service.draft(curated_topics=TOPICS, enriched_contexts=CONTEXTS, design_spec=DesignSpec(),
                               rubric=load_rubric("fashion_magazine"), feedback_history=[], **kwargs)


def _led(paragraphs: list[str], variant: int = 0) -> list[str]:
    """The paragraphs as the writer keeps them for a stronger model: each after its plan's first composed sentence."""
    plans = build_outline("Jennie Effect", TOPICS, CONTEXTS, variant).plans
    return [f"{split_sentences(plan.lead)[0]} {text}" for plan, text in zip(plans, paragraphs, strict=False)]


def test_every_example_is_exported_and_names_only_fictional_entities() -> None:
    assert all(e.text in EDITORIAL_EXAMPLE_TEXTS for e in PARAGRAPH_EXAMPLES.values())
    catalog_names = {n.casefold() for n in KNOWN}
    assert not any(name in text.casefold() for text in EDITORIAL_EXAMPLE_TEXTS for name in catalog_names)


def test_the_guard_drops_copied_unsourced_repeated_and_cut_off_sentences() -> None:
    guard = SentenceGuard({"Jennie", "Chanel 22 Bag", "Chanel"}, KNOWN, "Jennie 14 February 2026 Chanel 22 Bag")
    example = PARAGRAPH_EXAMPLES["spread"].text.split(". ")[2]
    text = (f"Jennie carried the Chanel 22 Bag on 14 February 2026. {example}. Jennie wore Gucci Horsebit Loafers. "
            "Jennie wore it in 2019. Jennie carried the Chanel 22 Bag on 14 February 2026. Winter loved it. "
            "In winter the bag looked softer. Then she")
    kept, dropped = guard.clean(text)
    assert kept == ["Jennie carried the Chanel 22 Bag on 14 February 2026.", "In winter the bag looked softer."]
    assert copied_from_examples(example)
    assert dropped[0] == "copies the prompt example" and "2019" in dropped[2]
    assert dropped[3] == "repeats an earlier sentence" and dropped[-1] == "cut off mid-sentence"
    assert any("gucci" in d.lower() for d in dropped) and any("Winter" in d for d in dropped)
    strict = SentenceGuard({"Jennie"}, set(), "Jennie airport")
    assert strict.problem("Jennie flew to Milan.") is not None  # an invented place
    assert SentenceGuard({"Jennie"}, set(), "Jennie", strict_names=False).problem("Jennie flew to Milan.") is None


def test_the_guard_drops_invented_relationships_brand_clashes_and_open_quotes() -> None:
    sourced = {"Rosé", "Dior", "Miu Miu", "Miu Miu Ballet Flats"}
    guard = SentenceGuard(sourced, set(), "Rosé airport Miu Miu Ballet Flats", brands={"Dior", "Miu Miu"})
    assert "sister" in (guard.problem("Rosé and her sister loved the look.") or "")
    assert guard.problem("Rosé wore Dior's new 'Miu Miu' ballerina flats.") == "credits 'miu miu' to 'dior'"
    assert guard.problem('Rosé called it "the best pair.') == "leaves a quotation open"
    assert guard.problem('Rosé wore the "Miu Miu Ballet Flats" at the airport.') is None  # closed, and sourced
    assert guard.problem("Rosé wore the Miu Miu Ballet Flats and a Dior scarf.") is None
    assert "'five'" in (guard.problem("All five pieces are made from sequins.") or "")
    assert guard.problem("The bag sits well in my hand.") == "speaks in the first person"
    assert "who someone is" in (guard.problem("Rosé, who is a fashion designer, loves them.") or "")
    assert SentenceGuard({"Rosé"}, set(), "Rosé", strict_names=False).problem("All five pieces shone.") is None


def test_the_guard_drops_a_history_no_source_gives() -> None:
    guard = SentenceGuard({"Hanni", "Loewe Toy Pumps"}, set(), "Hanni wore the Loewe Toy Pumps at the airport")
    for sentence, words in [
        ("It was the first time they were worn by Hanni.", "first time"),
        ("Hanni wore the Loewe Toy Pumps several times at the airport.", "several times"),
        ("The Loewe Toy Pumps will always be in Hanni's wardrobe.", "always"),
        ("Loewe has made the Toy Pumps for a long time, and Hanni wore them.", "for a long time"),
        ("The Loewe Toy Pumps are Hanni's favourite pair.", "favourite"),
    ]:
        assert guard.problem(sentence) == f"claims a history ({words!r}) the sources do not give"
    assert guard.problem("Hanni wore the Loewe Toy Pumps at the airport.") is None
    sourced = SentenceGuard({"Hanni"}, set(), "Hanni wore them for the first time at the airport")
    assert sourced.problem("It was the first time Hanni wore them at the airport.") is None
    lenient = SentenceGuard({"Hanni"}, set(), "Hanni", strict_names=False)
    assert lenient.problem("Hanni always wears them.") is None  # a stronger model's prose is left to the review


def test_the_guard_drops_a_quotation_no_source_holds() -> None:
    facts = "Hanni wore the Loewe Toy Pumps at the airport. Post: Hanni covers the spring issue in Loewe"
    guard = SentenceGuard({"Hanni", "Loewe Toy Pumps"}, set(), facts)
    invented = 'Hanni wore the Loewe Toy Pumps, "the perfect airport shoe".'
    assert guard.problem(invented) == "quotes words no source holds ('the perfect airport shoe')"
    assert guard.problem("Hanni wore the Loewe Toy Pumps in “Hanni covers the spring issue in Loewe”.") is None
    assert guard.problem('Hanni is the "airport" of these Loewe Toy Pumps.') is None  # one sourced word


async def test_the_embedded_models_headlines_are_composed_from_the_facts() -> None:
    client = _client(PARAGRAPHS)
    outcome = await _draft(client, strict=True)
    assert outcome.content.title == "Jennie Effect: Jennie and the Chanel 22 Bag"
    assert outcome.content.subtitle.startswith("How Jennie wore the Chanel 22 Bag at the airport")
    assert outcome.notes["title"] == outcome.notes["subtitle"] == "from facts"
    assert not [c for c in client.calls if c.purpose in ("editorial_title", "editorial_subtitle")]


def test_sourced_names_get_their_own_capitals_and_closing_quotes_stay_with_their_sentence() -> None:
    names = {"GoPro", "Coach", "BLACKPINK"}
    assert canonical_case("The Gopro clip and the Blackpink look.", names) == "The GoPro clip and the BLACKPINK look."
    assert canonical_case("She took the coach to Coach.", names) == "She took the coach to Coach."
    pieces = {"Loewe Toy Pumps", "Celine Straight Jeans", "Coach"}
    assert canonical_case("Simple pieces like loewe toy pumps and celine straight jeans.", pieces) == (
        "Simple pieces like Loewe Toy Pumps and Celine Straight Jeans.")
    assert split_sentences('She said "go." Then she left.') == ['She said "go."', "Then she left."]


async def test_a_draft_is_written_paragraph_by_paragraph_from_each_fact_group() -> None:
    client = _client(PARAGRAPHS)
    outcome = await _draft(client, seed=7)
    content = outcome.content
    assert content.body_paragraphs == _led(PARAGRAPHS) and word_count(" ".join(PARAGRAPHS)) >= 300
    assert content.title == TITLE and content.subtitle == SUBTITLE
    calls = [c for c in client.calls if c.purpose == "editorial_paragraph"]
    assert len(calls) == 5 and all(c.output_schema is None and c.stop == ["\n"] for c in calls)
    # Each request carries only its own facts: the looks paragraph has the dates, the Celine bag is nowhere.
    assert "14 February 2026" in calls[1].prompt and "Celine" not in calls[1].prompt
    assert "product: Chanel 22 Bag by Chanel" in calls[2].prompt and "Calvin Klein" not in calls[2].prompt
    assert {m.name for m in content.product_mentions} == {"Chanel 22 Bag", "Calvin Klein 90s Straight Jeans"}
    assert [m.name for m in content.celeb_mentions] == ["Jennie"] and "#JennieEffect" in content.hashtags
    assert content.pull_quotes and content.pull_quotes[0].rstrip(".") in " ".join(PARAGRAPHS)
    assert outcome.notes["title"] == "generated" and outcome.notes["dropped"] == {}


async def test_a_short_or_cut_paragraph_is_continued_with_the_sentences_kept() -> None:
    first, second = PARAGRAPHS[0].split(" It shows up")
    cut = first + " It shows up at the airport and in"
    client = _client([cut, "It shows up" + second, *PARAGRAPHS[1:]], title="Harbour Linen: a copied headline")
    outcome = await _draft(client)
    calls = [c for c in client.calls if c.purpose == "editorial_paragraph"]
    assert calls[1].prompt.endswith(first)  # the kept sentence is given back; the fragment is not
    assert outcome.content.body_paragraphs[0] == _led(PARAGRAPHS)[0]
    assert outcome.notes["dropped"]["cut off mid-sentence"] == 1
    # A headline naming the example's fictional trend is refused; the title then comes from the facts.
    assert outcome.notes["title"] == "from facts"
    assert outcome.content.title == "Jennie Effect: Jennie and the Chanel 22 Bag"


async def test_a_revision_rewrites_only_the_paragraphs_the_evidence_quotes() -> None:
    bad = PARAGRAPHS[1].replace("Chanel 22 Bag", "Hermès Birkin 25")
    content = EditorialContent(keyword="Jennie Effect", title=TITLE, subtitle=SUBTITLE,
                               body_paragraphs=[PARAGRAPHS[0], bad, *PARAGRAPHS[2:]])
    claim = "Jennie set the pace on 14 February 2026 at the airport, carrying the Hermès Birkin 25 in olive leather"
    review = ReviewResult(passed=False, criteria=[
        CriterionResult(criterion="hallucination", passed=False, reason="Not in the sources: Hermès Birkin 25",
                        source="grounding", evidence=[f'"{claim}…" — not in the sources: Hermès Birkin 25']),
        CriterionResult(criterion="trend_relevance", passed=False, reason="Off topic", source="validation",
                        evidence=['body_paragraphs[4]: "Why does…" — mentions neither the topic']),
    ])  # fmt: skip
    targets = correction_targets(review, content)
    assert targets == ["body_paragraphs[1]", "body_paragraphs[4]"]
    client = _client([PARAGRAPHS[1], PARAGRAPHS[4]])
    feedback = [{"attempt": 1, "failed_criteria": [c.model_dump() for c in review.criteria]}]
    outcome = await EditorialService(client, known_names=KNOWN).revise(
        content=content, targets=targets, feedback_history=feedback, curated_topics=TOPICS,
        enriched_contexts=CONTEXTS, design_spec=DesignSpec())  # fmt: skip
    calls = client.calls
    assert [c.purpose for c in calls] == ["editorial_paragraph", "editorial_paragraph"]
    assert "Hermès" in calls[0].system and "celebrity: Jennie (BLACKPINK)" in calls[0].prompt  # feedback + facts
    led = _led(PARAGRAPHS)
    assert outcome.content.body_paragraphs == [PARAGRAPHS[0], led[1], *PARAGRAPHS[2:4], led[4]]
    assert outcome.content.title == TITLE
    assert outcome.notes["regenerated"] == ["body_paragraphs[1]", "body_paragraphs[4]"]


class _Service:
    """Returns prepared outcomes in order, recording the prompt variant each call asked for."""

    def __init__(self, outcomes: list[Any]) -> None:
        self.outcomes, self.variants = outcomes, []

    async def revise(self, **kwargs: Any) -> Any:
        self.variants.append(kwargs["variant"])
        return self.outcomes.pop(0)


def _outcome(paragraphs: list[str]) -> Any:
    content = EditorialContent(keyword="Jennie Effect", title=TITLE, body_paragraphs=paragraphs)
    layout = SimpleNamespace(model_dump=lambda mode="json": {"title": TITLE, "blocks": [
        {"paragraphs": paragraphs}]})  # fmt: skip
    return SimpleNamespace(content=content, layout=layout, notes={"regenerated": ["body_paragraphs[1]"]})


@pytest.mark.parametrize("repeats", [0, 1, 2])
async def test_a_revision_identical_to_its_predecessor_is_resampled(repeats: int) -> None:
    previous = EditorialContent(keyword="Jennie Effect", title=TITLE, body_paragraphs=PARAGRAPHS[:3])
    state = {"correction_targets": ["body_paragraphs[1]"], "current_content": previous.model_dump(mode="json"),
             "current_draft": {"title": TITLE, "blocks": [{"paragraphs": PARAGRAPHS[:3]}]}, "draft_version": 1}
    same = [_outcome(PARAGRAPHS[:3]) for _ in range(repeats)]
    fresh = _outcome([PARAGRAPHS[0], PARAGRAPHS[3], PARAGRAPHS[2]])
    service = _Service([*same, fresh])
    deps = SimpleNamespace(settings=SimpleNamespace(targeted_correction=True, content_type="fashion_magazine"))
    outcome, mode, resamples = await produce_distinct(service, state, deps)  # type: ignore[arg-type]
    assert unchanged(state, _outcome(PARAGRAPHS[:3]), mode) and not unchanged(state, fresh, mode)
    assert outcome is fresh and resamples == repeats and mode == "targeted:body_paragraphs[1]"
    assert service.variants == list(range(repeats + 1))  # each re-sample asks for another prompt variant


def test_a_revision_of_the_standfirst_alone_is_a_change_and_the_same_standfirst_a_repeat() -> None:
    # A revision that rewrote only the standfirst read as the whole draft unchanged and was re-sampled twice.
    previous = EditorialContent(keyword="Jennie Effect", title=TITLE, subtitle="Jennie Effect: the olive bag story",
                                body_paragraphs=PARAGRAPHS[:3])
    state = {"correction_targets": ["subtitle"], "current_content": previous.model_dump(mode="json"),
             "current_draft": {"title": TITLE, "blocks": [{"overlay_subtitle": previous.subtitle},
                                                          {"paragraphs": PARAGRAPHS[:3]}]}}

    def standfirst(text: str) -> Any:
        content = previous.model_copy(update={"subtitle": text})
        layout = SimpleNamespace(model_dump=lambda mode="json": {"title": TITLE, "blocks": [
            {"overlay_subtitle": text}, {"paragraphs": PARAGRAPHS[:3]}]})  # fmt: skip
        return SimpleNamespace(content=content, layout=layout, notes={"regenerated": []})

    new = standfirst("Four looks, one olive bag, and the week every fan page copied it")
    assert not unchanged(state, new, "targeted:subtitle")  # type: ignore[arg-type]
    assert unchanged(state, standfirst(previous.subtitle), "targeted:subtitle")  # type: ignore[arg-type]


async def test_a_paragraph_about_nothing_sourced_is_written_again() -> None:
    off = ("Many people like this look right now and it seems to be everywhere you go these days. It is easy to wear "
           "and it suits most people, so more and more of them choose it for work and for the weekend. Shops sell it "
           "in many colours and sizes. Friends copy each other and the idea spreads from one group to the next, "
           "which is how most looks become popular in the first place.")
    outcome = await _draft(_client([off, *PARAGRAPHS]))
    assert outcome.content.body_paragraphs == _led(PARAGRAPHS)
    assert outcome.notes["dropped"] == {"paragraph off topic, re-sampled": 1}


def test_the_guard_keeps_to_the_materials_colours_and_settings_of_the_paragraphs_facts() -> None:
    guard = SentenceGuard({"Minji", "Maison Kitsuné Chillax Fox Tee"}, set(), "Minji tee music video airport Paris")
    lenient = SentenceGuard({"Minji"}, set(), "Minji tee", strict_names=False)
    scope = frozenset({"minji", "maison", "kitsune", "chillax", "fox", "tee", "brown", "cotton", "jersey", "music",
                       "video"})
    assert guard.problem("The tee is light-weight denim.", scope=scope) == (
        "describes a piece as 'denim', which its facts do not")
    assert guard.problem("The tee is soft brown cotton.", scope=scope) is None
    assert lenient.problem("The tee is light-weight denim.", scope=frozenset({"tee"})) is None  # left to the review
    assert guard.problem("Minji wore the tee in a music video in Paris.", scope=scope) == (
        "places the scene at 'paris', which its facts do not")
    assert guard.problem("Minji wore the tee in Paris.") is None  # no scope given: the review decides
    assert guard.problem("Minji wore the tee in a music video.", scope=scope) is None
    sourced = SentenceGuard({"Minji"}, set(), "Minji tee music video 30 Montaigne", strict_names=True)
    assert sourced.problem("Minji wore 30 tee looks in a music video.", scope=scope) == (
        "quotes the number '30', which its paragraph's facts do not")
    assert guard.problem("The story is a journey about getting to know each other.", scope=scope) == (
        "shares too little with its paragraph's facts (0.00 of its words)")


def test_a_day_and_month_must_be_a_sourced_date() -> None:
    guard = SentenceGuard({"Jennie"}, set(), "Jennie 14 February 2026 23 May 2025", strict_names=False)
    assert guard.problem("Jennie wore it on 14 February.") is None
    assert guard.problem("Jennie wore it again on 23 February.") == "dates something 23 February, a day no source gives"


async def test_the_embedded_models_own_sentences_are_listed_in_the_draft() -> None:
    outcome = await _draft(_client(PARAGRAPHS), strict=True)
    entry = next(m for m in outcome.layout.metadata if m.key == MODEL_PROSE_KEY)
    listed = json.loads(entry.value)
    plans = build_outline("Jennie Effect", TOPICS, CONTEXTS, 0).plans
    leads = {s for plan in plans for s in split_sentences(plan.lead)}
    body = [s for p in outcome.content.body_paragraphs for s in split_sentences(p)]
    assert listed["sentences"] == [s for s in body if s not in leads] and listed["sentences"]
    assert listed["of"] == len(body) and outcome.notes["model_sentences"] == len(listed["sentences"])
    lenient = await _draft(_client(PARAGRAPHS), strict=False)  # a stronger model's prose is not marked
    assert not any(m.key == MODEL_PROSE_KEY for m in lenient.layout.metadata)


async def test_a_model_that_adds_nothing_usable_leaves_no_passable_fact_sheet() -> None:
    generic = ["People like this look and they wear it in many places every day of the week because it is easy."] * 12
    outcome = await _draft(_client(generic))
    plans = build_outline("Jennie Effect", TOPICS, CONTEXTS, 0).plans
    assert outcome.content.body_paragraphs == [split_sentences(p.lead)[0] for p in plans]
    assert outcome.notes["dropped"]["the model added nothing: openings cut to their first sentence"] == 1
    assert word_count(" ".join(outcome.content.body_paragraphs)) < 200  # under the review's length floor


async def test_a_top_up_that_adds_nothing_moves_on_to_another_paragraph() -> None:
    client = ScriptedClient({"editorial_paragraph": [{"text": "Zorblax quantum umbrellas flourish."}]})
    service = EditorialService(client, known_names=KNOWN, strict_names=True)
    run = service._run(TOPICS, CONTEXTS, system="", seed=1, variant=0)
    paragraphs = [split_sentences(plan.lead)[0] for plan in run.outline.plans]
    kept = await service._top_up(run, paragraphs)
    assert kept == paragraphs and run.dropped["top-up added nothing"] == 10
    asked = [next(i for i, p in enumerate(paragraphs) if c.prompt.endswith(p)) for c in client.calls]
    # Every paragraph is asked before any is asked again: not ten times the shortest one.
    assert sorted(asked[: len(paragraphs)]) == list(range(len(paragraphs)))
    assert max(asked.count(i) for i in set(asked)) - min(asked.count(i) for i in set(asked)) <= 1
    # A paragraph asked again is asked differently (seed and example), not the same request twice.
    for i in set(asked):
        requests = [(c.seed, tuple(c.few_shot)) for c, a in zip(client.calls, asked, strict=True) if a == i]
        assert len(set(requests)) == len(requests)


async def test_a_rewritten_paragraph_that_comes_back_short_is_topped_up_and_the_rest_stay_verbatim() -> None:
    content = EditorialContent(keyword="Jennie Effect", title=TITLE, subtitle=SUBTITLE, body_paragraphs=PARAGRAPHS)
    short = "Jennie carried the Chanel 22 Bag."
    more = "The Chanel 22 Bag went with her to the airport on 14 February 2026, and fans copied the look."
    cut_off = "and then the"  # dropped by the guard: the paragraph's own tries end short
    client = _client([short, *[cut_off] * (PARAGRAPH_TRIES - 1), more])
    outcome = await EditorialService(client, known_names=KNOWN).revise(
        content=content, targets=["body_paragraphs[1]"], feedback_history=[], curated_topics=TOPICS,
        enriched_contexts=CONTEXTS, design_spec=DesignSpec())  # fmt: skip
    body = outcome.content.body_paragraphs
    assert body[:1] == PARAGRAPHS[:1] and body[2:] == PARAGRAPHS[2:]
    assert body[1] == f"{_led(['', short])[1]} {more}"  # the short rewrite, then its top-up
    assert all("14 February 2026" in c.prompt for c in client.calls)  # every request was for paragraph 1's facts
