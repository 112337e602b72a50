"""The research brief's critic: lenient reading of its answers and the fallbacks that keep a brief moving."""

from __future__ import annotations

import pytest

from editorial_ai.content_types.research_brief import RESEARCH_BRIEF
from editorial_ai.content_types.research_brief.critic import GENERIC_REVISION, critique, parse_critic
from editorial_ai.content_types.research_brief.models import CriticVerdict
from editorial_ai.llm.retry import RetryingClient
from editorial_ai.llm.scripted import ScriptedClient

BRIEF = RESEARCH_BRIEF.rubric()


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
