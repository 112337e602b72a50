"""Pipeline state (seed 001 section 4) with its reducers."""

from __future__ import annotations

import operator
from typing import Annotated, Any, Literal, TypedDict

PipelineStatus = Literal[
    "curating", "sourcing", "drafting", "reviewing", "awaiting_approval", "needs_human_review",
    "revising", "published", "rejected", "failed",
]
AdminDecisionKind = Literal["approved", "rejected", "revision_requested"]


class EditorialPipelineState(TypedDict, total=False):
    """What flows between nodes. Lists with `operator.add` accumulate; the rest are overwritten."""

    curation_input: dict[str, Any]
    curated_topics: list[dict[str, Any]]
    design_spec: dict[str, Any] | None
    enriched_contexts: list[dict[str, Any]]
    current_draft: dict[str, Any] | None
    current_draft_id: str | None
    tool_calls_log: Annotated[list[dict[str, Any]], operator.add]
    review_result: dict[str, Any] | None
    revision_count: int
    feedback_history: Annotated[list[dict[str, Any]], operator.add]
    thread_id: str | None
    admin_decision: AdminDecisionKind | None
    admin_feedback: str | None
    decision_event_id: int | None  # the decision event the graph last consumed (exactly-once resume)
    pipeline_status: PipelineStatus
    error_log: Annotated[list[str], operator.add]
    # Beyond seed 001: audit and loop control
    content_type: str
    current_content: dict[str, Any] | None
    correction_targets: list[str]
    draft_version: int
    best_draft: dict[str, Any] | None
    best_score: float | None
    best_content: dict[str, Any] | None
    last_reviewed_text: str
    escalated: bool
    flags: list[str]
    review_history: Annotated[list[dict[str, Any]], operator.add]
    token_usage: Annotated[list[dict[str, Any]], operator.add]
    # Exam items (seed 002): the request, the review cycle (1 + corrections) and the loop's bookkeeping
    exam_request: dict[str, Any] | None
    current_review_cycle: int
    exam_validation: dict[str, Any] | None
    exam_correction: dict[str, Any] | None
    final_status: Literal["passed", "corrected", "needs_human_review", "pending"]
    # Product specs (seed 003): the categorizer's choice, the learning subcategory of the run
    product_category: str | None



def total_tokens(state: dict[str, Any]) -> dict[str, int]:
    """Token totals over every recorded LLM call of a run."""
    usage = state.get("token_usage", [])
    prompt = sum(u.get("prompt_tokens", 0) for u in usage)
    completion = sum(u.get("completion_tokens", 0) for u in usage)
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
            "llm_calls": len(usage)}
