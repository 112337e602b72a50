"""Defensive parsing of critic and judge answers: fences, chatter around the JSON, loose value types."""

from __future__ import annotations

import json
import re
from typing import Any

import json_repair

from editorial_ai.llm.structured import extract_json_text

_FRACTION = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*/\s*(\d+(?:\.\d+)?)\s*$")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_TRUE = {"true", "yes", "y", "pass", "passed", "publishable", "ok", "1"}
_FALSE = {"false", "no", "n", "fail", "failed", "not publishable", "unpublishable", "0"}


class ParseError(ValueError):
    """No JSON object could be recovered from a model answer."""


def loads_lenient(text: str) -> dict[str, Any]:
    """The JSON object in `text`: code fences and surrounding prose are ignored, broken syntax is repaired."""
    candidate = extract_json_text(text or "")
    try:
        data = json.loads(candidate)
    except json.JSONDecodeError:
        try:
            data = json_repair.loads(candidate)
        except Exception as exc:  # json_repair raises assorted errors on hopeless input
            raise ParseError(f"no JSON object in the answer: {exc}") from exc
    if not isinstance(data, dict) or not data:
        raise ParseError("the answer is not a JSON object")
    return data


def coerce_score(value: Any) -> float | None:
    """A 0-1 score from what models actually write: 0.8, "0.8", "8/10", "80%", 8 (out of 10), 80 (out of 100)."""
    if isinstance(value, bool) or value is None:
        return None if value is None else float(value)
    if isinstance(value, dict):
        return coerce_score(value.get("score"))
    if isinstance(value, str):
        text = value.strip().rstrip(".")
        match = _FRACTION.match(text)
        if match:
            denominator = float(match.group(2))
            return _clamp(float(match.group(1)) / denominator) if denominator else None
        if text.endswith("%"):
            number = _NUMBER.search(text)
            return _clamp(float(number.group()) / 100) if number else None
        number = _NUMBER.search(text)
        if number is None:
            return None
        value = float(number.group())
    if not isinstance(value, int | float):
        return None
    number_value = float(value)
    if number_value > 10:
        return _clamp(number_value / 100)
    if number_value > 1:
        return _clamp(number_value / 10)
    return _clamp(number_value)


def _clamp(value: float) -> float:
    return round(min(max(value, 0.0), 1.0), 4)


def coerce_bool(value: Any) -> bool | None:
    """True/False from booleans, "yes"/"no", "pass"/"fail" and 1/0; None when it cannot tell."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().lower().rstrip(".")
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    return None


def coerce_str_list(value: Any, limit: int = 5) -> list[str]:
    """A list of non-empty strings from a list, a single string or a bulleted block."""
    if value is None:
        return []
    if isinstance(value, str):
        items = [line.strip(" -*\u2022\t") for line in value.splitlines()]
    elif isinstance(value, list):
        items = [str(v.get("instruction", v) if isinstance(v, dict) else v).strip() for v in value]
    else:
        items = [str(value).strip()]
    return [item for item in items if item][:limit]


def find_key(data: dict[str, Any], *names: str) -> Any:
    """The value of the first key matching one of `names` (case- and separator-insensitive)."""
    wanted = {re.sub(r"[\s_-]+", "", n.lower()) for n in names}
    for key, value in data.items():
        if re.sub(r"[\s_-]+", "", str(key).lower()) in wanted:
            return value
    return None
