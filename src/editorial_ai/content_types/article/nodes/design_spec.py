"""Design spec node."""

from __future__ import annotations

from editorial_ai.content_types.article.layout.design_spec import generate_design_spec
from editorial_ai.content_types.article.state import ArticleNode, ArticleState
from editorial_ai.models.design_spec import default_design_spec
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes._common import run_model, run_option


def make_design_spec_node(deps: PipelineDeps) -> ArticleNode:
    """Design spec: LLM choice, default template on any failure."""

    async def design_spec(state: ArticleState) -> ArticleState:
        keyword = state["curated_topics"][0]["keyword"]
        llm = deps.llm("design_spec", run_model(state, deps.settings))
        try:
            spec, fallback_reason = await generate_design_spec(
                llm, keyword, run_option(state, "tone", "sophisticated"), run_option(state, "style", "editorial"))
        except Exception as exc:  # noqa: BLE001 - any failure means the default template (seed 001 3.2)
            spec, fallback_reason = default_design_spec(), f"design_spec fell back to the default template: {exc}"
        update: ArticleState = {"design_spec": spec.model_dump(mode="json")}
        if fallback_reason:
            update["error_log"] = [fallback_reason]
        return update

    return design_spec
