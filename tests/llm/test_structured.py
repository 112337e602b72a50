"""Structured output parsing: fences, repair of broken JSON, schema mismatches."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from editorial_ai.llm.base import LLMError, StructuredOutputError
from editorial_ai.llm.structured import extract_json_text, parse_structured, strip_fences


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
