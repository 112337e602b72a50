"""Editorial: content generation with feedback injection, JSON repair loop and layout (seed 001 section 3.4)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from editorial_ai.llm.base import LLMClient, LLMRequest, StructuredOutputError
from editorial_ai.llm.structured import parse_structured
from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.prompts.editorial import (
    EDITORIAL_EXAMPLE,
    EDITORIAL_SYSTEM,
    build_editorial_prompt,
    build_repair_prompt,
)
from editorial_ai.prompts.review import summarize_sources
from editorial_ai.review.correction import correct_components, validate_components
from editorial_ai.review.rubric import Rubric
from editorial_ai.services.layout_planner import plan_layout

MAX_REPAIRS = 2

# Lays content out: returns the layout and a note on how ("planner", "vision", "fallback: <reason>").
LayoutFn = Callable[[EditorialContent, DesignSpec], Awaitable[tuple[MagazineLayout, str]]]


async def planner_layout(content: EditorialContent, design_spec: DesignSpec) -> tuple[MagazineLayout, str]:
    """The deterministic planner as a LayoutFn."""
    return plan_layout(content, design_spec), "planner"


@dataclass
class DraftOutcome:
    """A generated draft and what it took."""

    content: EditorialContent
    layout: MagazineLayout
    repairs: int
    layout_note: str = "planner"


async def generate_content(llm: LLMClient, request: LLMRequest, repair_llm: LLMClient | None = None) -> tuple[Any, int]:
    """Generate structured output, repairing malformed JSON up to MAX_REPAIRS times."""
    assert request.output_schema is not None
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
            return parse_structured(result.text, request.output_schema), attempt
        except StructuredOutputError as exc:
            raw, error = result.text, str(exc)
    raise StructuredOutputError(f"output still invalid after {MAX_REPAIRS} repairs: {error}", raw_text=raw)


class EditorialService:
    """Writes the article text and lays it out (deterministic planner unless another LayoutFn is given)."""

    def __init__(self, llm: LLMClient, layout: LayoutFn | None = None) -> None:
        self.llm = llm
        self.layout = layout or planner_layout

    async def draft(
        self,
        *,
        curated_topics: list[dict[str, Any]],
        enriched_contexts: list[dict[str, Any]],
        design_spec: DesignSpec,
        rubric: Rubric,
        feedback_history: list[dict[str, Any]],
        tone: str = "sophisticated",
        learned_guidance: str = "",
        seed: int | None = None,
    ) -> DraftOutcome:
        """Generate EditorialContent (with feedback) and plan its layout; `seed` varies sampling per attempt."""
        keyword = curated_topics[0]["keyword"] if curated_topics else ""
        prompt = build_editorial_prompt(
            keyword=keyword,
            sources_text=summarize_sources(curated_topics, enriched_contexts, max_chars=900),
            rubric_text=rubric.as_prompt_text(),
            tone=tone,
            feedback_history=feedback_history,
            learned_guidance=learned_guidance,
        )
        request = LLMRequest(
            system=EDITORIAL_SYSTEM,
            prompt=prompt,
            few_shot=[EDITORIAL_EXAMPLE],
            output_schema=EditorialContent,
            temperature=0.7,
            max_tokens=900,
            prefill={"keyword": keyword},
            purpose="editorial",
            seed=seed,
        )
        content, repairs = await generate_content(self.llm, request)
        content.keyword = keyword or content.keyword
        layout, note = await self.layout(content, design_spec)
        return DraftOutcome(content=content, layout=layout, repairs=repairs, layout_note=note)

    async def revise(
        self,
        *,
        content: EditorialContent,
        targets: list[str],
        feedback_history: list[dict[str, Any]],
        curated_topics: list[dict[str, Any]],
        enriched_contexts: list[dict[str, Any]],
        design_spec: DesignSpec,
    ) -> DraftOutcome:
        """Regenerate only `targets` of `content` with the latest feedback; the rest is kept verbatim."""
        latest = feedback_history[-1] if feedback_history else {}
        feedback = [f"{c.get('criterion')}: {c.get('reason')}" for c in latest.get("failed_criteria", [])]
        revised = await correct_components(
            self.llm,
            content,
            validate_components(EditorialContent, content, targets),
            feedback=feedback,
            sources_text=summarize_sources(curated_topics, enriched_contexts, max_chars=700),
            system=EDITORIAL_SYSTEM,
        )
        assert isinstance(revised, EditorialContent)
        layout, note = await self.layout(revised, design_spec)
        return DraftOutcome(content=revised, layout=layout, repairs=0, layout_note=note)
