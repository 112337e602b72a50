"""Review a stored draft outside a run (calibration): the review function per content type's `stored_review` mode.

The type names its mode and the evaluation package keeps the functions, so a content type never imports the
harness that measures it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from editorial_ai.content_types.base import StoredReview
from editorial_ai.content_types.registry import content_type_or_generic
from editorial_ai.evaluation.artifact_review import review_artifact
from editorial_ai.evaluation.exam_review import review_exam_item
from editorial_ai.llm.base import LLMClient
from editorial_ai.models.review import ReviewResult
from editorial_ai.review.rubric import Rubric

StoredReviewer = Callable[..., Awaitable[tuple[ReviewResult, str | None]]]


async def _artifact(draft: Any, rubric: Rubric, *, content_type: str, request: Mapping[str, Any] | None,
                    sources: Any, judge: LLMClient | None,
                    known_entities: dict[str, set[str]] | None) -> tuple[ReviewResult, str | None]:
    """A layout or a text, reviewed as the pipeline (layouts) or the harness (text) does."""
    profile = content_type_or_generic(content_type).review_profile()
    review = await review_artifact(draft, rubric, sources, judge, known_entities, profile=profile)
    return review.result, review.judge_error


async def _exam_item(draft: Any, rubric: Rubric, *, content_type: str, request: Mapping[str, Any] | None,
                     sources: Any, judge: LLMClient | None,
                     known_entities: dict[str, set[str]] | None) -> tuple[ReviewResult, str | None]:
    """The item's validation and judged dimensions against its request (topic, SLO, Bloom's level)."""
    return await review_exam_item(draft, dict(request) if request is not None else None, rubric, judge)


STORED_REVIEWS: dict[StoredReview, StoredReviewer] = {"artifact": _artifact, "exam_item": _exam_item}


async def review_stored(content_type: str, draft: Any, rubric: Rubric, *, request: Mapping[str, Any] | None,
                        sources: Any, judge: LLMClient | None,
                        known_entities: dict[str, set[str]] | None = None) -> tuple[ReviewResult, str | None]:
    """Review a draft of `content_type` outside a run: the verdicts and the judge's error, if any."""
    review = STORED_REVIEWS[content_type_or_generic(content_type).stored_review]
    return await review(draft, rubric, content_type=content_type, request=request, sources=sources, judge=judge,
                        known_entities=known_entities)
