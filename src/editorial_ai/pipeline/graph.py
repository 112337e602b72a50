"""Topology and routing (seed 001 section 2, escalation to the human gate; seed 002 exam items; seed 003 specs).

Each registered content type brings its flow (content_types/); the graph adds every flow's nodes and edges,
starts a run at its type's entry node and ends every flow in the shared human gate and publish nodes.
"""

from __future__ import annotations

from typing import Any

from langgraph.graph import END, START, StateGraph

from editorial_ai.content_types.article import route_after_curation, route_after_review
from editorial_ai.content_types.base import GATE_NODE
from editorial_ai.content_types.registry import content_type_for, pipeline_flows
from editorial_ai.content_types.registry import pipeline_content_types as pipeline_content_types
from editorial_ai.observability.node_wrapper import node_wrapper
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes.admin_gate import make_admin_gate_node, make_human_decision_node
from editorial_ai.pipeline.nodes.publish import make_publish_node
from editorial_ai.pipeline.state import EditorialPipelineState

__all__ = [
    "NODE_ORDER",
    "build_graph",
    "pipeline_content_types",
    "route_after_curation",
    "route_after_decision",
    "route_after_gate",
    "route_after_review",
    "route_start",
]

SHARED_NODES = {
    GATE_NODE: make_admin_gate_node,
    "human_decision": make_human_decision_node,
    "publish": make_publish_node,
}
# The article flow's nodes then the shared ones, in run order (progress views and tests list them).
NODE_ORDER = (
    "curation",
    "design_spec",
    "source",
    "editorial",
    "enrich",
    "review",
    GATE_NODE,
    "human_decision",
    "publish",
)


def _flow_of(state: dict[str, Any]) -> Any:
    flow = content_type_for(state.get("content_type")).flow()
    if flow is None:
        raise ValueError(f"content type {state.get('content_type')!r} is not run by the pipeline")
    return flow


def route_start(state: dict[str, Any]) -> str:
    """The entry node of the run's content type (articles: curation)."""
    return str(_flow_of(state).entry)


def route_after_gate(state: dict[str, Any]) -> str:
    """Wait for the human unless the gate had nothing to show."""
    return END if state.get("pipeline_status") == "failed" else "human_decision"


def route_after_decision(state: dict[str, Any]) -> str:
    """approved -> publish; revision_requested -> the type's revision entry; rejected -> END."""
    decision = state.get("admin_decision")
    if decision == "approved":
        return "publish"
    if decision == "revision_requested":
        return str(_flow_of(state).revision_entry)
    return END


def build_graph(deps: PipelineDeps) -> StateGraph:
    """The uncompiled graph of every registered flow; compile it with a checkpointer."""
    graph = StateGraph(EditorialPipelineState)
    flows = pipeline_flows()
    makers: dict[str, Any] = {}
    for flow in flows:
        for name, maker in flow.nodes.items():
            if name in makers or name in SHARED_NODES:
                raise ValueError(f"flow {flow.name!r} reuses the node name {name!r}; give its nodes a prefix")
            makers[name] = maker
    makers.update(SHARED_NODES)
    for name, maker in makers.items():
        node: Any = node_wrapper(name, maker(deps), deps.run_log, deps.progress)
        graph.add_node(name, node)
    graph.add_conditional_edges(START, route_start, list(dict.fromkeys(f.entry for f in flows)))
    for flow in flows:
        flow.wire(graph)
    graph.add_conditional_edges(GATE_NODE, route_after_gate, ["human_decision", END])
    revision_entries = list(dict.fromkeys(f.revision_entry for f in flows))
    graph.add_conditional_edges("human_decision", route_after_decision, ["publish", *revision_entries, END])
    graph.add_edge("publish", END)
    return graph
