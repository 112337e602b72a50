"""Durable state: a run started in one process is decided and published from another."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from editorial_ai.config import Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import ConflictError, open_pipeline


def _cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("EDITORIAL_AI_")}
    env.update(EDITORIAL_AI_DATA_DIR=str(data_dir), EDITORIAL_AI_MODEL="scripted:happy", NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "editorial_ai.cli.main", *args], capture_output=True, text=True,
                          env=env, timeout=120, check=False, cwd=data_dir.parent)


async def test_run_in_a_subprocess_then_approve_here(make_settings: Callable[..., Settings]) -> None:
    settings = make_settings()
    proc = _cli(settings.data_dir, "run", "Jennie Effect", "--json")
    assert proc.returncode == 0, proc.stderr
    started = json.loads(proc.stdout)
    assert started["waiting_for_human"] is True and started["pipeline_status"] == "awaiting_approval"
    content_id = started["content_id"]

    async with open_pipeline(settings) as pipeline:  # new graph, new checkpointer connection
        waiting = await pipeline.outcome(started["thread_id"])
        assert waiting.waiting_for_human and waiting.state["current_draft_id"] == content_id
        done = await pipeline.decide(content_id, AdminDecision(decision="approved"))
        assert done.state["pipeline_status"] == "published"
        content = await pipeline.deps.contents.get(content_id)
    assert content is not None and content.status == "published"
    assert Path(content.published_path).is_file()


async def test_decision_claimed_before_a_crash_is_finished_by_resume(make_settings: Callable[..., Settings]) -> None:
    settings = make_settings()
    async with open_pipeline(settings) as pipeline:
        started = await pipeline.start({"seed_keyword": "Jennie Effect", "model": "scripted:happy"})
        content_id = str(started.state["current_draft_id"])
        # The decision was recorded (status, event, claim), then the process died before the graph resumed.
        await pipeline.claim(content_id, AdminDecision(decision="approved"))

    async with open_pipeline(settings) as pipeline:
        with pytest.raises(ConflictError, match="not awaiting a decision"):  # a second decision loses
            await pipeline.decide(content_id, AdminDecision(decision="approved"))
        done = await pipeline.resume(started.thread_id)
        assert done.state["pipeline_status"] == "published"
        content = await pipeline.deps.contents.get(content_id)
        events = await pipeline.deps.contents.events(content_id)
    assert content is not None and content.status == "published" and content.claim_token is None
    assert [e.decision for e in events] == ["approved"]


async def test_the_outcome_a_run_returns_is_the_one_its_checkpoint_holds(
        make_settings: Callable[..., Settings]) -> None:
    # start and decide build their outcome from what the graph returned instead of reading the checkpoint back.
    async with open_pipeline(make_settings()) as pipeline:
        started = await pipeline.start({"seed_keyword": "Jennie Effect", "model": "scripted:happy"})
        assert started.waiting_for_human and started.next_nodes == ("human_decision",)
        assert started == await pipeline.outcome(started.thread_id)
        content_id = str(started.state["current_draft_id"])
        revised = await pipeline.decide(content_id, AdminDecision(decision="revision_requested",
                                                                  feedback="Open with the airport look."))
        assert revised.waiting_for_human and revised == await pipeline.outcome(started.thread_id)
        assert revised.state["draft_version"] > started.state["draft_version"]
        done = await pipeline.decide(str(revised.state["current_draft_id"]), AdminDecision(decision="approved"))
        assert not done.waiting_for_human and done.next_nodes == ()
        assert done == await pipeline.outcome(started.thread_id)
        assert done.state["pipeline_status"] == "published"
