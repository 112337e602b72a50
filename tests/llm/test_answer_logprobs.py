"""The probability judge on a remote chat model: P(option) from the first answer token's top log-probabilities,
through the real openai SDK against a local chat-completions server."""

from __future__ import annotations

import math
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.llm.answer_logprobs import JUDGE_CHAT_SYSTEM, TOP_LOGPROBS, option_probabilities
from editorial_ai.llm.base import LLMError, probability_scorer
from editorial_ai.llm.openai_compat import OpenAICompatClient, create_client
from editorial_ai.llm.registry import parse_model_string
from editorial_ai.observability.tokens import harvest_tokens, start_token_scope

from .wire_servers import Reply, WireServer, openai_error, openai_ok, openai_server

__all__ = ["openai_server"]  # the fixture these tests take


# A one-paragraph article layout, as the judge reads drafts.
DRAFT: dict[str, Any] = {"keyword": "Jennie Effect", "title": "The Jennie Effect",
                         "blocks": [{"type": "body_text", "paragraphs": ["Jennie carried the Chanel 22 Bag."]}]}


def _client(url: str) -> OpenAICompatClient:
    return create_client(parse_model_string(f"openai:qwen@{url}/v1"), Settings(_env_file=None))


def _answer(top: list[tuple[str, float]]) -> Reply:
    """A one-token reply whose logprobs list `top` as the first token's alternatives."""
    reply = openai_ok(top[0][0], prompt_tokens=120, completion_tokens=1)
    choice: dict[str, Any] = reply.body["choices"][0]
    choice["logprobs"] = {"content": [{"token": top[0][0], "logprob": top[0][1], "bytes": None, "top_logprobs": [
        {"token": t, "logprob": lp, "bytes": None} for t, lp in top]}]}
    return reply


def test_option_shares_add_every_form_of_an_option_s_first_token() -> None:
    top = [("Yes", math.log(0.6)), (" yes", math.log(0.1)), ("No", math.log(0.2)), ("Maybe", math.log(0.1))]
    shares = option_probabilities(top, ["Yes", "No"])
    assert shares is not None
    assert shares["Yes"] == pytest.approx(0.7 / 0.9) and shares["No"] == pytest.approx(0.2 / 0.9)
    assert option_probabilities([("Maybe", 0.0), ("\n", -1.0)], ["Yes", "No"]) is None  # nothing to read


async def test_the_remote_judge_reads_p_yes_from_one_token_and_counts_its_tokens(openai_server: WireServer) -> None:
    openai_server.enqueue(_answer([("No", math.log(0.75)), ("Yes", math.log(0.25))]))
    client = _client(openai_server.url)
    assert probability_scorer(client) is client and client.profile.logprobs
    start_token_scope()
    shares = await client.score_options(["Sources: ...\n", "Draft: ...\n", "Is every claim sourced?"], ["Yes", "No"])
    assert shares == pytest.approx({"Yes": 0.25, "No": 0.75})
    [usage] = harvest_tokens()
    assert usage["purpose"] == "judge" and usage["prompt_tokens"] == 120
    body = openai_server.requests[0].body
    assert body["logprobs"] is True and body["top_logprobs"] == TOP_LOGPROBS and body["max_tokens"] == 1
    assert body["temperature"] == 0.0
    assert body["messages"] == [{"role": "system", "content": JUDGE_CHAT_SYSTEM},
                                {"role": "user", "content": "Sources: ...\nDraft: ...\nIs every claim sourced?"}]


async def test_a_server_without_logprobs_is_no_scorer_after_it_shows_it(openai_server: WireServer) -> None:
    openai_server.enqueue(openai_ok("Yes"))  # logprobs: null
    client = _client(openai_server.url)
    with pytest.raises(LLMError, match="without token log-probabilities"):
        await client.score_options("Is it sourced?", ["Yes", "No"])
    assert not client.profile.logprobs and probability_scorer(client) is None  # the judge asks for verdicts now
    with pytest.raises(LLMError, match="gives no token log-probabilities"):
        await client.score_options("Is it sourced?", ["Yes", "No"])
    assert len(openai_server.requests) == 1  # not asked again


async def test_a_refused_logprobs_parameter_is_remembered(openai_server: WireServer) -> None:
    openai_server.enqueue(openai_error(400, "logprobs is not supported by this model"))
    client = _client(openai_server.url)
    with pytest.raises(LLMError):
        await client.score_options("Is it sourced?", ["Yes", "No"])
    assert probability_scorer(client) is None


async def test_an_answer_that_starts_neither_option_is_an_error_not_a_verdict(openai_server: WireServer) -> None:
    openai_server.enqueue(_answer([("The", -0.1), ("Well", -2.5)]))
    client = _client(openai_server.url)
    with pytest.raises(LLMError, match="began with 'The'"):
        await client.score_options("Is it sourced?", ["Yes", "No"])
    assert client.profile.logprobs  # the server reads probabilities; this answer just did not start with one


async def test_the_article_judge_asks_for_verdicts_when_the_server_shows_no_logprobs(openai_server: WireServer) -> None:
    import json

    from editorial_ai.review.judge import run_judge
    from editorial_ai.review.rubric import Criterion

    criteria = [Criterion(name="trend_relevance", description="The article is about the seed keyword.")]
    verdict = {"trend_relevance": {"score": 0.8, "passed": True, "reason": "On the keyword.", "severity": "minor"}}
    openai_server.enqueue(openai_ok("Yes"), openai_ok(json.dumps(verdict)))
    results, error = await run_judge(_client(openai_server.url), DRAFT, "sources", criteria)
    assert error is None and [(r.criterion, r.passed, r.reason) for r in results] == [
        ("trend_relevance", True, "On the keyword.")]
    assert "logprobs" in openai_server.requests[0].body and "logprobs" not in openai_server.requests[1].body


async def test_the_article_judge_scores_each_criterion_by_p_yes_on_the_server(openai_server: WireServer) -> None:
    from editorial_ai.review.judge import run_judge
    from editorial_ai.review.rubric import Criterion

    criteria = [Criterion(name="trend_relevance", description="The article is about the seed keyword."),
                Criterion(name="fact_accuracy", description="Names match the sources.")]
    openai_server.enqueue(_answer([("Yes", math.log(0.9)), ("No", math.log(0.1))]),
                   _answer([("No", math.log(0.8)), ("Yes", math.log(0.2))]))
    results, error = await run_judge(_client(openai_server.url), DRAFT, "sources", criteria)
    assert error is None
    assert [(r.criterion, r.passed, r.score) for r in results] == [("trend_relevance", True, 0.9),
                                                                     ("fact_accuracy", False, 0.2)]
    first, second = (r.body["messages"][1]["content"] for r in openai_server.requests)
    shared = next(i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b)
    assert shared > len(first) // 2  # the examples and the draft open both questions: a server cache reuses them


async def test_the_exam_judge_asks_for_scores_when_the_server_shows_no_logprobs(openai_server: WireServer) -> None:
    import json

    from content_types.exam_item.fixtures import MOCK_VALID_QUESTION, REQUEST
    from editorial_ai.content_types.exam_item.service import ExamItemService
    from editorial_ai.models.exam_item import ExamItem, ExamRequest
    from editorial_ai.review.rubric import Criterion

    criteria = [Criterion(name="clinical_accuracy", description="The vignette is medically correct.")]
    scores = {"clinical_accuracy": {"score": 0.8, "feedback": "Sound."}}
    openai_server.enqueue(openai_ok("Yes"), openai_ok(json.dumps(scores)))
    service = ExamItemService(_client(openai_server.url))
    results, error = await service.judge(item=ExamItem.model_validate(MOCK_VALID_QUESTION),
                                         request=ExamRequest.model_validate(REQUEST), criteria=criteria, threshold=0.7)
    assert error is None and [(r.criterion, r.passed, r.reason) for r in results] == [
        ("clinical_accuracy", True, "Sound.")]
    assert "logprobs" in openai_server.requests[0].body and "logprobs" not in openai_server.requests[1].body
