"""The probability judge on the real embedded model: the score follows the draft, the verdict follows the score."""

from __future__ import annotations

import pytest

from editorial_ai.config import Settings
from editorial_ai.llm.base import probability_scorer
from editorial_ai.llm.registry import get_client
from editorial_ai.observability.tokens import harvest_tokens, start_token_scope
from editorial_ai.prompts.review import NO, YES
from editorial_ai.review.consistency import result_contradiction
from editorial_ai.review.judge import JudgeDocument, judge_by_probability
from editorial_ai.review.reliability import ReliabilityTable
from editorial_ai.review.rubric import Criterion

pytestmark = pytest.mark.slow

SOURCES = ("Topic: quiet luxury -- understated cashmere coats and clean tailoring.\n"
           "Post: Jennie / airport: Loro Piana Cashmere Coat")
GOOD = ("Title: Jennie and quiet luxury\nParagraph: Jennie wore a Loro Piana Cashmere Coat at the airport.\n"
        "Paragraph: Quiet luxury means understated cashmere coats and clean tailoring.")
BAD = ("Title: Stock markets today\nParagraph: Oil prices rose and the stock market fell sharply last week.\n"
       "Paragraph: Football fans celebrated the cup final in 1998.")
RELEVANCE = Criterion(name="trend_relevance", description="The article is about the seed keyword")
# The few-shot answers every asked question for a good and a bad example, so more questions teach more.
CRITERIA = [RELEVANCE, Criterion(name="fact_accuracy", description="Statements match the sources"),
            Criterion(name="repetition", description="Each point is made once")]


async def _score(document: str, table: ReliabilityTable) -> tuple[float, bool, str]:
    scorer = probability_scorer(get_client("local:gemma-3-270m", Settings()))
    assert scorer is not None
    results, error = await judge_by_probability(
        scorer, JudgeDocument(kind="article", text=document, sources=SOURCES, topic="quiet luxury"), CRITERIA,
        content_type="fashion_magazine", table=table)
    assert error is None and not any(result_contradiction(r) for r in results)
    return float(results[0].score or 0.0), results[0].passed, results[0].reason


async def test_p_yes_separates_an_on_topic_draft_from_an_off_topic_one_and_the_verdict_follows() -> None:
    unmeasured = ReliabilityTable()
    good, _, _ = await _score(GOOD, unmeasured)
    bad, _, _ = await _score(BAD, unmeasured)
    assert good - bad > 0.05, (good, bad)
    middle = round((good + bad) / 2, 4)
    table = ReliabilityTable.model_validate({"backends": [{"backend": "local:*", "unmeasured": "advisory",
                                                           "criteria": [{"content_type": "fashion_magazine",
                                                                         "criterion": "trend_relevance",
                                                                         "kappa": 0.9, "threshold": middle}]}]})
    score, passed, reason = await _score(GOOD, table)
    assert score == pytest.approx(good) and passed and "meets the" in reason
    score, passed, reason = await _score(BAD, table)
    assert score == pytest.approx(bad) and not passed and "below the" in reason


async def test_score_options_is_normalised_and_counts_its_tokens() -> None:
    scorer = probability_scorer(get_client("local:gemma-3-270m", Settings()))
    assert scorer is not None
    start_token_scope()
    probabilities = await scorer.score_options("Question: Is snow cold?\nAnswer:", [YES, NO])
    usage = harvest_tokens()
    assert set(probabilities) == {YES, NO} and sum(probabilities.values()) == pytest.approx(1.0)
    assert usage and usage[0]["prompt_tokens"] > 5 and usage[0]["purpose"] == "judge"
