"""Topology and routing (seed 001 section 2, escalation to the human gate; seed 002 exam items; seed 003 specs).

Each registered content type brings its flow (a plug-in found by pipeline/registry.py); the graph adds every
flow's nodes and edges, starts a run at its type's entry node and ends every flow in the shared human gate and
publish nodes. The graph itself knows no type.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from enum import Enum
from typing import Any, TypedDict, cast, get_type_hints

from langgraph.graph import END, START, StateGraph

from editorial_ai.models.status import Decision, PipelineStatus
from editorial_ai.observability.node_wrapper import NodeFn, node_wrapper
from editorial_ai.pipeline.content_type import GATE_NODE, Flow, NodeMaker
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes.admin_gate import make_admin_gate_node, make_human_decision_node
from editorial_ai.pipeline.nodes.publish import make_publish_node
from editorial_ai.pipeline.registry import content_type_for, pipeline_flows
from editorial_ai.pipeline.registry import pipeline_content_types as pipeline_content_types
from editorial_ai.pipeline.state import AnyNode, GateState, PipelineState, StateUpdate

__all__ = [
    "NODE_ORDER",
    "build_graph",
    "graph_state",
    "pipeline_content_types",
    "route_after_decision",
    "route_after_gate",
    "route_start",
]

SHARED_NODES: dict[str, NodeMaker] = {
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


def _flow_of(state: PipelineState) -> Flow:
    flow = content_type_for(state.get("content_type")).flow()
    if flow is None:
        raise ValueError(f"content type {state.get('content_type')!r} is not run by the pipeline")
    return flow


def route_start(state: PipelineState) -> str:
    """The entry node of the run's content type (articles: curation)."""
    return str(_flow_of(state).entry)


def route_after_gate(state: PipelineState) -> str:
    """Wait for the human unless the gate had nothing to show."""
    return END if state.get("pipeline_status") == PipelineStatus.FAILED else "human_decision"


def route_after_decision(state: PipelineState) -> str:
    """approved -> publish; revision_requested -> the type's revision entry; rejected -> END."""
    decision = state.get("admin_decision")
    if decision == Decision.APPROVED:
        return "publish"
    if decision == Decision.REVISION_REQUESTED:
        return str(_flow_of(state).revision_entry)
    return END


def graph_state(flows: Sequence[Flow] | None = None) -> type[Any]:
    """The graph's state schema: the gate state joined with every flow's own state (default: the registered
    flows'). A key two flows declare must have the same type in both."""
    fields: dict[str, Any] = dict(get_type_hints(GateState, include_extras=True))  # type hints, as typing gives them
    owners = dict.fromkeys(fields, "the gate state")
    for flow in pipeline_flows() if flows is None else flows:
        for key, hint in get_type_hints(flow.state, include_extras=True).items():
            if fields.setdefault(key, hint) != hint:
                raise ValueError(f"flow {flow.name!r} declares the state key {key!r} as {hint}, but "
                                 f"{owners[key]} as {fields[key]}: rename the key or give it the same type")
            owners.setdefault(key, f"flow {flow.name!r}")
    schema: type[Any] = TypedDict("PipelineGraphState", fields, total=False)  # type: ignore[misc]
    return schema


def _plain_statuses(node: AnyNode) -> AnyNode:
    """Nodes write status enum members; the state keeps their plain values, so checkpoints hold strings (the
    checkpointer would otherwise pickle the enum class by name) and readers of old checkpoints see no change."""

    @functools.wraps(node)
    async def plain(state: PipelineState) -> StateUpdate:
        update = await node(state)
        values = cast(dict[str, object], update)  # any key's value may be an enum member
        for key, value in values.items():
            if isinstance(value, Enum):
                values[key] = value.value
        return cast(StateUpdate, update)

    return plain


def build_graph(deps: PipelineDeps) -> StateGraph:
    """The uncompiled graph of every registered flow; compile it with a checkpointer."""
    flows = pipeline_flows()
    schema = graph_state(flows)
    graph = StateGraph(schema)
    makers: dict[str, NodeMaker] = {}
    for flow in flows:
        for name, maker in flow.nodes.items():
            if name in makers or name in SHARED_NODES:
                raise ValueError(f"flow {flow.name!r} reuses the node name {name!r}; give its nodes a prefix")
            makers[name] = maker
    makers.update(SHARED_NODES)
    for name, maker in makers.items():
        # The wrapper logs any node; the state it passes is the TypedDict the node is declared with.
        node = node_wrapper(name, cast(NodeFn, _plain_statuses(maker(deps))), deps.run_log, deps.progress)
        # Every node is handed the whole state, whatever its own declaration says (LangGraph would otherwise
        # hand a node declared with the gate state only the gate's keys).
        graph.add_node(name, cast(Any, node), input_schema=schema)
    graph.add_conditional_edges(START, route_start, list(dict.fromkeys(f.entry for f in flows)))
    for flow in flows:
        flow.wire(graph)
    graph.add_conditional_edges(GATE_NODE, route_after_gate, ["human_decision", END])
    revision_entries = list(dict.fromkeys(f.revision_entry for f in flows))
    graph.add_conditional_edges("human_decision", route_after_decision, ["publish", *revision_entries, END])
    graph.add_edge("publish", END)
    return graph
