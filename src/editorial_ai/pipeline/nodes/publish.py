"""Publish node."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.services.exam_item import EXAM_CONTENT_TYPE, write_published_exam_item
from editorial_ai.services.publish import write_published_article


def make_publish_node(deps: PipelineDeps):
    """Render the approved article to HTML and mark the content published."""

    async def publish(state: dict[str, Any]) -> dict[str, Any]:
        content_id = str(state["current_draft_id"])
        write = write_published_exam_item if state.get("content_type") == EXAM_CONTENT_TYPE else write_published_article
        path = write(state["current_draft"], deps.settings.resolved_publish_dir, content_id)
        moved = await deps.contents.transition(content_id, expected=("approved",), new_status="published",
                                               published_at=datetime.now(UTC).isoformat(), published_path=str(path))
        if not moved:
            return {"pipeline_status": "failed",
                    "error_log": [f"publish: content {content_id} was not in 'approved' state; article left at {path}"]}
        return {"pipeline_status": "published"}

    return publish
