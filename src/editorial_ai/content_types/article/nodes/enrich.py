"""Enrich node."""

from __future__ import annotations

from editorial_ai.content_types.article.layout.enrich import enrich_layout
from editorial_ai.content_types.article.state import ArticleNode, ArticleState
from editorial_ai.models.status import PipelineStatus
from editorial_ai.pipeline.deps import PipelineDeps


def make_enrich_node(deps: PipelineDeps) -> ArticleNode:
    """Enrich: real post images and products into the layout; passes through when there is no draft."""

    async def enrich(state: ArticleState) -> ArticleState:
        draft = state.get("current_draft")
        if not draft:
            return {"pipeline_status": PipelineStatus.REVIEWING}
        return {
            "current_draft": enrich_layout(draft, state.get("enriched_contexts", [])),
            "pipeline_status": PipelineStatus.REVIEWING,
        }

    return enrich
