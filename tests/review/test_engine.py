"""The hybrid review: format fails fast, then grounding, then the judge, then the pass rule."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.review import engine
from editorial_ai.review.engine import ReviewContext, review_draft
from editorial_ai.review.rubric import load_rubric
from editorial_ai.review.sources import Sources

from .helpers import ARTICLE, CONTEXTS, KNOWN, TOPICS, layout

RUBRIC = load_rubric("fashion_magazine")
JUDGED = [c.name for c in RUBRIC.by_check("judge")]
CONTEXT = ReviewContext(sources=Sources(curated_topics=TOPICS, enriched_contexts=CONTEXTS), known_entities=KNOWN)
PARAGRAPHS = ARTICLE
GOOD = layout(PARAGRAPHS, celebs=[{"name": "Jennie"}], products=[{"name": "Chanel 22 Bag", "brand": "Chanel"}],
              hashtags=["#JennieEffect"])


def _judge(passed: bool = True) -> ScriptedClient:
    return ScriptedClient({"judge": [{"json": {n: {"score": 1.0 if passed else 0.0, "passed": passed,
                                                 "reason": f"{n}!"} for n in JUDGED}}]})


def _by_name(result: Any) -> dict[str, Any]:
    return {c.criterion: c for c in result.criteria}


async def test_clean_draft_passes_every_criterion() -> None:
    result = await review_draft(GOOD, RUBRIC, CONTEXT, _judge())
    assert result.passed and not result.judge_skipped and result.composite_score == 1.0
    assert [c.criterion for c in result.criteria] == [c.name for c in RUBRIC.criteria]
    assert all(c.passed for c in result.criteria)
    assert result.summary == "Passed review." and result.suggestions == []


async def test_format_failure_stops_before_grounding_and_judge() -> None:
    judge = _judge()
    result = await review_draft(None, RUBRIC, CONTEXT, judge)
    assert not result.passed and judge.calls == []
    by_name = _by_name(result)
    assert not by_name["format"].passed and not by_name["format"].skipped
    assert all(by_name[n].skipped for n in ["hallucination", *JUDGED])
    assert result.composite_score == 0.0
    assert result.suggestions == [by_name["format"].reason]


async def test_hallucination_fails_even_when_the_judge_is_happy() -> None:
    draft = layout([*PARAGRAPHS[:3], PARAGRAPHS[3] + " Jennie wore Versace heels to finish the look."],
                   celebs=[{"name": "Jennie"}], products=[{"name": "Heels", "brand": "Versace"}], hashtags=["#Jennie"])
    result = await review_draft(draft, RUBRIC, CONTEXT, _judge())
    assert not result.passed
    assert [c.criterion for c in result.failed()] == ["hallucination", "fact_accuracy"]
    assert any("Versace" in s for s in result.suggestions)
    assert "Failed: hallucination, fact_accuracy." in result.summary


async def test_judge_down_skips_judge_criteria_and_only_the_optional_one_is_unchecked() -> None:
    judge = ScriptedClient({"judge": [{"error": "fatal", "message": "judge offline"}]})
    result = await review_draft(GOOD, RUBRIC, CONTEXT, judge)
    # Every gating criterion is deterministic now; the judge only scores the optional visual appeal.
    assert result.passed and result.judge_skipped
    by_name = _by_name(result)
    assert by_name["format"].passed and by_name["hallucination"].passed
    assert all(by_name[n].skipped for n in JUDGED)
    assert result.failed() == []
    assert "judge offline" in result.summary and "Not checked" in result.summary


async def test_no_judge_configured_skips_judge_criteria() -> None:
    result = await review_draft(GOOD, RUBRIC, CONTEXT, None)
    assert result.passed and result.judge_skipped
    assert all(_by_name(result)[n].skipped for n in JUDGED)
    assert "no judge" in result.summary


async def test_judge_failures_become_suggestions() -> None:
    result = await review_draft(GOOD, RUBRIC, CONTEXT, _judge(passed=False))
    assert result.passed, "an optional judged criterion never blocks the deterministic gate"
    assert {c.criterion for c in result.failed()} == set(JUDGED)
    assert "visual_appeal: visual_appeal!" in result.suggestions


async def test_completeness_is_counted_not_judged() -> None:
    judge = _judge()
    thin = layout(["Only one paragraph about Jennie."], celebs=[{"name": "Jennie"}])
    result = await review_draft(thin, RUBRIC, CONTEXT, judge)
    completeness = _by_name(result)["content_completeness"]
    assert completeness.source == "validation" and not completeness.passed
    assert "product" in completeness.reason and "4 body paragraphs" in completeness.reason
    assert "hashtags" in completeness.reason
    assert "content_completeness" not in judge.calls[0].prompt.split("Source material")[0]


async def test_the_judges_request_is_in_flight_while_the_deterministic_checks_run(monkeypatch: Any) -> None:
    order: list[str] = []
    scripted = _judge()

    class SlowJudge:
        name = scripted.name

        async def generate(self, request: Any) -> Any:
            order.append("judge sent")
            await asyncio.sleep(0.01)
            order.append("judge answered")
            return await scripted.generate(request)

    real = engine.deterministic_review

    def checks(*args: Any, **kwargs: Any) -> Any:
        order.append("deterministic checks")
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "deterministic_review", checks)
    result = await review_draft(GOOD, RUBRIC, CONTEXT, SlowJudge())  # type: ignore[arg-type]
    assert order == ["judge sent", "deterministic checks", "judge answered"]
    assert result.passed and [c.criterion for c in result.criteria] == [c.name for c in RUBRIC.criteria]


async def test_a_failing_deterministic_check_cancels_the_judges_request(monkeypatch: Any) -> None:
    cancelled = asyncio.Event()

    class HangingJudge:
        name = "hanging"

        async def generate(self, request: Any) -> Any:
            try:
                await asyncio.sleep(30)
            except asyncio.CancelledError:
                cancelled.set()
                raise

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("checks crashed")

    monkeypatch.setattr(engine, "deterministic_review", broken)
    with pytest.raises(RuntimeError, match="checks crashed"):
        await review_draft(GOOD, RUBRIC, CONTEXT, HangingJudge())  # type: ignore[arg-type]
    await asyncio.wait_for(cancelled.wait(), 1)
