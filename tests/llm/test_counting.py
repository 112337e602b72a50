"""The counting wrapper adds up the tokens and calls of successful requests only."""

from __future__ import annotations

import pytest

from editorial_ai.llm.base import LLMError, LLMRequest
from editorial_ai.llm.counting import CountingClient, counting
from editorial_ai.llm.scripted import ScriptedClient


async def test_counts_calls_and_tokens_of_successful_requests() -> None:
    inner = ScriptedClient({"default": [{"text": "one two three"}, {"error": "fatal"}]}, name="scripted:x")
    client = counting(inner)
    assert client.name == "scripted:x"
    first = await client.generate(LLMRequest(prompt="a prompt of some words"))
    assert client.calls == 1
    assert client.prompt_tokens == first.usage.prompt_tokens > 0
    assert client.completion_tokens == first.usage.completion_tokens > 0
    assert client.total_tokens == client.prompt_tokens + client.completion_tokens
    with pytest.raises(LLMError):
        await client.generate(LLMRequest(prompt="again"))
    assert client.calls == 1  # a failed call is not counted


def test_an_already_counting_client_is_not_wrapped_twice() -> None:
    client = CountingClient(ScriptedClient({"default": [{"text": "x"}]}))
    assert counting(client) is client
