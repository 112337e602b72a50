"""Enrich node."""

from __future__ import annotations

from editorial_ai.models.status import PipelineStatus
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.state import PipelineNode, PipelineState, StateUpdate
from editorial_ai.services.enrich import enrich_layout


def make_enrich_node(deps: PipelineDeps) -> PipelineNode:
    """Enrich: real post images and products into the layout; passes through when there is no draft."""

    async def enrich(state: PipelineState) -> StateUpdate:
        draft = state.get("current_draft")
        if not draft:
            return {"pipeline_status": PipelineStatus.REVIEWING}
        return {
            "current_draft": enrich_layout(draft, state.get("enriched_contexts", [])),
            "pipeline_status": PipelineStatus.REVIEWING,
        }

    return enrich
