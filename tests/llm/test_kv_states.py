"""Saved prompts on the real shipped model: a system message pushed out of the context by another prompt is copied
back, counted as cached, and the answer is the one a cold decode gives."""

from __future__ import annotations

import pytest

from editorial_ai.config import Settings
from editorial_ai.llm.base import LLMRequest
from editorial_ai.llm.local import load_llama, prefix_states
from editorial_ai.llm.registry import get_client

pytestmark = pytest.mark.slow

FACTS = " ".join(f"Fact {i}: Jennie wore the Chanel Ballet Flats to show {i} in Paris." for i in range(20))
WRITER = LLMRequest(system=f"You write for a fashion magazine. Use only these facts. {FACTS}",
                    prompt="Write one sentence about the flats.", max_tokens=12, temperature=0.0, seed=7)
OTHER = LLMRequest(system="You check facts. " + "Answer Yes or No. " * 30, prompt="Is the sky green?",
                   max_tokens=3, temperature=0.0, seed=7)


async def test_a_system_prompt_evicted_by_another_is_restored_not_decoded_again() -> None:
    settings = Settings(EDITORIAL_AI_LOCAL_THREADS=1)
    client = get_client("local:gemma-3-270m", settings, cached=False)
    states = prefix_states(load_llama(settings, "gemma-3-270m"))
    cold = await client.generate(WRITER)
    await client.generate(OTHER)  # the context now holds the other prompt only
    before = states.restored_tokens
    warm = await client.generate(WRITER)
    assert states.restored_tokens - before >= 200  # the writer's system message came back from the saved copy
    assert warm.usage.cached_tokens >= warm.usage.prompt_tokens - 2
    assert warm.text == cold.text  # the copied cells are the ones a decode computes


async def test_a_short_prompt_restores_nothing() -> None:
    settings = Settings(EDITORIAL_AI_LOCAL_THREADS=1)
    client = get_client("local:gemma-3-270m", settings, cached=False)
    states = prefix_states(load_llama(settings, "gemma-3-270m"))
    short = LLMRequest(prompt="Name a colour.", max_tokens=3, temperature=0.0)
    await client.generate(short)
    await client.generate(OTHER)
    before = states.restored_tokens
    result = await client.generate(short)
    assert states.restored_tokens == before
    assert result.usage.cached_tokens < 96
