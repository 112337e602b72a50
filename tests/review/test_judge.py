"""LLM judge: one schema key per criterion; provider errors skip, never pass."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.review.judge import JudgeItem, judge_schema, run_judge
from editorial_ai.review.rubric import Criterion

from .helpers import layout

# Fixed here so the tests do not follow rubric edits (which criteria a rubric judges is the rubric's business).
CRITERIA = [
    Criterion(name="fact_accuracy", description="Names, trend descriptions and seasons match the source material."),
    Criterion(name="visual_appeal", description="Title, subtitle and pull quote are vivid.", importance="optional",
              severity="minor"),
    Criterion(name="trend_relevance", description="The article is about the seed keyword and its trend."),
]
NAMES = tuple(c.name for c in CRITERIA)


def _verdict(**overrides: Any) -> dict[str, Any]:
    data = {n: {"score": 0.9, "passed": True, "reason": f"{n} ok", "severity": "minor"} for n in NAMES}
    data.update(overrides)
    return data


def test_schema_keys_are_exactly_the_criteria() -> None:
    schema = judge_schema(NAMES)
    assert tuple(schema.model_fields) == NAMES
    assert all(f.annotation is JudgeItem and f.is_required() for f in schema.model_fields.values())
    assert judge_schema(NAMES) is schema  # cached
    other = judge_schema(("authenticity", "engagement"))
    assert set(other.model_fields) == {"authenticity", "engagement"}


def test_schema_rejects_a_missing_criterion() -> None:
    data = _verdict()
    del data["trend_relevance"]
    with pytest.raises(ValidationError, match="trend_relevance"):
        judge_schema(NAMES).model_validate(data)


async def test_judge_verdicts_map_to_criterion_results() -> None:
    client = ScriptedClient({"judge": [{"json": _verdict(
        visual_appeal={"score": 0.2, "passed": False, "reason": "Flat title.", "severity": "minor"})}]})
    results, error = await run_judge(client, layout(["x"]), "sources", CRITERIA)
    assert error is None
    assert [r.criterion for r in results] == list(NAMES)
    by_name = {r.criterion: r for r in results}
    assert by_name["fact_accuracy"].passed and by_name["fact_accuracy"].score == 0.9
    failed = by_name["visual_appeal"]
    assert not failed.passed and failed.reason == "Flat title." and failed.score == 0.2 and failed.source == "judge"
    assert not any(r.skipped for r in results)
    request = client.calls[0]
    assert request.purpose == "judge" and request.temperature == 0.0
    assert request.output_schema is judge_schema(NAMES)
    assert all(n in request.prompt for n in NAMES) and "sources" in request.prompt


@pytest.mark.parametrize(("item", "score"), [
    ({"passed": True, "score": 0.1}, 0.5),
    ({"passed": False, "score": 0.95}, 0.49),
    ({"passed": True}, 0.5),
    ({"passed": False, "score": 0.0}, 0.0),
    ({"passed": True, "score": 1.0}, 1.0),
])
async def test_score_is_kept_consistent_with_the_verdict(item: dict[str, Any], score: float) -> None:
    client = ScriptedClient({"judge": [{"json": _verdict(fact_accuracy={**item, "reason": "r"})}]})
    results, _ = await run_judge(client, layout(["x"]), "s", CRITERIA)
    assert results[0].score == score and results[0].passed is item["passed"]


async def test_out_of_range_score_skips_the_criteria() -> None:
    client = ScriptedClient({"judge": [{"json": _verdict(fact_accuracy={"score": 7, "passed": True, "reason": "r"})}]})
    results, error = await run_judge(client, layout(["x"]), "s", CRITERIA)
    assert error and all(r.skipped for r in results)


async def test_failed_criterion_takes_the_rubric_severity() -> None:
    client = ScriptedClient({"judge": [{"json": _verdict(
        fact_accuracy={"passed": False, "reason": "Wrong season.", "severity": "minor"})}]})
    results, _ = await run_judge(client, layout(["x"]), "s", CRITERIA)
    assert results[0].severity == "major"


async def test_empty_reason_gets_an_actionable_default() -> None:
    client = ScriptedClient({"judge": [{"json": _verdict(trend_relevance={"passed": False, "reason": " "})}]})
    results, _ = await run_judge(client, layout(["x"]), "s", CRITERIA)
    assert results[-1].reason.startswith("The judge failed it without naming a problem; the criterion: ")


@pytest.mark.parametrize("response", [
    {"error": "fatal", "message": "quota exceeded"},
    {"error": "transient", "message": "timeout"},
    {"text": "I think it is great!"},
    {"json": {"fact_accuracy": {"passed": True, "reason": "ok"}}},
])
async def test_judge_failure_skips_criteria_instead_of_passing_them(response: dict[str, Any]) -> None:
    client = ScriptedClient({"judge": [response]})
    results, error = await run_judge(client, layout(["x"]), "s", CRITERIA)
    assert error
    assert [r.criterion for r in results] == list(NAMES)
    assert all(r.skipped and not r.passed and r.verdict == "skipped" for r in results)
    assert all("human" in r.reason for r in results)


async def test_no_criteria_means_no_call() -> None:
    client = ScriptedClient({})
    assert await run_judge(client, layout(["x"]), "s", []) == ([], None)
    assert client.calls == []
