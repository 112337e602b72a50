"""Structured generation: a malformed answer is repaired (by the repair model when given) at most twice."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from editorial_ai.llm.base import LLMRequest, StructuredOutputError
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.services.structured_generation import MAX_REPAIRS, generate_content


class Answer(BaseModel):
    title: str
    score: int


REQUEST = LLMRequest(prompt="Write it.", output_schema=Answer, purpose="writer", max_tokens=123)


async def test_a_valid_answer_needs_no_repair() -> None:
    client = ScriptedClient({"writer": [{"json": {"title": "T", "score": 3}}]})
    assert await generate_content(client, REQUEST) == (Answer(title="T", score=3), 0)
    assert [c.purpose for c in client.calls] == ["writer"]


async def test_a_malformed_answer_is_repaired_by_the_repair_model() -> None:
    writer = ScriptedClient({"writer": [{"text": '{"title": "T", "score": "many"}'}]})
    fixer = ScriptedClient({"repair": [{"text": "still broken"}, {"json": {"title": "T", "score": 4}}]})
    parsed, repairs = await generate_content(writer, REQUEST, repair_llm=fixer)
    assert parsed == Answer(title="T", score=4) and repairs == 2
    assert len(writer.calls) == 1
    repair = fixer.calls[0]
    assert repair.temperature == 0.0 and repair.max_tokens == 123
    assert '"score": "many"' in repair.prompt  # the broken answer is shown to the fixer


async def test_gives_up_after_max_repairs_with_the_last_raw_text() -> None:
    client = ScriptedClient({"writer": [{"text": "no json"}], "repair": [{"text": "nope"}]})
    with pytest.raises(StructuredOutputError, match=f"after {MAX_REPAIRS} repairs") as caught:
        await generate_content(client, REQUEST)
    assert caught.value.raw_text == "nope"
    assert [c.purpose for c in client.calls] == ["writer"] + ["repair"] * MAX_REPAIRS


async def test_a_request_without_schema_is_refused() -> None:
    with pytest.raises(ValueError, match="output_schema"):
        await generate_content(ScriptedClient({"default": [{"text": "x"}]}), LLMRequest(prompt="x"))
