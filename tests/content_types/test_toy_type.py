"""A new content type is one module: this file declares a toy type and runs it through the real graph.

Nothing outside this file knows about `haiku`: the registry puts its flow in the graph, the run starts at its
entry node, its check routes to the shared human gate, a revision request comes back to its entry node and
the publish node writes the page its renderer makes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from langgraph.graph import END, StateGraph

from editorial_ai.config import Settings
from editorial_ai.content_types.base import GATE_NODE, ContentType, Flow
from editorial_ai.content_types.registry import pipeline_content_types, registered_type
from editorial_ai.llm.base import LLMRequest
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.runner import open_pipeline


def make_haiku_write(deps: PipelineDeps) -> Any:
    async def haiku_write(state: dict[str, Any]) -> dict[str, Any]:
        topic = str(state["curation_input"]["seed_keyword"])
        llm = deps.llm("editorial_content", str(state["curation_input"]["model"]))
        result = await llm.generate(LLMRequest(prompt=f"A haiku about {topic}:", purpose="haiku"))
        version = int(state.get("draft_version", 0)) + 1
        return {
            "current_draft": {"title": topic, "lines": result.text.strip().splitlines()},
            "draft_version": version,
            "pipeline_status": "drafting",
        }

    return haiku_write


def make_haiku_check(deps: PipelineDeps) -> Any:
    async def haiku_check(state: dict[str, Any]) -> dict[str, Any]:
        lines = (state.get("current_draft") or {}).get("lines") or []
        passed = len(lines) == 3
        return {
            "review_result": {"passed": passed, "criteria": []},
            "pipeline_status": "awaiting_approval" if passed else "revising",
        }

    return haiku_check


def route_after_check(state: dict[str, Any]) -> str:
    if state.get("pipeline_status") == "awaiting_approval":
        return GATE_NODE
    return "haiku_write" if int(state.get("draft_version", 0)) < 3 else END


def wire(graph: StateGraph) -> None:
    graph.add_edge("haiku_write", "haiku_check")
    graph.add_conditional_edges("haiku_check", route_after_check, [GATE_NODE, "haiku_write", END])


@dataclass(frozen=True)
class HaikuType(ContentType):
    def flow(self) -> Flow:
        return Flow(
            name="haiku",
            entry="haiku_write",
            revision_entry="haiku_write",
            nodes={"haiku_write": make_haiku_write, "haiku_check": make_haiku_check},
            wire=wire,
        )

    def render_html(self, draft: Mapping[str, Any], *, standalone: bool = True) -> str:
        return "<!doctype html><p class='haiku'>" + " / ".join(draft["lines"]) + "</p>"


@pytest.fixture
def haiku() -> Iterator[ContentType]:
    with registered_type(HaikuType(name="haiku", label="Haiku")) as content_type:
        yield content_type


async def test_a_toy_type_runs_through_the_graph_gate_revision_and_publish(
    haiku: ContentType, settings: Settings
) -> None:
    assert "haiku" in pipeline_content_types()
    # The first poem has two lines (the check sends it back), the second three; the human asks for a third.
    client = ScriptedClient(
        {
            "haiku": [
                {"text": "old pond\nfrog"},
                {"text": "old pond\na frog jumps in\nsplash"},
                {"text": "still pond\na frog leaps\nwater sound"},
            ]
        }
    )
    async with open_pipeline(settings, llm_factory=lambda _model: client) as pipeline:
        outcome = await pipeline.start({"seed_keyword": "ponds", "model": "scripted:toy"}, content_type="haiku")
        assert outcome.waiting_for_human and outcome.state["draft_version"] == 2
        content_id = str(outcome.state["current_draft_id"])
        stored = await pipeline.deps.contents.get(content_id)
        assert stored is not None and stored.content_type == "haiku" and stored.title == "ponds"

        revised = await pipeline.decide(
            content_id, AdminDecision(decision="revision_requested", feedback="Fewer words")
        )
        assert revised.waiting_for_human and revised.state["draft_version"] == 3
        done = await pipeline.decide(content_id, AdminDecision(decision="approved"))
        nodes = [r["node_name"] for r in pipeline.logs(done.thread_id, "published")["runs"]]
        published = await pipeline.deps.contents.get(content_id)
    assert published is not None and published.status == "published"
    assert done.state["pipeline_status"] == "published"
    assert nodes[:4] == ["haiku_write", "haiku_check", "haiku_write", "haiku_check"]
    assert "curation" not in nodes and nodes[-1] == "publish"
    page = Path(str(published.published_path)).read_text(encoding="utf-8")
    assert page == "<!doctype html><p class='haiku'>still pond / a frog leaps / water sound</p>"
    assert [c.purpose for c in client.calls] == ["haiku"] * 3


def test_without_registration_the_type_is_unknown() -> None:
    assert "haiku" not in pipeline_content_types()
