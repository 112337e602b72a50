"""An editor's request the rewrite did not follow reaches the editor as a flag, never passed silently."""

from __future__ import annotations

from pathlib import Path

from editorial_ai.config import Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import open_pipeline


async def test_a_lead_the_rewrite_ignored_is_flagged(tmp_path: Path) -> None:
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_MODEL="scripted:happy")
    async with open_pipeline(settings) as pipeline:
        started = await pipeline.start({"seed_keyword": "Jennie Effect"})
        assert started.waiting_for_human
        content_id = str(started.state["current_draft_id"])
        # The scripted writer answers with the same paragraphs: none of them leads with Lisa.
        revised = await pipeline.decide(content_id, AdminDecision(decision="revision_requested",
                                                                  feedback="Lead with Lisa, please."))
        state = revised.state
        assert revised.waiting_for_human
        flags = [f for f in state.get("flags", []) if f.startswith("editor request not followed")]
        assert flags == ['editor request not followed: the editor asked to lead with "Lisa"; the first paragraph '
                         "does not name it"]
