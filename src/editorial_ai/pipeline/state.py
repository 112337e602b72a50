"""Pipeline state (seed 001 section 4) with its reducers, and the types every node and router is declared with.

The state is a TypedDict so LangGraph can build its channels and mypy can check every key a node reads or
writes. What travels in it stays JSON-shaped (drafts, reviews and feedback entries are the `model_dump(mode="json")`
of their Pydantic models) because the checkpointer stores it; a node validates what it needs into the model
(`ExamItem`, `ReviewResult`, ...) and dumps what it writes.
"""

from __future__ import annotations

import operator
from collections.abc import Awaitable, Callable, Mapping
from typing import Annotated, Any, Literal, TypedDict

from editorial_ai.models.status import FinalStatus, PipelineStatus

AdminDecisionKind = Literal["approved", "rejected", "revision_requested"]

# A draft in JSON form: a MagazineLayout, an ExamItem or a ProductSpec (plus its source description), by type.
Draft = dict[str, Any]
# A ReviewResult, a FeedbackEntry, a tool call record, a token usage record: each in JSON form.
ReviewJson = dict[str, Any]
FeedbackJson = dict[str, Any]
ToolCall = dict[str, Any]


class HistoryEntry(TypedDict, total=False):
    """One reviewed attempt in `review_history` (the audit trail of the review loop)."""

    cycle: int
    attempt: int
    content_type: str
    passed: bool
    composite_score: float | None
    threshold: float
    passes_threshold: bool
    pass_rule: str
    scores: dict[str, float | None]
    dimensions: list[dict[str, Any]]
    validation: Any  # articles: the format/grounding verdicts; exam items: the ValidationResult
    failed: list[str]
    skipped: list[str]
    correction_applied: bool
    applied_correction: dict[str, Any] | None
    correction_target: str | list[str] | None
    correction: Any  # exam items: the CorrectionPlan; product specs: the supervisor's findings
    weakest_dimension: str | None
    errors: list[dict[str, Any]]
    warnings: int
    stop_reason: str
    timestamp: str
    at: str


class EditorialPipelineState(TypedDict, total=False):
    """What flows between nodes. Lists with `operator.add` accumulate; the rest are overwritten."""

    curation_input: dict[str, Any]
    curated_topics: list[dict[str, Any]]
    design_spec: dict[str, Any] | None
    enriched_contexts: list[dict[str, Any]]
    current_draft: Draft | None
    current_draft_id: str | None
    tool_calls_log: Annotated[list[ToolCall], operator.add]
    review_result: ReviewJson | None
    revision_count: int
    feedback_history: Annotated[list[FeedbackJson], operator.add]
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
    best_draft: Draft | None
    best_score: float | None
    best_content: dict[str, Any] | None
    last_reviewed_text: str
    escalated: bool
    flags: list[str]
    review_history: Annotated[list[HistoryEntry], operator.add]
    token_usage: Annotated[list[dict[str, Any]], operator.add]
    # Exam items (seed 002): the request, the review cycle (1 + corrections) and the loop's bookkeeping
    exam_request: dict[str, Any] | None
    current_review_cycle: int
    exam_validation: dict[str, Any] | None
    exam_correction: dict[str, Any] | None
    final_status: FinalStatus
    # Product specs (seed 003): the categorizer's choice, the learning subcategory of the run
    product_category: str | None


# Nodes read the whole state and return the keys they change (a partial state, merged by the reducers).
PipelineState = EditorialPipelineState
StateUpdate = EditorialPipelineState
PipelineNode = Callable[[PipelineState], Awaitable[StateUpdate]]
NodeMaker = Callable[..., PipelineNode]  # takes the run's PipelineDeps
Router = Callable[[PipelineState], str]


def total_tokens(state: Mapping[str, Any]) -> dict[str, int]:
    """Token totals over every recorded LLM call of a run."""
    usage = state.get("token_usage", [])
    prompt = sum(u.get("prompt_tokens", 0) for u in usage)
    completion = sum(u.get("completion_tokens", 0) for u in usage)
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
            "llm_calls": len(usage)}
