"""The graph's state is the gate state joined with every flow's own state; the core declares no type's keys."""

from __future__ import annotations

from typing import get_type_hints

import pytest

from editorial_ai.pipeline.content_type import Flow
from editorial_ai.pipeline.graph import graph_state
from editorial_ai.pipeline.state import GateState


class RecipeState(GateState, total=False):
    servings: int


class OtherRecipeState(GateState, total=False):
    servings: str


def _flow(name: str, state: type) -> Flow:
    return Flow(name=name, entry=f"{name}_write", revision_entry=f"{name}_write", nodes={}, wire=lambda _g: None,
                state=state)


def test_the_gate_state_names_no_content_type_key() -> None:
    keys = set(get_type_hints(GateState))
    assert not keys & {"curated_topics", "exam_request", "product_category", "final_status", "design_spec"}


def test_the_registered_flows_bring_their_keys() -> None:
    keys = set(get_type_hints(graph_state()))
    assert {"curated_topics", "exam_request", "final_status", "product_category", "review_history"} <= keys


def test_a_flow_state_joins_the_gate_state() -> None:
    keys = set(get_type_hints(graph_state([_flow("recipe", RecipeState)])))
    assert "servings" in keys and "pipeline_status" in keys and "exam_request" not in keys


def test_two_flows_giving_one_key_two_types_are_refused() -> None:
    with pytest.raises(ValueError, match=r"'servings'.*rename the key"):
        graph_state([_flow("recipe", RecipeState), _flow("other", OtherRecipeState)])
