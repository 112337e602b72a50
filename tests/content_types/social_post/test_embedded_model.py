"""The embedded default (Qwen2.5-Coder-1.5B-Instruct) writes the three captions for a published article and the
run reaches the human gate (passed or escalated, never failed)."""

from __future__ import annotations

import pytest

from editorial_ai.config import DEFAULT_MODEL
from editorial_ai.content_types.social_post.platforms import BY_NAME
from editorial_ai.pipeline.runner import Pipeline

pytestmark = pytest.mark.slow


async def test_the_default_model_writes_three_captions_to_the_gate(pipeline: Pipeline, article_id: str) -> None:
    outcome = await pipeline.start({"seed_keyword": article_id, "model": DEFAULT_MODEL, "max_revisions": 2},
                                   content_type="social_post")
    state = outcome.state
    assert outcome.waiting_for_human, state.get("error_log")
    assert state["pipeline_status"] in ("awaiting_approval", "needs_human_review")
    captions = state["current_draft"]["captions"]
    assert [c["platform"] for c in captions] == list(BY_NAME)
    assert all(len(c["text"]) >= 20 for c in captions)
