"""Defensive parsing of critic and judge answers, and their fallbacks."""

from __future__ import annotations

import pytest

from editorial_ai.evaluation.critic import GENERIC_REVISION, critique, parse_critic
from editorial_ai.evaluation.parsing import ParseError, coerce_bool, coerce_score, coerce_str_list, loads_lenient
from editorial_ai.evaluation.text_judge import judge_text, parse_judgement
from editorial_ai.llm.retry import RetryingClient
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.models.research_brief import CriticVerdict
from editorial_ai.review.rubric import load_rubric

BRIEF = load_rubric("research_brief")
JUDGED = BRIEF.by_check("judge")


@pytest.mark.parametrize("text", [
    '{"a": 1}',
    '```json\n{"a": 1}\n```',
    'Sure! Here is the verdict:\n{"a": 1}\nHope this helps.',
    "{'a': 1,}",
])
def test_loads_lenient_recovers_the_object(text: str) -> None:
    assert loads_lenient(text) == {"a": 1}


@pytest.mark.parametrize("text", ["", "no json here", "[1, 2]"])
def test_loads_lenient_rejects_non_objects(text: str) -> None:
    with pytest.raises(ParseError):
        loads_lenient(text)


@pytest.mark.parametrize(("value", "expected"), [
    (0.8, 0.8), ("0.8", 0.8), ("8/10", 0.8), ("80%", 0.8), (8, 0.8), (80, 0.8), (1, 1.0), (0, 0.0),
    (-0.3, 0.0), (250, 1.0), ({"score": 0.4}, 0.4), ("3 / 4", 0.75), ("score: 0.65", 0.65),
    (None, None), ("excellent", None), ("1/0", None),
])
def test_coerce_score(value: object, expected: float | None) -> None:
    assert coerce_score(value) == expected


@pytest.mark.parametrize(("value", "expected"), [
    (True, True), ("yes", True), ("Publishable", True), ("pass", True), (1, True),
    (False, False), ("no", False), ("FAIL", False), (0, False), ("maybe", None), (None, None),
])
def test_coerce_bool(value: object, expected: bool | None) -> None:
    assert coerce_bool(value) is expected


def test_coerce_str_list_accepts_lists_blocks_and_dicts() -> None:
    assert coerce_str_list(["a", " ", "b"]) == ["a", "b"]
    assert coerce_str_list("- first\n* second\n") == ["first", "second"]
    assert coerce_str_list([{"instruction": "do x"}]) == ["do x"]
    assert coerce_str_list(None) == []


# --- critic -------------------------------------------------------------------------------------------------

def test_critic_parses_fenced_json_with_loose_values() -> None:
    verdict = parse_critic('```json\n{"is_publishable": "no", "revisions_needed": "- Add a synthesis"}\n```')
    assert not verdict.is_publishable and verdict.revisions_needed == ["Add a synthesis"]
    assert verdict.wants_revision and verdict.flag is None


def test_critic_publishable_drops_stray_revisions() -> None:
    verdict = parse_critic('{"is_publishable": true, "revisions_needed": ["polish"]}')
    assert verdict.is_publishable and verdict.revisions_needed == [] and not verdict.wants_revision


def test_critic_revisions_without_verdict_mean_not_publishable() -> None:
    verdict = parse_critic('{"revisions": ["Answer question 2."]}')
    assert not verdict.is_publishable and verdict.revisions_needed == ["Answer question 2."]


@pytest.mark.parametrize("text", ["I think it is fine", '{"mood": "good"}'])
def test_malformed_critic_answer_asks_for_a_generic_revision(text: str) -> None:
    verdict = parse_critic(text)
    assert not verdict.is_publishable
    assert verdict.revisions_needed == [GENERIC_REVISION]
    assert verdict.flag == "critic_malformed" and verdict.error


def _client(responses: list[dict]) -> RetryingClient:
    return RetryingClient(ScriptedClient({"critic": responses, "judge": responses}), base_wait_s=0.001)


async def _critique(responses: list[dict]) -> CriticVerdict:
    return await critique(_client(responses), BRIEF, draft="# T\n## Q\nA.", topic="T", audience="editors",
                          sub_questions=["Q"])


async def test_critic_provider_error_is_publishable_with_flag() -> None:
    verdict = await _critique([{"error": "fatal", "message": "quota exhausted"}])
    assert verdict.is_publishable and verdict.flag == "critic_unavailable" and "quota" in (verdict.error or "")


async def test_critic_transient_error_is_retried() -> None:
    verdict = await _critique([{"error": "transient"}, {"json": {"is_publishable": False,
                                                                 "revisions_needed": ["Cite a product."]}}])
    assert verdict.revisions_needed == ["Cite a product."] and verdict.flag is None


async def test_critic_unparseable_structured_answer_falls_back() -> None:
    verdict = await _critique([{"text": "The draft looks great to me!"}])
    assert verdict.flag == "critic_malformed" and not verdict.is_publishable


async def test_critic_answer_that_fails_the_schema_is_read_leniently() -> None:
    verdict = await _critique([{"text": '{"is_publishable": "yes please"}'}])
    assert verdict.flag == "critic_malformed"
    verdict = await _critique([{"text": '{"is_publishable": "YES"}'}])
    assert verdict.is_publishable and verdict.flag is None


# --- judge --------------------------------------------------------------------------------------------------

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
