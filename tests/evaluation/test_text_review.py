"""Plain-text review: name/number grounding, structure checks and the text rubric end to end."""

from __future__ import annotations

import pytest

from editorial_ai.evaluation.artifact_review import Sources, check_text_format, review_artifact
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.review.rubric import load_rubric
from editorial_ai.review.text_grounding import check_text_grounding, extract_spans, number_key, ungrounded_spans

PASSAGES = ["A study by the University of Leeds followed 1,200 commuters in 2023.",
            "Cyclists reported 30% fewer sick days; Dolce & Gabbana sponsored the survey."]


def test_spans_join_capitalized_runs_and_connectors() -> None:
    spans = extract_spans("The House of Dior met Dolce & Gabbana in Paris Fashion Week, not Jennie's Chanel bag.")
    names = [s.text for s in spans if s.kind == "name"]
    assert names == ["The House of Dior", "Dolce & Gabbana", "Paris Fashion Week", "Jennie", "Chanel"]


def test_numbers_are_compared_without_separators() -> None:
    assert [number_key(n) for n in ("1,200", "40%", "3.50", "2024")] == ["1200", "40", "3.5", "2024"]
    assert ungrounded_spans("It followed 1200 commuters; 30 percent fewer sick days.", PASSAGES) == []
    assert ungrounded_spans("It followed 1,500 commuters.", PASSAGES) == ["1,500"]


def test_sentence_initial_words_are_not_names() -> None:
    draft = ("However, the University of Leeds study is small. Those results held in 2023. Taken together, it "
             "is a start. Another study may follow.")
    assert ungrounded_spans(draft, PASSAGES) == []


def test_sentence_initial_names_count_when_the_draft_capitalizes_them_elsewhere() -> None:
    assert ungrounded_spans("Oxford ran it. The study at Oxford was small.", PASSAGES) == ["Oxford"]
    assert ungrounded_spans("Oxford ran it.", PASSAGES) == []  # precision first at sentence starts
    assert ungrounded_spans("Professor Alan Smith ran it.", PASSAGES) == ["Professor Alan Smith"]


def test_invented_names_and_places_are_flagged() -> None:
    draft = "Professor Alan Smith of the University of Leeds presented it in Tokyo in 2023."
    assert ungrounded_spans(draft, PASSAGES) == ["Professor Alan Smith", "Tokyo"]


def test_headings_are_structure_not_claims() -> None:
    draft = "# A Bold New Commuting Study\n## Who Ran It?\nThe University of Leeds ran it."
    assert ungrounded_spans(draft, PASSAGES) == []


def test_check_text_grounding_verdicts() -> None:
    ok = check_text_grounding("The University of Leeds followed 1,200 commuters.", PASSAGES)
    assert ok.passed and ok.score == 1.0 and ok.source == "grounding"
    bad = check_text_grounding("The Oxford team followed 900 commuters.", PASSAGES)
    assert not bad.passed and bad.score == 0.0 and "Oxford" in bad.reason and "900" in bad.reason
    assert not check_text_grounding("   ", PASSAGES).passed


@pytest.mark.parametrize(("draft", "questions", "passed"), [
    # One full sentence is a well-formed short answer (a summary, a claim); two words are not a sentence.
    ("One sentence only.", [], True),
    ("Yes.", [], False),
    ("", [], False),
    ("It rained all day. The roads were wet.", [], True),
    ("# Title\n## Q1\nAnswer one.\n## Q2\nAnswer two.\n", ["Q1", "Q2"], True),
    ("# Title\n## Q1\nAnswer one.\n## Q2\n_(not answered)_\n", ["Q1", "Q2"], False),
    ("## Q1\nAnswer.\n", ["Q1"], False),
])
def test_text_format(draft: str, questions: list[str], passed: bool) -> None:
    assert check_text_format(draft, questions).passed is passed


def _judge(*answers: dict) -> ScriptedClient:
    return ScriptedClient({"judge": [{"json": a} for a in answers]})


async def test_text_rubric_is_deterministic_end_to_end() -> None:
    rubric = load_rubric("text")
    judge = _judge({"fact_accuracy": {"score": 0.9, "passed": True, "reason": "Matches."}})
    review = await review_artifact("The University of Leeds followed 1,200 commuters. They cycled in 2023.",
                                   rubric, PASSAGES, judge)
    assert review.result.passed and review.result.composite_score == 1.0
    assert [c.criterion for c in review.result.criteria] == ["format", "hallucination", "fact_accuracy", "relevance"]
    assert judge.calls == [], "every text criterion is counted or looked up, none is judged"
    bad = await review_artifact("The Oxford team followed 900 commuters. They cycled to work.", rubric, PASSAGES,
                                judge)
    assert not bad.result.passed
    failed = {c.criterion: c for c in bad.result.failed()}
    assert {"hallucination", "fact_accuracy"} <= set(failed)
    assert any('"The Oxford team followed 900 commuters."' in e for e in failed["fact_accuracy"].evidence)


async def test_format_failure_skips_the_rest_and_the_judge() -> None:
    judge = _judge({"fact_accuracy": {"score": 0.9, "passed": True, "reason": "x"}})
    review = await review_artifact("Too short.", load_rubric("text"), PASSAGES, judge)
    assert not review.result.passed and judge.calls == []
    assert [c.skipped for c in review.result.criteria] == [False, True, True, True]


async def test_no_judge_needed_for_text() -> None:
    review = await review_artifact("The University of Leeds ran it. It had 1,200 commuters.", load_rubric("text"),
                                   PASSAGES, None)
    assert review.judge_error is None and review.result.passed
    assert not any(c.skipped for c in review.result.criteria)


STORE = ['A post titled "Jennie at the airport" shows Jennie of BLACKPINK at an airport fashion moment. In that post '
         "Jennie wears the Chanel 22 Bag. The post was published on 9 September 2025 and has 2,129,096 views.",
         'A post titled "V at the pop-up" shows V of BTS at a pop-up store event. In that post V wears the '
         "Balenciaga Track Sneakers."]


async def test_one_line_answer_is_valid_prose_with_or_without_a_question() -> None:
    review = await review_artifact("Jennie wore the Chanel 22 Bag.", load_rubric("text"), STORE, None,
                                   question="What did Jennie wear at the airport?")
    assert review.result.passed, review.result.summary
    # A short, well-formed summary is judged on what it says, not failed for its length.
    without = await review_artifact("Jennie wore the Chanel 22 Bag.", load_rubric("text"), STORE, None)
    assert without.result.criteria[0].criterion == "format" and without.result.criteria[0].passed
    fragment = await review_artifact("Chanel bag", load_rubric("text"), STORE, None)
    assert not fragment.result.passed and fragment.result.criteria[0].criterion == "format"


async def test_names_in_the_question_are_context_not_claims() -> None:
    question = "After the Lisa post, one question: how many views does the post \"Jennie at the airport\" have?"
    review = await review_artifact("The post has 2,129,096 views.", load_rubric("text"), STORE, None,
                                   question=question)
    assert review.result.passed, review.result.summary  # "Lisa" is only in the question


async def test_an_answer_about_another_passage_is_not_relevant() -> None:
    review = await review_artifact("V wears the Balenciaga Track Sneakers.", load_rubric("text"), STORE, None,
                                   question="What did Jennie wear at the airport?")
    relevance = {c.criterion: c for c in review.result.criteria}["relevance"]
    assert not relevance.passed and "does not answer the question" in relevance.reason


async def test_a_pairing_the_passages_do_not_make_fails_fact_accuracy() -> None:
    known = {"artists": {"Jennie", "V"}, "products": {"Chanel 22 Bag", "Balenciaga Track Sneakers"},
             "brands": {"Chanel", "Balenciaga"}}
    review = await review_artifact("Jennie wore the Balenciaga Track Sneakers at the airport.", load_rubric("text"),
                                   STORE, None, known_entities=known, question="What did Jennie wear at the airport?")
    by_name = {c.criterion: c for c in review.result.criteria}
    assert by_name["hallucination"].passed and not by_name["fact_accuracy"].passed
    assert "no source post ties Jennie" in by_name["fact_accuracy"].reason


def test_sources_coerce_shapes() -> None:
    assert Sources.coerce(["a", "b"]).passages == ["a", "b"]
    assert Sources.coerce([{"artist_name": "Jennie"}]).enriched_contexts == [{"artist_name": "Jennie"}]
    src = Sources.coerce({"passages": ["p"], "sub_questions": ["q"], "topic": "t"})
    assert (src.passages, src.sub_questions, src.topic) == (["p"], ["q"], "t")
    assert "Topic: t" in src.as_text()


async def test_a_text_claim_may_join_figures_from_two_passages() -> None:
    """Free-text passages often leave their subject unnamed: "40%" given beside "backups" alone still supports
    "Falcon 3.1 ... cutting their size by about 40%"; a figure no passage gives still fails."""
    passages = ["Version 3.1 of the Falcon database adds point-in-time recovery.",
                "Backups are now compressed, which cuts their size by about 40%."]
    good = await review_artifact("Falcon 3.1 adds point-in-time recovery and compresses backups, cutting their size "
                                 "by about 40%.", load_rubric("text"), passages, None)
    assert good.result.passed, good.result.summary
    bad = await review_artifact("Falcon 3.1 adds point-in-time recovery and compresses backups, cutting their size "
                                "by about 60%.", load_rubric("text"), passages, None)
    assert not bad.result.passed
