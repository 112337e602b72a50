"""Structured generation shared by every writer: one request, then up to MAX_REPAIRS JSON repairs.

Exam items, product specs and research briefs all ask for a Pydantic-shaped answer; small models often break the
JSON, so a failed parse is handed back (to the same model or a dedicated repair model) with the parser's error.
"""

from __future__ import annotations

from typing import Any

from editorial_ai.llm.base import LLMClient, LLMRequest, StructuredOutputError
from editorial_ai.llm.structured import parse_structured_async
from editorial_ai.prompts.feedback import build_repair_prompt

MAX_REPAIRS = 2


async def generate_content(llm: LLMClient, request: LLMRequest, repair_llm: LLMClient | None = None) -> tuple[Any, int]:
    """Generate structured output, repairing malformed JSON up to MAX_REPAIRS times; returns (parsed, repairs)."""
    if request.output_schema is None:
        raise ValueError("generate_content needs a request with output_schema set (the model the answer must fit)")
    try:
        return (await llm.generate(request)).parsed, 0
    except StructuredOutputError as exc:
        raw, error = exc.raw_text, str(exc)
    fixer = repair_llm or llm
    for attempt in range(1, MAX_REPAIRS + 1):
        result = await fixer.generate(
            LLMRequest(
                prompt=build_repair_prompt(raw, error),
                temperature=0.0,
                max_tokens=request.max_tokens,
                purpose="repair",
            )
        )
        try:
            return await parse_structured_async(result.text, request.output_schema), attempt
        except StructuredOutputError as exc:
            raw, error = result.text, str(exc)
    raise StructuredOutputError(f"output still invalid after {MAX_REPAIRS} repairs: {error}", raw_text=raw)
