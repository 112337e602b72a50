"""Turning model text into a validated Pydantic object, with bounded work whatever the model sent.

Model output is untrusted input: before any repair, a response over MAX_RESPONSE_CHARS is rejected, and broken
JSON is only handed to json_repair (pure Python, slow on pathological input) when it is at most
MAX_REPAIR_CHARS long and nested at most MAX_NESTING deep. Every string value is capped at MAX_FIELD_CHARS
(fields with a schema `max_length` are checked by the schema itself). `parse_structured_async` runs the repair
off the event loop with a time limit, so a server stays responsive while a bad answer is being rejected.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import json_repair
from pydantic import BaseModel, ValidationError

from editorial_ai.llm.base import StructuredOutputError
from editorial_ai.models.characters import clean_strings

MAX_RESPONSE_CHARS = 64 * 1024
# json_repair is quadratic on some inputs (8 KB of `a:b,` pairs: about 1 s of CPU here); a real answer that
# needs repair (truncated, a trailing comma) is repaired in tens of milliseconds at this size.
MAX_REPAIR_CHARS = 8 * 1024
MAX_NESTING = 32
MAX_FIELD_CHARS = 16 * 1024
REPAIR_TIMEOUT_S = 0.25
# Repairs get their own two threads: an abandoned (timed-out) repair can never occupy the default executor
# that the SQLite stores run their queries on.
_REPAIR_POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="json-repair")


def strip_fences(text: str) -> str:
    """Remove a surrounding markdown code fence, if any (string operations only: linear on any input)."""
    body = text.strip()
    if len(body) >= 6 and body.startswith("```") and body.endswith("```"):
        inner = body[3:-3]
        if inner[:4] in ("json", "JSON"):
            inner = inner[4:]
        return inner.strip()
    return body


def extract_json_text(text: str) -> str:
    """The outermost JSON object in `text` (after fence stripping)."""
    body = strip_fences(text)
    start = body.find("{")
    end = body.rfind("}")
    if start == -1 or end <= start:
        return body
    return body[start : end + 1]


def nesting_depth(text: str, limit: int = MAX_NESTING) -> int:
    """Deepest bracket nesting outside strings, counted up to `limit + 1` (one linear pass, stops early)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif char in "}]":
            depth = max(0, depth - 1)
    return deepest


def _check_size(text: str) -> None:
    if len(text) > MAX_RESPONSE_CHARS:
        raise StructuredOutputError(
            f"output is {len(text):,} characters, over the {MAX_RESPONSE_CHARS:,}-character limit; rejected "
            "without parsing (lower max_tokens or ask for a shorter answer)", raw_text=text[:2000])


def _repairable(candidate: str, text: str, error: json.JSONDecodeError) -> None:
    """Raise unless `candidate` is small and shallow enough for json_repair to finish in milliseconds."""
    if len(candidate) > MAX_REPAIR_CHARS:
        raise StructuredOutputError(
            f"output is not valid JSON ({error.msg}) and, at {len(candidate):,} characters, too long to repair "
            f"(limit {MAX_REPAIR_CHARS:,})", raw_text=text[:2000]) from error
    depth = nesting_depth(candidate)
    if depth > MAX_NESTING:
        raise StructuredOutputError(
            f"output is not valid JSON ({error.msg}) and nests deeper than {MAX_NESTING} levels; not repaired",
            raw_text=text[:2000]) from error


def _repaired(data: Any, text: str) -> dict[str, Any]:
    if not isinstance(data, dict) or not data:
        raise StructuredOutputError("output is not valid JSON and could not be repaired", raw_text=text[:2000])
    return data


def _check_fields(data: Any) -> None:
    """Reject any string value longer than MAX_FIELD_CHARS, naming where it is (iterative: any depth)."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str) and len(value) > MAX_FIELD_CHARS:
            raise StructuredOutputError(
                f"field {path or '<root>'} is {len(value):,} characters, over the {MAX_FIELD_CHARS:,}-character "
                "limit per field")
        if isinstance(value, dict):
            stack.extend((f"{path}.{key}" if path else str(key), item) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((f"{path}[{index}]", item) for index, item in enumerate(value))


def _repair(candidate: str) -> Any:
    """json_repair's best reading of `candidate`, or None when it gives up with an error."""
    try:
        return json_repair.loads(candidate)
    except Exception:  # noqa: BLE001 - json_repair raises assorted errors on hopeless input
        return None


def _validated(data: Any, schema: type[BaseModel], text: str) -> BaseModel:
    # NUL, lone surrogates and noncharacters are dropped, not refused: the same output asked again would carry
    # them again (a run used to fail after three identical validation errors), and no text needs them.
    data = clean_strings(data)
    try:
        _check_fields(data)
    except StructuredOutputError as exc:
        exc.raw_text = text[:2000]
        raise
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '<root>'}: {err['msg']}" for err in exc.errors()[:5]
        )
        raise StructuredOutputError(f"output does not match {schema.__name__}: {problems}", raw_text=text) from exc


def _loads(candidate: str, text: str) -> Any:
    """json.loads (C, linear); RecursionError on absurd nesting is a parse failure, not a crash."""
    try:
        return json.loads(candidate)
    except RecursionError as exc:
        raise StructuredOutputError("output nests too deeply to parse", raw_text=text[:2000]) from exc


_NEEDS_REPAIR = object()


def _parsed_or_repairable(text: str, repair: bool) -> tuple[Any, str]:
    """(data, JSON candidate) when `text` parses; (_NEEDS_REPAIR, candidate) when it may be repaired; raises
    StructuredOutputError over the size limits, or when it is broken and repair is off or refused."""
    _check_size(text)
    candidate = extract_json_text(text)
    try:
        return _loads(candidate, text), candidate
    except json.JSONDecodeError as exc:
        if not repair:
            raise StructuredOutputError(f"output is not valid JSON: {exc}", raw_text=text) from exc
        _repairable(candidate, text, exc)
        return _NEEDS_REPAIR, candidate


def parse_structured(text: str, schema: type[BaseModel], *, repair: bool = True) -> BaseModel:
    """Parse `text` into `schema`; with `repair`, tolerate fences and broken JSON syntax (bounded, in this thread).

    Raises StructuredOutputError naming the size limit, the first validation problems or why repair was refused.
    """
    data, candidate = _parsed_or_repairable(text, repair)
    if data is _NEEDS_REPAIR:
        data = _repaired(_repair(candidate), text)
    return _validated(data, schema, text)


async def parse_structured_async(text: str, schema: type[BaseModel], *, repair: bool = True,
                                 timeout_s: float = REPAIR_TIMEOUT_S) -> BaseModel:
    """`parse_structured` for coroutines: json_repair runs on a repair thread and is abandoned after `timeout_s`
    (the size caps bound what an abandoned repair can still cost).

    The size checks and json.loads stay on the loop (linear, C speed); only the pure-Python repair moves off it.
    """
    data, candidate = _parsed_or_repairable(text, repair)
    if data is _NEEDS_REPAIR:
        try:
            loop = asyncio.get_running_loop()
            repaired = await asyncio.wait_for(loop.run_in_executor(_REPAIR_POOL, _repair, candidate), timeout_s)
        except TimeoutError as timeout:
            raise StructuredOutputError(
                f"output is not valid JSON and repairing it took longer than {timeout_s:g} s; rejected",
                raw_text=text[:2000]) from timeout
        data = _repaired(repaired, text)
    return _validated(data, schema, text)
