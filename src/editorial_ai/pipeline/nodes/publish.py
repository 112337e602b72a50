"""Publish node: idempotent, so a run resumed after a crash never publishes twice nor reports a false failure."""

from __future__ import annotations

from datetime import UTC, datetime

from editorial_ai.models.status import ContentStatus, PipelineStatus
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.registry import content_type_for
from editorial_ai.pipeline.state import PipelineNode, PipelineState, StateUpdate


def make_publish_node(deps: PipelineDeps) -> PipelineNode:
    """Render the approved article to HTML and mark the content published (a no-op when it already is)."""

    async def publish(state: PipelineState) -> StateUpdate:
        content_id = str(state["current_draft_id"])
        content = await deps.contents.get(content_id)
        if content is not None and content.status == ContentStatus.PUBLISHED:
            # A re-run (resume after a crash past the status change): the page and the status already exist.
            # `replay` marks the run log's record (outcome "replay"): an audit tells it from a second publish.
            return {"pipeline_status": PipelineStatus.PUBLISHED,
                    "tool_calls_log": [{"tool": "publish", "result": "already published", "replay": True,
                                        "path": content.published_path}]}
        publisher = content_type_for(state.get("content_type"))
        path = publisher.publish(state.get("current_draft") or {}, deps.settings.resolved_publish_dir, content_id)
        moved = await deps.contents.transition(content_id, expected=(ContentStatus.APPROVED.value,),
                                               new_status=ContentStatus.PUBLISHED.value,
                                               published_at=datetime.now(UTC).isoformat(), published_path=str(path))
        if moved:
            return {"pipeline_status": PipelineStatus.PUBLISHED,
                    "tool_calls_log": [{"tool": "publish", "result": "published", "path": str(path)}]}
        latest = await deps.contents.get(content_id)
        # Published meanwhile by a concurrent resume.
        if latest is not None and latest.status == ContentStatus.PUBLISHED:
            return {"pipeline_status": PipelineStatus.PUBLISHED,
                    "tool_calls_log": [{"tool": "publish", "result": "already published", "replay": True,
                                        "path": latest.published_path}]}
        status = latest.status if latest else "missing"
        return {"pipeline_status": PipelineStatus.FAILED,
                "error_log": [f"publish: content {content_id} is {status!r}, not 'approved'; article left at {path}"]}

    return publish
