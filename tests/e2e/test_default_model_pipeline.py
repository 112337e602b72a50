"""The embedded default (Qwen2.5-Coder-1.5B-Instruct) writes the article: a keyword to the gate, then published."""

from __future__ import annotations

from pathlib import Path

import pytest

from editorial_ai.config import DEFAULT_MODEL, Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import open_pipeline
from editorial_ai.text import split_sentences, word_count

pytestmark = pytest.mark.slow


@pytest.mark.timeout(1500)  # a keyword to the gate and one revision on the 1.5B model, on two possibly busy cores
async def test_default_model_writes_every_sentence_and_publishes(tmp_path: Path) -> None:
    assert DEFAULT_MODEL == "local:qwen2.5-coder-1.5b"
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_MAX_REVISIONS=1)
    async with open_pipeline(settings) as pipeline:
        outcome = await pipeline.start({"seed_keyword": "Jennie Effect", "target_celeb": "Jennie"})
        state = outcome.state
        assert outcome.waiting_for_human, state.get("error_log")
        content = state["current_content"]
        paragraphs = content["body_paragraphs"]
        words = word_count(paragraphs)
        assert len(paragraphs) >= 4 and words >= 150, words
        assert len(content["title"]) >= 12 and content["subtitle"]
        writes = [e for e in state["tool_calls_log"] if e.get("tool") == "editorial.generate"]
        assert writes[0]["writer"] == "chat:paragraphs" and writes[-1]["model_sentence_share"] == 1.0
        # Every body sentence came from the model: none of the base-model writer's composed openings.
        assert not any(s.startswith("In the catalog") for p in paragraphs for s in split_sentences(p))
        review = state["review_result"]
        assert {"hallucination", "fact_accuracy", "specificity"} <= {c["criterion"] for c in review["criteria"]}
        shown = [p for b in state["current_draft"]["blocks"] if b["type"] == "body_text" for p in b["paragraphs"]]
        if word_count(shown) < 250:  # the body of the version at the gate, whose review the editor reads
            # The 350-word target is the quality bench's figure, and this model on two cores misses it (the review
            # takes its wrong sentences out): a body under the rubric's 250-word floor reaches the editor flagged,
            # with the count, never passed as complete.
            short = [c for c in review["criteria"] if c["criterion"] == "content_completeness"]
            assert short and not short[0]["passed"], short
            assert any("words of body text (found" in e for e in short[0]["evidence"]), short[0]["evidence"]
        judged = [c for c in review["criteria"] if c["source"] == "judge"]
        assert judged and all(c["skipped"] or c["score"] is not None for c in judged)
        # The run reused its facts from the KV cache: most prompt tokens were not processed again.
        usage = [u for u in state["token_usage"] if str(u.get("purpose", "")).startswith("editorial")]
        assert sum(u["cached_tokens"] for u in usage) > sum(u["prompt_tokens"] for u in usage) / 2

        final = await pipeline.decide(str(state["current_draft_id"]), AdminDecision(
            decision="approved", note="read in full; the flagged sentences were checked"))
        assert final.state["pipeline_status"] == "published"
