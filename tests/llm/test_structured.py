"""Structured output parsing: fences, repair of broken JSON, schema mismatches."""

from __future__ import annotations

import asyncio
import time

import pytest
from pydantic import BaseModel

from editorial_ai.llm import structured
from editorial_ai.llm.base import LLMError, StructuredOutputError
from editorial_ai.llm.structured import (
    MAX_FIELD_CHARS,
    MAX_RESPONSE_CHARS,
    extract_json_text,
    nesting_depth,
    parse_structured,
    parse_structured_async,
    strip_fences,
)


class Item(BaseModel):
    name: str
    count: int = 1


def test_strip_fences() -> None:
    assert strip_fences('```json\n{"a": 1}\n```') == '{"a": 1}'
    assert strip_fences('```\n{"a": 1}\n```') == '{"a": 1}'
    assert strip_fences('  {"a": 1}  ') == '{"a": 1}'


def test_extract_json_text_finds_the_outer_object() -> None:
    assert extract_json_text('Sure! {"a": {"b": 1}} Hope it helps.') == '{"a": {"b": 1}}'
    assert extract_json_text("no braces") == "no braces"


@pytest.mark.parametrize("text", [
    '{"name": "bag", "count": 2}',
    '```json\n{"name": "bag", "count": 2}\n```',
    '```JSON\n{"name": "bag", "count": 2}\n```',
    'Here you go:\n{"name": "bag", "count": 2}\nThanks',
])
def test_clean_and_fenced_json_parse(text: str) -> None:
    assert parse_structured(text, Item) == Item(name="bag", count=2)


@pytest.mark.parametrize("text", [
    '{"name": "bag", "count": 2,}',
    "{'name': 'bag', 'count': 2}",
    '{"name": "bag", "count": 2',
    '```json\n{name: "bag", count: 2}\n```',
])
def test_broken_json_is_repaired(text: str) -> None:
    assert parse_structured(text, Item) == Item(name="bag", count=2)


def test_broken_json_without_repair_raises() -> None:
    with pytest.raises(StructuredOutputError, match="not valid JSON") as info:
        parse_structured('{"name": "bag",}', Item, repair=False)
    assert info.value.raw_text == '{"name": "bag",}'


@pytest.mark.parametrize("text", ["no json at all", "", "[1, 2, 3]"])
def test_unrepairable_output_raises(text: str) -> None:
    with pytest.raises(StructuredOutputError):
        parse_structured(text, Item)


def test_schema_mismatch_raises_naming_the_field() -> None:
    with pytest.raises(StructuredOutputError) as info:
        parse_structured('{"count": "many"}', Item)
    message = str(info.value)
    assert "Item" in message and "name" in message and "count" in message
    assert info.value.raw_text == '{"count": "many"}'


def test_structured_output_error_is_a_non_transient_llm_error() -> None:
    error = StructuredOutputError("bad", raw_text="x")
    assert isinstance(error, LLMError) and error.transient is False


# ------------------------------------------------------------------------------------ bounded work (issue 9)

PATHOLOGICAL = {
    "64 KB of {": "{" * (64 * 1024),
    "1 MB of junk": ("x{[\"':,\\" * (128 * 1024))[: 1024 * 1024],
    "1 MB of spaces then a fence": " " * (1024 * 1024) + "```",
    "16 KB of [": "[" * (16 * 1024),
    "valid JSON nested 5,000 deep": '{"a": ' * 5000 + "1" + "}" * 5000,
}


@pytest.mark.parametrize("name", list(PATHOLOGICAL))
def test_pathological_output_is_refused_in_milliseconds(name: str) -> None:
    started = time.perf_counter()
    with pytest.raises(StructuredOutputError) as info:
        parse_structured(PATHOLOGICAL[name], Item)
    elapsed_ms = (time.perf_counter() - started) * 1000
    assert elapsed_ms < 100, f"{name}: {elapsed_ms:.0f} ms"
    assert any(word in str(info.value) for word in ("limit", "deep", "too long", "nests"))
    assert len(info.value.raw_text) <= 2000  # the error never carries the whole megabyte around


def test_the_response_and_field_caps_name_the_limit() -> None:
    with pytest.raises(StructuredOutputError, match=f"over the {MAX_RESPONSE_CHARS:,}-character limit"):
        parse_structured('{"name": "' + "x" * MAX_RESPONSE_CHARS + '"}', Item)
    with pytest.raises(StructuredOutputError, match=r"field name is .* over the .*-character limit per field"):
        parse_structured('{"name": "' + "x" * (MAX_FIELD_CHARS + 1) + '"}', Item)


def test_nesting_depth_ignores_brackets_inside_strings() -> None:
    assert nesting_depth('{"a": "{{{{[[[["}') == 1
    assert nesting_depth('{"a": {"b": [1, {"c": "\\"{"}]}}') == 4
    assert nesting_depth("{" * 1000) == structured.MAX_NESTING + 1  # stops counting past the limit


async def test_async_parse_repairs_off_the_loop_and_gives_up_at_the_time_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert await parse_structured_async('{"name": "bag", "count": 2,}', Item) == Item(name="bag", count=2)

    def slow_repair(_text: str) -> object:  # stands in for json_repair stuck on a pathological input
        time.sleep(1.0)
        return {"name": "late"}

    monkeypatch.setattr(structured, "_repair", slow_repair)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    task = asyncio.create_task(ticker())
    started = time.perf_counter()
    with pytest.raises(StructuredOutputError, match=r"repairing it took longer than 0\.1 s"):
        await parse_structured_async('{"name": "bag",', Item, timeout_s=0.1)
    elapsed = time.perf_counter() - started
    task.cancel()
    assert elapsed < 0.5 and ticks >= 5  # the loop kept running while the repair thread was busy
