"""Single-best-answer exam items (seed 002): generate -> validate -> score -> correct the weakest component.

The nodes live in pipeline/nodes/exam_item.py; this module declares how they are wired and how an item is
shown and published.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from editorial_ai.content_types.base import GATE_NODE, ContentType, Flow
from editorial_ai.content_types.registry import register

if TYPE_CHECKING:
    from langgraph.graph import StateGraph

EXAM_FLOW = "exam_item"


def _wire(graph: StateGraph) -> None:
    from langgraph.graph import END

    from editorial_ai.pipeline.nodes.exam_item import (
        route_after_exam_correct,
        route_after_exam_generate,
        route_after_exam_score,
    )

    graph.add_conditional_edges("exam_generate", route_after_exam_generate, ["exam_validate", END])
    graph.add_edge("exam_validate", "exam_score")
    graph.add_conditional_edges("exam_score", route_after_exam_score, [GATE_NODE, "exam_correct", END])
    graph.add_conditional_edges("exam_correct", route_after_exam_correct, ["exam_validate", END])


@dataclass(frozen=True)
class ExamItemType(ContentType):
    """Exam items: their own generation and review loop, then the shared human gate."""

    def flow(self) -> Flow:
        """exam_generate -> exam_validate -> exam_score -> (exam_correct -> exam_validate ...)."""
        from editorial_ai.pipeline.nodes.exam_item import EXAM_NODE_MAKERS

        return Flow(
            name=EXAM_FLOW, entry="exam_generate", revision_entry="exam_generate", nodes=EXAM_NODE_MAKERS, wire=_wire
        )

    def title_of(self, draft: Mapping[str, Any]) -> str:
        """An item is known by its question stem."""
        return str(draft.get("stem") or draft.get("title") or "")

    def render_html(self, draft: Mapping[str, Any], *, standalone: bool = True) -> str:
        """Question first, then the answer with every option's rationale."""
        from editorial_ai.services.exam_item import render_exam_item_html

        return render_exam_item_html(dict(draft), standalone=standalone)

    def publish(self, draft: Mapping[str, Any], publish_dir: Path, content_id: str) -> Path:
        """The item page, written by the exam item service."""
        from editorial_ai.services.exam_item import write_published_exam_item

        return write_published_exam_item(dict(draft), publish_dir, content_id)

    def subcategory(self, draft: Mapping[str, Any] | None, curation_input: Mapping[str, Any] | None) -> str:
        """Exam items are aggregated by their target Bloom's level (the request's only category)."""
        return str((curation_input or {}).get("blooms_level") or "").strip().lower()


EXAM_ITEM = register(ExamItemType(name="exam_item", label="Exam item (single best answer)"))
