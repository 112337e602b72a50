"""Source node."""

from __future__ import annotations

from editorial_ai.content_types.article.state import ArticleNode, ArticleState
from editorial_ai.content_types.article.writer.source_support import support_problem
from editorial_ai.models.status import PipelineStatus
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.services.source import source_contexts


def make_source_node(deps: PipelineDeps) -> ArticleNode:
    """Source: catalog posts + products for the curated topics."""

    async def source(state: ArticleState) -> ArticleState:
        seed = (state.get("curation_input") or {}).get("seed_keyword", "")
        contexts = await source_contexts(deps.catalog, state.get("curated_topics", []), seed)
        problem = support_problem(seed, state.get("curated_topics", []), contexts)
        if problem:
            return {"enriched_contexts": contexts, "pipeline_status": PipelineStatus.FAILED,
                    "error_log": [f"source: {problem}"],
                    "tool_calls_log": [{"tool": "catalog.search_posts", "results": len(contexts)}]}
        return {"enriched_contexts": contexts, "pipeline_status": PipelineStatus.SOURCING,
                "tool_calls_log": [{"tool": "catalog.search_posts", "results": len(contexts)}]}

    return source
