"""Single-best-answer exam items (seed 002): generate -> validate -> score -> correct the weakest component.

The whole type is this package: prompts.py (the generator's, judge's and corrector's prompts), service.py
(generation, judging, the correction plan, the item page), validators.py and rubric.yaml (the structural checks
and the five judged dimensions), nodes.py and state.py (the flow's nodes and its own state), scenarios/ (scripted
runs). This module declares how they are wired and how an item is shown and published. The item's models stay in
models/exam_item.py: the run request (models/run_request.py) takes its Bloom's levels.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from editorial_ai.pipeline.content_type import ContentType, Flow
from editorial_ai.pipeline.registry import register

EXAM_FLOW = "exam_item"


@dataclass(frozen=True)
class ExamItemType(ContentType):
    """Exam items: their own generation and review loop, then the shared human gate."""

    def flow(self) -> Flow:
        """exam_generate -> exam_validate (the type's validator) -> exam_score (the shared review loop with the
        exam's scorer) -> gate, or exam_correct (the type's corrector) -> exam_validate ..."""
        from editorial_ai.content_types.exam_item.nodes import EXAM_NODE_MAKERS, EXAM_REVIEW_LOOP
        from editorial_ai.content_types.exam_item.state import ExamState
        from editorial_ai.pipeline.loop_wiring import review_loop_flow

        return review_loop_flow(
            EXAM_FLOW, steps=("exam_generate", "exam_validate"), loop=EXAM_REVIEW_LOOP, reenter="exam_validate",
            revision_entry="exam_generate", nodes=EXAM_NODE_MAKERS, state=ExamState,
        )

    def prompt_example_texts(self) -> list[str]:
        """The example item's vignette, stem, explanation and options."""
        from editorial_ai.content_types.exam_item.prompts import EXAM_EXAMPLE_ITEM as item

        return [item["vignette"], item["stem"], item["explanation"],
                *(f"{o['text']}. {o['explanation']}" for o in item["options"])]

    def title_of(self, draft: Mapping[str, Any]) -> str:
        """An item is known by its question stem."""
        return str(draft.get("stem") or draft.get("title") or "")

    def render_html(self, draft: Mapping[str, Any], *, standalone: bool = True) -> str:
        """Question first, then the answer with every option's rationale."""
        from editorial_ai.content_types.exam_item.service import render_exam_item_html

        return render_exam_item_html(dict(draft), standalone=standalone)

    def publish(self, draft: Mapping[str, Any], publish_dir: Path, content_id: str) -> Path:
        """The item page, written by the exam item service."""
        from editorial_ai.content_types.exam_item.service import write_published_exam_item

        return write_published_exam_item(dict(draft), publish_dir, content_id)

    def subcategory(self, draft: Mapping[str, Any] | None, curation_input: Mapping[str, Any] | None) -> str:
        """Exam items are aggregated by their target Bloom's level (the request's only category)."""
        return str((curation_input or {}).get("blooms_level") or "").strip().lower()


EXAM_ITEM = register(
    ExamItemType(name="exam_item", label="Exam item (single best answer)", stored_review="exam_item")
)
