"""Defensive parsing of critic and judge answers: fences, prose around the JSON, loose value types."""

from __future__ import annotations

import pytest

from editorial_ai.llm.answer_parsing import ParseError, coerce_bool, coerce_score, coerce_str_list, loads_lenient


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
