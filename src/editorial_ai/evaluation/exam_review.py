"""Review a labelled exam item exactly as the pipeline's exam_score node does (validation, judge, pass rule)."""

from __future__ import annotations

from typing import Any

from editorial_ai.content_types.exam_item.service import ExamItemService
from editorial_ai.content_types.exam_item.validators import validate_exam_item
from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest, LLMResult
from editorial_ai.models.exam_item import ExamItem, ExamRequest
from editorial_ai.models.review import ReviewResult
from editorial_ai.review.rubric import Rubric


class _NoJudge:
    """Stands in for a missing judge: every judged dimension is recorded as skipped, never passed."""

    name = "none"

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        raise LLMError("no judge model configured")


async def review_exam_item(draft: Any, request: dict[str, Any] | None, rubric: Rubric,
                           judge: LLMClient | None) -> tuple[ReviewResult, str | None]:
    """The item's review and the judge's error, if any; `request` holds topic, slo and blooms_level."""
    item = ExamItem.model_validate(draft)
    exam_request = ExamRequest.model_validate(request or {"topic": item.topic or "exam item"})
    evaluation = await ExamItemService(judge or _NoJudge()).evaluate(
        item=item, validation=validate_exam_item(item), request=exam_request, rubric=rubric)
    return evaluation.review, evaluation.judge_error
