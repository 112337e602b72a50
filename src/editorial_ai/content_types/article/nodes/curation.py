"""Curation node."""

from __future__ import annotations

from editorial_ai.content_types.article.state import ArticleNode, ArticleState
from editorial_ai.models.state_json import topic_json
from editorial_ai.models.status import PipelineStatus
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes._common import run_model
from editorial_ai.services.curation import CurationService, nearest_keywords


def make_curation_node(deps: PipelineDeps) -> ArticleNode:
    """Curation: seed keyword -> CuratedTopic[] (low quality removed)."""

    async def curation(state: ArticleState) -> ArticleState:
        llm = deps.llm("curation_research", run_model(state, deps.settings))
        concurrency = deps.settings.llm_concurrency_for(llm.name)
        topics = await CurationService(llm, deps.catalog, concurrency=concurrency).curate(state["curation_input"])
        if not topics:
            keyword = str(state["curation_input"].get("seed_keyword") or "")
            nearest = ", ".join(await nearest_keywords(deps.catalog, keyword))
            return {"curated_topics": [], "pipeline_status": PipelineStatus.FAILED,
                    "error_log": [f"curation: no usable topic for {keyword!r} -- the catalog has no posts matching it; "
                                  f"nearest keywords the catalog supports: {nearest or 'none'}; or name an artist, "
                                  "brand, trend tag or scene in the catalog"]}
        return {"curated_topics": [topic_json(t) for t in topics],
                "pipeline_status": PipelineStatus.CURATING}

    return curation
