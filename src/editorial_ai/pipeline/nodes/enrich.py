"""Enrich node."""

from __future__ import annotations

from typing import Any

from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.services.enrich import enrich_layout


def make_enrich_node(deps: PipelineDeps):
    """Enrich: real post images and products into the layout; passes through when there is no draft."""

    async def enrich(state: dict[str, Any]) -> dict[str, Any]:
        draft = state.get("current_draft")
        if not draft:
            return {"pipeline_status": "reviewing"}
        return {
            "current_draft": enrich_layout(draft, state.get("enriched_contexts", [])),
            "pipeline_status": "reviewing",
        }

    return enrich
