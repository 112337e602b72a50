"""The whole graph on the real embedded model: keyword -> reviewed draft at the gate -> approved -> published."""

from __future__ import annotations

from pathlib import Path

import pytest

from editorial_ai.config import Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import open_pipeline
from editorial_ai.prompts.editorial import EDITORIAL_EXAMPLE_TEXTS
from editorial_ai.review.text_checks import copied_sentences

pytestmark = pytest.mark.slow


async def test_real_model_runs_the_whole_graph(tmp_path: Path) -> None:
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_MODEL="local:gemma-3-270m",
                        EDITORIAL_AI_MAX_REVISIONS=2)
    async with open_pipeline(settings) as pipeline:
        outcome = await pipeline.start({"seed_keyword": "Jennie Effect", "target_celeb": "Jennie"})
        state = outcome.state
        assert outcome.waiting_for_human, state.get("error_log")
        assert state["pipeline_status"] in ("awaiting_approval", "needs_human_review")
        review = state["review_result"]
        names = {c["criterion"] for c in review["criteria"]}
        assert {"format", "hallucination", "fact_accuracy", "content_completeness"} <= names
        assert all(c["reason"] for c in review["criteria"])
        assert sum(u["completion_tokens"] for u in state["token_usage"]) > 50
        # The writer writes: paragraphs of its own, not the prompt's fictional example with names swapped.
        paragraphs = state["current_content"]["body_paragraphs"]
        assert len(paragraphs) >= 3 and not copied_sentences(paragraphs, EDITORIAL_EXAMPLE_TEXTS)
        nodes = [r["node_name"] for r in pipeline.deps.run_log.read(outcome.thread_id)]
        assert nodes[:6] == ["curation", "design_spec", "source", "editorial", "enrich", "review"]

        final = await pipeline.decide(str(state["current_draft_id"]), AdminDecision(decision="approved"))
        assert final.state["pipeline_status"] == "published"
        content = await pipeline.deps.contents.get(str(state["current_draft_id"]))
        assert content is not None and content.status == "published" and content.published_path
        html = Path(content.published_path).read_text(encoding="utf-8")
        assert "<article" in html and content.title in html.replace("&#39;", "'").replace("&amp;", "&")
