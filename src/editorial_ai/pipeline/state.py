"""The gate state every flow shares with the core (seed 001 section 4), its reducers, and the types every node and
router is declared with.

The core (the graph, the review loop, the human gate and publishing) knows only `GateState`: the run's input and
type, the draft and its review, the loop's bookkeeping, the human's decision and the logs. A content type's flow
declares its own state, a TypedDict extending `GateState` with the type's keys (`Flow.state`); the graph's state
is the gate state joined with every registered flow's (pipeline/graph.py), as LangGraph's subgraphs join their
own schemas through a shared one.

The state is a TypedDict so LangGraph can build its channels and mypy can check every key a node reads or
writes. What travels in it stays JSON-shaped (drafts, reviews and feedback entries are the `model_dump(mode="json")`
of their Pydantic models) because the checkpointer stores it; a node validates what it needs into the model
(`ExamItem`, `ReviewResult`, ...) and dumps what it writes.
"""

from __future__ import annotations

import operator
from collections.abc import Awaitable, Callable, Mapping
from typing import Annotated, Any, Literal, TypedDict, TypeVar

from pydantic import JsonValue

from editorial_ai.models import state_json
from editorial_ai.models.state_json import DimensionJson, JsonObject, RunInputJson, TokenUsageJson
from editorial_ai.models.status import PipelineStatus

AdminDecisionKind = Literal["approved", "rejected", "revision_requested"]

# The JSON shapes of drafts, reviews and feedback (models/state_json.py), named here too: a node imports the types
# it is declared with from this module.
Draft = state_json.Draft
ReviewJson = state_json.ReviewJson
FeedbackJson = state_json.FeedbackJson
# A tool call's log record: each tool logs its own keys (what it ran, on what, how it went).
ToolCall = JsonObject


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
    dimensions: list[DimensionJson]
    validation: Any  # articles: the format/grounding verdicts; exam items: the ValidationResult
    failed: list[str]
    skipped: list[str]
    correction_applied: bool
    applied_correction: JsonObject | None  # exam items: the CorrectionPlan applied
    correction_target: str | list[str] | None
    correction: Any  # exam items: the CorrectionPlan; product specs: the supervisor's findings
    weakest_dimension: str | None
    # Each content type's own findings (validation issues, social post findings), as JSON objects; read-only, so
    # a finding typed more narrowly (all its values text) is one too.
    errors: list[Mapping[str, JsonValue]]
    warnings: int
    stop_reason: str
    timestamp: str
    at: str


class GateState(TypedDict, total=False):
    """What every flow shares with the core. Lists with `operator.add` accumulate; the rest are overwritten."""

    curation_input: RunInputJson
    content_type: str
    thread_id: str | None
    current_draft: Draft | None
    current_draft_id: str | None
    draft_version: int
    review_result: ReviewJson | None
    revision_count: int
    correction_targets: list[str]
    best_draft: Draft | None
    best_score: float | None
    best_review: ReviewJson | None  # the review of best_draft: shown with it when the gate shows that version
    escalated: bool
    flags: list[str]
    feedback_history: Annotated[list[FeedbackJson], operator.add]
    review_history: Annotated[list[HistoryEntry], operator.add]
    admin_decision: AdminDecisionKind | None
    admin_feedback: str | None
    decision_event_id: int | None  # the decision event the graph last consumed (exactly-once resume)
    pipeline_status: PipelineStatus
    error_log: Annotated[list[str], operator.add]
    tool_calls_log: Annotated[list[ToolCall], operator.add]
    token_usage: Annotated[list[TokenUsageJson], operator.add]


# Nodes read the whole state and return the keys they change (a partial state, merged by the reducers). A
# type's nodes are declared with its own state (`Node[ExamState]`); the core's with the gate state.
PipelineState = GateState
StateUpdate = GateState
FlowState = TypeVar("FlowState", bound=GateState)
Node = Callable[[FlowState], Awaitable[FlowState]]
PipelineNode = Node[GateState]
# What a flow's node maker makes: a node of any flow's state (the graph hands every node the whole state).
AnyNode = Callable[[Any], Awaitable[Mapping[str, Any]]]
Router = Callable[[PipelineState], str]


def total_tokens(state: Mapping[str, Any]) -> dict[str, int]:
    """Token totals over every recorded LLM call of a run."""
    usage = state.get("token_usage", [])
    prompt = sum(u.get("prompt_tokens", 0) for u in usage)
    cached = sum(min(u.get("cached_tokens", 0), u.get("prompt_tokens", 0)) for u in usage)
    completion = sum(u.get("completion_tokens", 0) for u in usage)
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
            "cached_tokens": cached, "processed_tokens": prompt - cached + completion, "llm_calls": len(usage)}
