"""The graph's conditional edges and its wiring."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from langgraph.graph import END

from editorial_ai.config import Settings
from editorial_ai.content_types.article.flow import route_after_curation, route_after_review
from editorial_ai.pipeline.graph import NODE_ORDER, route_after_decision, route_after_gate
from editorial_ai.pipeline.runner import open_pipeline
from editorial_ai.pipeline.state import total_tokens


def test_route_after_curation() -> None:
    assert route_after_curation({"curated_topics": [{"keyword": "k"}]}) == "design_spec"
    assert route_after_curation({"curated_topics": []}) == END
    assert route_after_curation({}) == END


@pytest.mark.parametrize(("status", "target"), [
    ("awaiting_approval", "admin_gate"),
    ("needs_human_review", "admin_gate"),
    ("revising", "editorial"),
    ("reviewing", "editorial"),
    ("failed", END),
])
def test_route_after_review(status: str, target: str) -> None:
    assert route_after_review({"pipeline_status": status}) == target


@pytest.mark.parametrize(("status", "target"), [
    ("awaiting_approval", "human_decision"),
    ("needs_human_review", "human_decision"),
    ("failed", END),
])
def test_route_after_gate(status: str, target: str) -> None:
    assert route_after_gate({"pipeline_status": status}) == target


@pytest.mark.parametrize(("decision", "target"), [
    ("approved", "publish"),
    ("revision_requested", "editorial"),
    ("rejected", END),
    (None, END),
])
def test_route_after_decision(decision: str | None, target: str) -> None:
    assert route_after_decision({"admin_decision": decision}) == target


def test_total_tokens() -> None:
    state = {"token_usage": [{"prompt_tokens": 10, "completion_tokens": 5, "cached_tokens": 8}, {"prompt_tokens": 1}]}
    # The prompt tokens a provider reused from its cache are counted apart: the budget spends only the rest.
    assert total_tokens(state) == {"prompt_tokens": 11, "completion_tokens": 5, "total_tokens": 16,
                                   "cached_tokens": 8, "processed_tokens": 8, "llm_calls": 2}
    assert total_tokens({}) == {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0, "cached_tokens": 0,
                                "processed_tokens": 0, "llm_calls": 0}


async def test_compiled_graph_has_every_node(settings: Settings) -> None:
    async with open_pipeline(settings) as pipeline:
        nodes = set(pipeline.graph.get_graph().nodes)
    assert set(NODE_ORDER) <= nodes


async def test_routing_file_setting_is_used(make_settings: Callable[..., Settings], tmp_path: Path) -> None:
    path = tmp_path / "routing.yaml"
    path.write_text("providers:\n  scripted:\n    editorial_content: {upgrade: bigger, upgrade_at_revision: 1}\n",
                    encoding="utf-8")
    async with open_pipeline(make_settings(EDITORIAL_AI_ROUTING_FILE=path)) as pipeline:
        assert pipeline.deps.router.resolve("editorial_content", "scripted:happy", 1).model == "scripted:bigger"
