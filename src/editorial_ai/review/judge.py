"""LLM-as-a-judge: temperature 0, structured output, one field per rubric criterion."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel, Field, create_model

from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest
from editorial_ai.models.review import CriterionResult, Severity
from editorial_ai.prompts.review import JUDGE_EXAMPLE, JUDGE_SYSTEM, build_judge_prompt
from editorial_ai.review.rubric import Criterion


class JudgeItem(BaseModel):
    """The judge's verdict on one criterion: a 0-1 score, pass/fail and an actionable reason."""

    score: float = Field(0.5, ge=0.0, le=1.0)
    passed: bool
    reason: str = Field(max_length=240)
    severity: Severity = "major"


@lru_cache(maxsize=64)
def judge_schema(criteria_names: tuple[str, ...]) -> type[BaseModel]:
    """A schema whose keys are the criteria, so even a small model cannot invent or drop one."""
    fields: dict[str, Any] = {name: (JudgeItem, ...) for name in criteria_names}
    return create_model("JudgeVerdict_" + "_".join(criteria_names)[:60], **fields)


def _consistent_score(item: JudgeItem) -> float:
    """Keep score and verdict coherent: a pass never scores below 0.5, a fail never above it."""
    return max(item.score, 0.5) if item.passed else min(item.score, 0.49)


async def run_judge(
    client: LLMClient, draft: dict[str, Any], sources_text: str, criteria: list[Criterion]
) -> tuple[list[CriterionResult], str | None]:
    """Judge `criteria`; on failure return them as skipped plus the error (never as passes)."""
    if not criteria:
        return [], None
    schema = judge_schema(tuple(c.name for c in criteria))
    request = LLMRequest(
        system=JUDGE_SYSTEM,
        prompt=build_judge_prompt(draft, sources_text, criteria),
        few_shot=[JUDGE_EXAMPLE],
        output_schema=schema,
        temperature=0.0,
        max_tokens=600,
        purpose="judge",
    )
    try:
        result = await client.generate(request)
    except LLMError as exc:
        reason = f"Judge unavailable ({exc}); a human must check this criterion."
        return [
            CriterionResult(
                criterion=c.name, passed=False, skipped=True, reason=reason, severity=c.severity, source="judge"
            )
            for c in criteria
        ], str(exc)
    verdict = result.parsed
    out: list[CriterionResult] = []
    for criterion in criteria:
        item: JudgeItem = getattr(verdict, criterion.name)
        reason = item.reason.strip() or ("Meets the criterion." if item.passed else f"Fails: {criterion.description}")
        out.append(
            CriterionResult(
                criterion=criterion.name,
                passed=item.passed,
                reason=reason,
                severity=criterion.severity if not item.passed else item.severity,
                score=_consistent_score(item),
                source="judge",
            )
        )
    return out, None
