"""Admin gate: store the draft for a human, then wait for the decision (LangGraph interrupt)."""

from __future__ import annotations

from typing import cast

from langgraph.types import interrupt

from editorial_ai.models.decisions import AdminDecision
from editorial_ai.models.status import ContentStatus, Decision, PipelineStatus
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.registry import content_type_for
from editorial_ai.pipeline.state import FeedbackJson, PipelineNode, PipelineState, StateUpdate

# Key of the resume value carrying the id of the decision event being applied (not part of AdminDecision).
DECISION_EVENT_KEY = "decision_event_id"


def make_admin_gate_node(deps: PipelineDeps) -> PipelineNode:
    """Upsert the draft as pending (or escalated) content keyed by thread_id."""

    async def admin_gate(state: PipelineState) -> StateUpdate:
        draft = state.get("current_draft") or state.get("best_draft")
        if not draft:
            return {"pipeline_status": PipelineStatus.FAILED,
                    "error_log": ["admin_gate: no draft to put before a human"]}
        escalated = bool(state.get("escalated"))
        review = state.get("review_result") or {}
        content_id = await deps.contents.upsert_pending(
            thread_id=str(state["thread_id"]), attempt=int(state.get("draft_version", 0)),
            status=ContentStatus.ESCALATED.value if escalated else ContentStatus.PENDING.value,
            title=content_type_for(state.get("content_type")).title_of(draft),
            keyword=str(draft.get("keyword") or draft.get("topic") or ""),  # exam items carry a topic, not a keyword
            content_type=state.get("content_type") or deps.settings.content_type,
            # The store declares untyped dicts: a copy of the review is one.
            layout=draft, review=dict(review), flags=list(state.get("flags") or []),
        )
        return {"current_draft_id": content_id,
                "pipeline_status": PipelineStatus.NEEDS_HUMAN_REVIEW if escalated else PipelineStatus.AWAITING_APPROVAL}

    return admin_gate


def make_human_decision_node(deps: PipelineDeps) -> PipelineNode:
    """Pause until a human decides; the resume value is an AdminDecision."""

    async def human_decision(state: PipelineState) -> StateUpdate:
        raw = interrupt({"content_id": state.get("current_draft_id"), "thread_id": state.get("thread_id"),
                         "pipeline_status": state.get("pipeline_status"), "flags": state.get("flags", [])})
        values = dict(raw) if isinstance(raw, dict) else raw
        event_id = values.pop(DECISION_EVENT_KEY, None) if isinstance(values, dict) else None
        decision = AdminDecision.model_validate(values)
        update: StateUpdate = {"admin_decision": decision.decision, "admin_feedback": decision.feedback_text(),
                               "decision_event_id": event_id}
        if decision.decision == Decision.REVISION_REQUESTED:
            title = str((state.get("current_draft") or {}).get("title") or "")
            # models/decisions.py still declares the entry an untyped dict: it is the FeedbackEntry's dump.
            entry = cast(FeedbackJson, decision.as_feedback_entry(int(state.get("draft_version", 0)), title))
            update.update({
                "feedback_history": [entry],
                "revision_count": 0, "escalated": False, "flags": [], "pipeline_status": PipelineStatus.REVISING,
                "best_draft": None, "best_score": None,
            })
        elif decision.decision == Decision.REJECTED:
            update["pipeline_status"] = PipelineStatus.REJECTED
        return update

    return human_decision
