"""Defensive reading of judge answers, and the judge's provider failures."""

from __future__ import annotations

import pytest

from editorial_ai.content_types.research_brief import RESEARCH_BRIEF
from editorial_ai.evaluation.text_judge import judge_text, parse_judgement
from editorial_ai.llm.retry import RetryingClient
from editorial_ai.llm.scripted import ScriptedClient

BRIEF = RESEARCH_BRIEF.rubric()
JUDGED = BRIEF.by_check("judge")


def _client(responses: list[dict]) -> RetryingClient:
    return RetryingClient(ScriptedClient({"judge": responses}), base_wait_s=0.001)


def test_judge_accepts_nested_flat_and_partial_answers() -> None:
    judgement = parse_judgement(
        'Verdict:\n```\n{"comprehensiveness": {"score": "9/10", "reason": "All answered."},'
        ' "synthesis_score": 0.3, "clarity": {"passed": true}, "justification": "Solid."}\n```', JUDGED)
    by = {c.criterion: c for c in judgement.criteria}
    assert by["comprehensiveness"].score == 0.9 and by["comprehensiveness"].passed
    assert by["synthesis"].score == 0.3 and not by["synthesis"].passed
    assert by["clarity"].passed and by["clarity"].score == 1.0
    assert judgement.justification == "Solid." and judgement.error is None


def test_judge_score_and_verdict_never_disagree() -> None:
    judgement = parse_judgement('{"comprehensiveness": {"score": 0.9, "passed": false},'
                                ' "synthesis": {"score": 0.2, "passed": true}, "clarity": 0.7}', JUDGED)
    by = {c.criterion: c for c in judgement.criteria}
    assert by["comprehensiveness"].score == 0.49 and not by["comprehensiveness"].passed
    assert by["synthesis"].score == 0.5 and by["synthesis"].passed
    assert by["clarity"].score == 0.7 and by["clarity"].passed


def test_judge_missing_criterion_is_skipped_not_passed() -> None:
    judgement = parse_judgement('{"comprehensiveness": 0.8}', JUDGED)
    skipped = [c.criterion for c in judgement.criteria if c.skipped]
    assert skipped == ["synthesis", "clarity"] and judgement.error is None
    assert "comprehensiveness" in judgement.justification


@pytest.mark.parametrize("text", ["no idea", '{"unrelated": 1}'])
def test_unreadable_judge_answer_skips_every_criterion(text: str) -> None:
    judgement = parse_judgement(text, JUDGED)
    assert all(c.skipped and not c.passed for c in judgement.criteria)
    assert judgement.error


async def test_judge_provider_failure_is_recorded() -> None:
    judgement = await judge_text(_client([{"error": "fatal", "message": "401 revoked"}]), BRIEF,
                                 final_text="# T", sources_text="")
    assert judgement.error == "401 revoked" and all(c.skipped for c in judgement.criteria)


async def test_judge_runs_at_temperature_zero_with_the_rubric_text() -> None:
    scripted = ScriptedClient({"judge": [{"json": {"comprehensiveness": {"score": 0.8, "passed": True, "reason": "ok"},
                                                   "synthesis": {"score": 0.7, "passed": True, "reason": "ok"},
                                                   "clarity": {"score": 0.9, "passed": True, "reason": "ok"},
                                                   "justification": "Good."}}]})
    judgement = await judge_text(scripted, BRIEF, final_text="# T\n## Q\nA.", sources_text="- passage",
                                 sub_questions=["Q"])
    request = scripted.calls[0]
    assert request.temperature == 0.0 and request.purpose == "judge"
    assert "- synthesis: " in request.prompt and "1. Q" in request.prompt
    assert [c.score for c in judgement.criteria] == [0.8, 0.7, 0.9]
