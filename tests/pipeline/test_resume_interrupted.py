"""A run cut off between nodes continues from its last checkpoint in a new process."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from editorial_ai.cli.main import app
from editorial_ai.config import Settings
from editorial_ai.pipeline.graph import build_graph
from editorial_ai.pipeline.runner import ConflictError, Pipeline, open_pipeline


async def _cut_off_before_review(settings: Settings) -> str:
    """Run until just before the review node, as if the process had died there."""
    async with open_pipeline(settings) as pipeline:
        saver = pipeline.graph.checkpointer
        graph = build_graph(pipeline.deps).compile(checkpointer=saver, interrupt_before=["review"])
        outcome = await Pipeline(graph, pipeline.deps).start({"seed_keyword": "Jennie Effect"})
        assert outcome.next_nodes == ("review",) and not outcome.waiting_for_human
        return outcome.thread_id


async def test_resume_continues_to_the_gate(make_settings: Callable[..., Settings]) -> None:
    settings = make_settings("scripted:happy")
    thread_id = await _cut_off_before_review(settings)
    async with open_pipeline(settings) as pipeline:
        resumed = await pipeline.resume(thread_id)
        assert resumed.waiting_for_human and resumed.state["pipeline_status"] == "awaiting_approval"
        assert resumed.state["review_result"]["passed"] is True
        with pytest.raises(ConflictError, match="waits for a human"):
            await pipeline.resume(thread_id)


def test_resume_from_the_cli(make_settings: Callable[..., Settings], monkeypatch: pytest.MonkeyPatch) -> None:
    settings = make_settings("scripted:happy")
    thread_id = asyncio.run(_cut_off_before_review(settings))
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(settings.data_dir))
    monkeypatch.setenv("EDITORIAL_AI_MODEL", "scripted:happy")
    from editorial_ai.config import get_settings

    get_settings.cache_clear()
    result = CliRunner().invoke(app, ["resume", thread_id, "--json"])
    assert result.exit_code == 0, result.output
    assert '"pipeline_status": "awaiting_approval"' in result.output
    again = CliRunner().invoke(app, ["resume", thread_id])
    assert again.exit_code == 2 and "approve" in again.output
