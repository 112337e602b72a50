"""Topology and routing (seed 001 section 2, escalation to the human gate; seed 002 exam items)."""

from __future__ import annotations

from typing import Any

from langgraph.graph import END, START, StateGraph

from editorial_ai.observability.node_wrapper import node_wrapper
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes.admin_gate import make_admin_gate_node, make_human_decision_node
from editorial_ai.pipeline.nodes.curation import make_curation_node
from editorial_ai.pipeline.nodes.design_spec import make_design_spec_node
from editorial_ai.pipeline.nodes.editorial import make_editorial_node
from editorial_ai.pipeline.nodes.enrich import make_enrich_node
from editorial_ai.pipeline.nodes.exam_item import (
    EXAM_NODE_MAKERS,
    EXAM_NODE_ORDER,
    route_after_exam_correct,
    route_after_exam_generate,
    route_after_exam_score,
)
from editorial_ai.pipeline.nodes.publish import make_publish_node
from editorial_ai.pipeline.nodes.review import make_review_node
from editorial_ai.pipeline.nodes.source import make_source_node
from editorial_ai.pipeline.state import EditorialPipelineState
from editorial_ai.review.rubric import available_rubrics
from editorial_ai.services.exam_item import EXAM_CONTENT_TYPE

# Rubrics of other engines (the evaluation harness's text and research brief) are not pipeline content types.
NON_PIPELINE_TYPES = frozenset({"text", "research_brief"})


def pipeline_content_types() -> list[str]:
    """Content types `run` and the API accept."""
    return [name for name in available_rubrics() if name not in NON_PIPELINE_TYPES]


NODE_ORDER = ("curation", "design_spec", "source", "editorial", "enrich", "review", "admin_gate",
              "human_decision", "publish")


def route_start(state: dict[str, Any]) -> str:
    """Exam items have their own generation and review loop; every other content type is an article."""
    return "exam_generate" if state.get("content_type") == EXAM_CONTENT_TYPE else "curation"


def route_after_curation(state: dict[str, Any]) -> str:
    """Stop when curation found nothing to write about."""
    return "design_spec" if state.get("curated_topics") else END


def route_after_review(state: dict[str, Any]) -> str:
    """pass -> admin_gate; fail below the cap -> editorial; escalated -> admin_gate (flagged for a human)."""
    if state.get("pipeline_status") == "failed":  # the review itself crashed: stop rather than loop
        return END
    if state.get("pipeline_status") in ("awaiting_approval", "needs_human_review"):
        return "admin_gate"
    return "editorial"


def route_after_gate(state: dict[str, Any]) -> str:
    """Wait for the human unless the gate had nothing to show."""
    return END if state.get("pipeline_status") == "failed" else "human_decision"


def route_after_decision(state: dict[str, Any]) -> str:
    """approved -> publish; revision_requested -> editorial (exam items: exam_generate); rejected -> END."""
    decision = state.get("admin_decision")
    if decision == "approved":
        return "publish"
    if decision == "revision_requested":
        return "exam_generate" if state.get("content_type") == EXAM_CONTENT_TYPE else "editorial"
    return END


def build_graph(deps: PipelineDeps) -> StateGraph:
    """The uncompiled graph; compile it with a checkpointer."""
    makers = {
        "curation": make_curation_node, "design_spec": make_design_spec_node, "source": make_source_node,
        "editorial": make_editorial_node, "enrich": make_enrich_node, "review": make_review_node,
        "admin_gate": make_admin_gate_node, "human_decision": make_human_decision_node, "publish": make_publish_node,
    }
    makers.update(EXAM_NODE_MAKERS)
    graph = StateGraph(EditorialPipelineState)
    for name in (*NODE_ORDER, *EXAM_NODE_ORDER):
        node: Any = node_wrapper(name, makers[name](deps), deps.run_log, deps.progress)
        graph.add_node(name, node)
    graph.add_conditional_edges(START, route_start, ["curation", "exam_generate"])
    graph.add_conditional_edges("curation", route_after_curation, ["design_spec", END])
    graph.add_edge("design_spec", "source")
    graph.add_edge("source", "editorial")
    graph.add_edge("editorial", "enrich")
    graph.add_edge("enrich", "review")
    graph.add_conditional_edges("review", route_after_review, ["admin_gate", "editorial", END])
    graph.add_conditional_edges("admin_gate", route_after_gate, ["human_decision", END])
    graph.add_conditional_edges("human_decision", route_after_decision, ["publish", "editorial", "exam_generate", END])
    graph.add_conditional_edges("exam_generate", route_after_exam_generate, ["exam_validate", END])
    graph.add_edge("exam_validate", "exam_score")
    graph.add_conditional_edges("exam_score", route_after_exam_score, ["admin_gate", "exam_correct", END])
    graph.add_conditional_edges("exam_correct", route_after_exam_correct, ["exam_validate", END])
    graph.add_edge("publish", END)
    return graph
