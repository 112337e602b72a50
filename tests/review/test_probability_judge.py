"""The probability judge: one yes/no question per criterion, score = P(Yes), templated reasons, reliability marks;
and the consistency guard of structured judges."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from editorial_ai.llm.base import LLMError, LLMRequest, LLMResult, ProbabilityScorer, probability_scorer
from editorial_ai.llm.retry import RetryingClient
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.prompts.review import NO, YES, build_probability_examples
from editorial_ai.review.consistency import result_contradiction
from editorial_ai.review.judge import JudgeItem, guarded_verdict, run_judge
from editorial_ai.review.reliability import ReliabilityTable

from .helpers import layout
from .test_judge import CRITERIA

TABLE = ReliabilityTable.model_validate({"backends": [
    {"backend": "local:fake", "unmeasured": "advisory", "criteria": [
        {"content_type": "fashion_magazine", "criterion": "fact_accuracy", "kappa": 0.81, "n": 40, "threshold": 0.3},
        {"content_type": "fashion_magazine", "criterion": "trend_relevance", "kappa": 0.1, "n": 40,
         "threshold": 0.6}]}]})


class FakeScorer:
    """P(Yes) per question, looked up by a word of the question; records every prompt."""

    def __init__(self, p_yes: dict[str, float], name: str = "local:fake") -> None:
        self.name = name
        self.p_yes = p_yes
        self.prompts: list[str] = []

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        raise AssertionError("a probability judge never generates verdict text")

    async def score_options(self, prompt: str | Sequence[str], options: list[str]) -> dict[str, float]:
        self.prompts.append(prompt if isinstance(prompt, str) else "".join(prompt))
        question = self.prompts[-1].rsplit("Question:", 1)[1]
        p = next(v for k, v in self.p_yes.items() if k in question)
        return {YES: p, NO: 1 - p}


async def test_scores_are_p_yes_against_each_criterion_threshold_with_templated_reasons() -> None:
    scorer = FakeScorer({"agree": 0.41, "vivid": 0.9, "about": 0.55})
    results, error = await run_judge(RetryingClient(scorer), layout(["Jennie wore Chanel."]), "Topic: Jennie Effect",
                                     CRITERIA, content_type="fashion_magazine", table=TABLE)
    assert error is None
    by = {r.criterion: r for r in results}
    fact, visual, trend = by["fact_accuracy"], by["visual_appeal"], by["trend_relevance"]
    assert (fact.score, fact.passed, fact.advisory) == (0.41, True, False)  # 0.41 >= the tuned 0.30
    assert fact.reason == ("Names, trend descriptions and seasons match the source material: scored 0.41, meets the "
                           "0.30 threshold.")
    assert fact.reliability == "kappa 0.81 on local:fake (n=40)"
    assert (trend.passed, trend.advisory) == (False, True) and "below the 0.60 threshold" in trend.reason
    assert trend.reliability == "kappa 0.10 < 0.4 on local:fake (n=40)"
    assert (visual.passed, visual.advisory) == (True, True) and visual.reliability == "unmeasured on local:fake"
    assert all(r.source == "judge" and result_contradiction(r) is None for r in results)


async def test_the_draft_comes_before_the_question_so_the_prefix_is_shared() -> None:
    scorer = FakeScorer({"": 0.5})
    await run_judge(scorer, layout(["Jennie wore Chanel."]), "Topic: Jennie Effect -- bags", CRITERIA,
                    content_type="fashion_magazine", table=TABLE)
    prefixes = {p.rsplit("Question:", 1)[0] for p in scorer.prompts}
    assert len(scorer.prompts) == 3 and len(prefixes) == 1
    prefix = prefixes.pop()
    assert "Jennie wore Chanel." in prefix and "Answer: Yes" in prefix and "Answer: No" in prefix
    assert scorer.prompts[2].endswith("Question: Is every paragraph of the draft about Jennie Effect?\nAnswer:")


def test_the_few_shot_names_nobody_from_the_catalog() -> None:
    prefix = build_probability_examples("article", CRITERIA)
    for name in ("Jennie", "Lisa", "Chanel", "BLACKPINK", "Gucci"):
        assert name not in prefix


async def test_a_scorer_failure_skips_every_criterion() -> None:
    class Broken(FakeScorer):
        async def score_options(self, prompt: str | Sequence[str], options: list[str]) -> dict[str, float]:
            raise LLMError("context full")

    results, error = await run_judge(Broken({}), layout(["x"]), "s", CRITERIA, content_type="fashion_magazine",
                                     table=TABLE)
    assert error == "context full" and all(r.skipped and not r.passed for r in results)


def test_probability_scorer_looks_under_wrappers_only_for_providers_that_score() -> None:
    scorer = FakeScorer({})
    assert isinstance(scorer, ProbabilityScorer)
    assert probability_scorer(RetryingClient(scorer)) is scorer
    assert probability_scorer(RetryingClient(ScriptedClient({}))) is None
    assert probability_scorer(None) is None


async def test_structured_verdicts_carry_the_table_figure() -> None:
    client = ScriptedClient({"judge": [{"json": {n: {"score": 0.9, "passed": True, "reason": "Specific.",
                                                     "severity": "minor"} for n in ("fact_accuracy",
                                                                                   "visual_appeal",
                                                                                   "trend_relevance")}}]},
                            name="local:fake")  # a structured judge under a label the table knows
    results, _ = await run_judge(client, layout(["x"]), "s", CRITERIA, content_type="fashion_magazine", table=TABLE)
    by = {r.criterion: r for r in results}
    assert not by["fact_accuracy"].advisory and by["trend_relevance"].advisory
    assert by["trend_relevance"].reliability.startswith("kappa 0.10 < 0.4")


@pytest.mark.parametrize(("item", "score", "note"), [
    (JudgeItem(passed=False, score=0.2, reason="Every name in the draft is in the sources."), 0.2,
     "contradicted its verdict"),
    (JudgeItem(passed=True, score=0.9, reason="Fails: the season is wrong."), 0.9, "contradicted its verdict"),
    (JudgeItem(passed=False, score=0.8, reason="The season is wrong."), 0.49, "score 0.80 set to 0.49"),
    (JudgeItem(passed=True, score=0.9, reason="Names and seasons match."), 0.9, None),
])
def test_the_guard_repairs_contradictions_and_says_so(item: JudgeItem, score: float, note: str | None) -> None:
    result = guarded_verdict(CRITERIA[0], item)
    assert result.passed is item.passed and result.score == score
    assert result_contradiction(result) is None
    if note is None:
        assert result.reason == item.reason and not result.evidence
    else:
        assert note in result.reason
    if "contradicted" in (note or ""):
        assert result.evidence == [f"the judge's own reason, which contradicted its verdict: {item.reason}"]


async def test_a_criterion_that_names_its_parts_is_judged_on_those_parts_alone() -> None:
    from editorial_ai.models.rubric import Criterion

    visual = Criterion(name="visual_appeal", description="Title, subtitle and pull quote are vivid.",
                       importance="optional", severity="minor", reads=["title", "subtitle", "pull_quote"])
    draft = layout(["Jennie wore Chanel at the airport."])
    scorer = FakeScorer({"": 0.7})
    results, error = await run_judge(scorer, draft, "Topic: Jennie Effect -- Chanel 22 Bag", [visual],
                                     content_type="fashion_magazine", table=TABLE)
    assert error is None and results[0].score == 0.7
    document = scorer.prompts[0].rsplit("Question:", 1)[0]
    assert f"Title: {draft['title']}" in document
    assert "Jennie wore Chanel at the airport." not in document and "Chanel 22 Bag" not in document
    scorer.prompts.clear()  # one criterion reading the whole draft brings the body and the sources back
    await run_judge(scorer, draft, "Topic: Jennie Effect -- Chanel 22 Bag", [visual, CRITERIA[0]],
                    content_type="fashion_magazine", table=TABLE)
    assert "Jennie wore Chanel at the airport." in scorer.prompts[0] and "Chanel 22 Bag" in scorer.prompts[0]
