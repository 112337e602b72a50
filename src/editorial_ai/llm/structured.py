"""Turning model text into a validated Pydantic object."""

from __future__ import annotations

import json
import re
from typing import Any

import json_repair
from pydantic import BaseModel, ValidationError

from editorial_ai.llm.base import StructuredOutputError

_FENCE = re.compile(r"^\s*```(?:json|JSON)?\s*\n?(.*?)\n?\s*```\s*$", re.DOTALL)


def strip_fences(text: str) -> str:
    """Remove a surrounding markdown code fence, if any."""
    match = _FENCE.match(text)
    return match.group(1) if match else text.strip()


def extract_json_text(text: str) -> str:
    """The outermost JSON object in `text` (after fence stripping)."""
    body = strip_fences(text)
    start = body.find("{")
    end = body.rfind("}")
    if start == -1 or end <= start:
        return body
    return body[start : end + 1]


def parse_structured(text: str, schema: type[BaseModel], *, repair: bool = True) -> BaseModel:
    """Parse `text` into `schema`; with `repair`, tolerate fences and broken JSON syntax.

    Raises StructuredOutputError naming the first validation problems.
    """
    candidate = extract_json_text(text)
    data: Any
    try:
        data = json.loads(candidate)
    except json.JSONDecodeError as exc:
        if not repair:
            raise StructuredOutputError(f"output is not valid JSON: {exc}", raw_text=text) from exc
        data = json_repair.loads(candidate)
        if not isinstance(data, dict) or not data:
            raise StructuredOutputError("output is not valid JSON and could not be repaired", raw_text=text) from exc
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '<root>'}: {err['msg']}" for err in exc.errors()[:5]
        )
        raise StructuredOutputError(f"output does not match {schema.__name__}: {problems}", raw_text=text) from exc
