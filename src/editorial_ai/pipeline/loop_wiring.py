"""How a review loop is wired into the graph: the shared routers and the flow of a type that is one loop."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from editorial_ai.models.status import GATE_READY, PipelineStatus
from editorial_ai.pipeline.content_type import GATE_NODE, Flow, NodeMaker
from editorial_ai.pipeline.review_loop import ReviewLoop
from editorial_ai.pipeline.state import GateState, PipelineState

if TYPE_CHECKING:
    from langgraph.graph import StateGraph

END_NODE = "__end__"  # langgraph's END, spelled here so content-type modules can route without importing langgraph


def route_after_review(correct_node: str, gate_node: str) -> Callable[[PipelineState], str]:
    """pass or escalated -> the human gate; a crashed review -> END; otherwise -> `correct_node`."""

    def route(state: PipelineState) -> str:
        status = state.get("pipeline_status")
        if status == PipelineStatus.FAILED:  # the review itself crashed: stop rather than loop
            return END_NODE
        return gate_node if status in GATE_READY else correct_node

    route.__doc__ = f"pass or escalated -> {gate_node}; failed -> END; otherwise -> {correct_node}."
    return route


def route_unless_failed(next_node: str) -> Callable[[PipelineState], str]:
    """-> `next_node`, or END when the step failed."""

    def route(state: PipelineState) -> str:
        return END_NODE if state.get("pipeline_status") == PipelineStatus.FAILED else next_node

    return route


def review_loop_flow(
    name: str, *, steps: Sequence[str], loop: ReviewLoop[Any], reenter: str, revision_entry: str,
    nodes: Mapping[str, NodeMaker], state: type = GateState,
) -> Flow:
    """A content type's flow that is one review loop: `steps` (the nodes before the review, in order) each go on
    to the next and the last to the review unless it failed; the review goes to the human gate, to the loop's
    corrector or ends; the corrector goes on to `reenter` unless it failed. A run starts at the first step and
    a human's revision request goes back to `revision_entry`. `state` is the flow's own state (see `Flow`)."""

    def wire(graph: StateGraph) -> None:
        chain = [*steps, loop.node]
        for node, following in itertools.pairwise(chain):
            graph.add_conditional_edges(node, route_unless_failed(following), [following, END_NODE])
        graph.add_conditional_edges(
            loop.node, route_after_review(loop.correct_node, GATE_NODE), [GATE_NODE, loop.correct_node, END_NODE]
        )
        graph.add_conditional_edges(loop.correct_node, route_unless_failed(reenter), [reenter, END_NODE])

    return Flow(name=name, entry=steps[0], revision_entry=revision_entry, nodes=nodes, wire=wire, state=state)

