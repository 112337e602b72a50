"""Source node."""

from __future__ import annotations

from typing import Any

from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.services.source import source_contexts


def make_source_node(deps: PipelineDeps):
    """Source: catalog posts + products for the curated topics."""

    async def source(state: dict[str, Any]) -> dict[str, Any]:
        seed = (state.get("curation_input") or {}).get("seed_keyword", "")
        contexts = await source_contexts(deps.catalog, state.get("curated_topics", []), seed)
        return {"enriched_contexts": contexts, "pipeline_status": "sourcing",
                "tool_calls_log": [{"tool": "catalog.search_posts", "results": len(contexts)}]}

    return source
