"""Design spec: LLM-chosen visual direction, default template on any failure (seed 001 section 3.2)."""

from __future__ import annotations

from editorial_ai.content_types.article.layout.design_prompts import DESIGN_EXAMPLE, DESIGN_SYSTEM, build_design_prompt
from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest
from editorial_ai.models.design_spec import DesignSpec, default_design_spec


async def generate_design_spec(
    llm: LLMClient, keyword: str, tone: str = "sophisticated", style: str = "editorial"
) -> tuple[DesignSpec, str | None]:
    """The design spec, or the default template plus the reason it was needed."""
    try:
        result = await llm.generate(
            LLMRequest(
                system=DESIGN_SYSTEM,
                prompt=build_design_prompt(keyword, tone, style),
                few_shot=[DESIGN_EXAMPLE],
                output_schema=DesignSpec,
                temperature=0.5,
                max_tokens=200,
                purpose="design_spec",
            )
        )
    except LLMError as exc:
        return default_design_spec(), f"design_spec fell back to the default template: {exc}"
    return result.parsed, None
