"""Editorial node."""

from __future__ import annotations

from typing import Any

from editorial_ai.llm.base import LLMError
from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes._common import run_model, run_option
from editorial_ai.review.rubric import load_rubric
from editorial_ai.services.editorial import EditorialService


def make_editorial_node(deps: PipelineDeps):
    """Editorial: content with feedback injection -> planned MagazineLayout."""

    async def editorial(state: dict[str, Any]) -> dict[str, Any]:
        revision = int(state.get("revision_count", 0))
        llm = deps.llm("editorial_content", run_model(state, deps.settings), revision)
        rubric = load_rubric(state.get("content_type") or deps.settings.content_type)
        version = int(state.get("draft_version", 0)) + 1
        try:
            outcome = await EditorialService(llm).draft(
                curated_topics=state.get("curated_topics", []), enriched_contexts=state.get("enriched_contexts", []),
                design_spec=DesignSpec.model_validate(state.get("design_spec") or {}), rubric=rubric,
                feedback_history=state.get("feedback_history", []), tone=run_option(state, "tone", "sophisticated"),
            )
        except LLMError as exc:
            # The review sees no draft and fails format; the loop cap bounds the cost.
            return {"current_draft": None, "draft_version": version, "pipeline_status": "drafting",
                    "error_log": [f"editorial: generation failed on attempt {version}: {exc}"]}
        update: dict[str, Any] = {"current_draft": outcome.layout.model_dump(mode="json"), "draft_version": version,
                                  "pipeline_status": "drafting",
                                  "tool_calls_log": [{"tool": "editorial.generate", "model": llm.name,
                                                      "repairs": outcome.repairs, "attempt": version}]}
        return update

    return editorial
