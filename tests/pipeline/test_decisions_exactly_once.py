"""Decisions exactly once: one transaction per decision, only the winner resumes, idempotent publish.

The multi-process checks run the reliability scripts with few trials (`make reliability` runs 20): OS processes
racing approvals on SQLite and PostgreSQL, and kill -9 at each step of a decision followed by `resume`.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import ConflictError, open_pipeline

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts" / "reliability"


async def _parked(settings: Settings) -> tuple[str, str]:
    async with open_pipeline(settings) as pipeline:
        started = await pipeline.start({"seed_keyword": "Jennie Effect"})
    assert started.waiting_for_human
    return str(started.state["current_draft_id"]), started.thread_id


async def test_concurrent_decisions_in_one_process_have_one_winner(make_settings: Callable[..., Settings]) -> None:
    settings = make_settings()
    content_id, thread_id = await _parked(settings)
    async with open_pipeline(settings) as pipeline:
        decisions = [AdminDecision(decision="approved"), AdminDecision(decision="rejected", reason="off brand")] * 5
        results = await asyncio.gather(*(pipeline.decide(content_id, d) for d in decisions), return_exceptions=True)
        winners = [r for r in results if not isinstance(r, BaseException)]
        losers = [r for r in results if isinstance(r, BaseException)]
        assert len(winners) == 1 and all(isinstance(e, ConflictError) for e in losers)
        events = await pipeline.deps.contents.events(content_id)
        content = await pipeline.deps.contents.get(content_id)
        outcome = await pipeline.outcome(thread_id)
    assert len(events) == 1 and content is not None and content.claim_token is None
    assert outcome.state["pipeline_status"] == {"approved": "published", "rejected": "rejected"}[events[0].decision]
    assert content.status == outcome.state["pipeline_status"] and not outcome.next_nodes


async def test_a_stale_decision_does_not_apply_to_a_new_draft(make_settings: Callable[..., Settings]) -> None:
    """The claim compares the row version: a decision read before a revision cannot land on the next draft."""
    settings = make_settings()
    content_id, _thread_id = await _parked(settings)
    async with open_pipeline(settings) as pipeline:
        before = await pipeline.deps.contents.get(content_id)
        assert before is not None
        await pipeline.decide(content_id, AdminDecision(decision="revision_requested", feedback="warmer intro"))
        after = await pipeline.deps.contents.get(content_id)
        assert after is not None and after.status in ("pending", "escalated")
        assert await pipeline.deps.contents.claim_decision(
            content_id, version=before.version, expected=("pending", "escalated"), new_status="approved",
            token="stale", decision="approved", reviewer="late", payload={}) is None
        assert [e.decision for e in await pipeline.deps.contents.events(content_id)] == ["revision_requested"]


async def test_publish_is_idempotent_and_resume_reports_published(make_settings: Callable[..., Settings]) -> None:
    settings = make_settings()
    content_id, thread_id = await _parked(settings)
    async with open_pipeline(settings) as pipeline:
        done = await pipeline.decide(content_id, AdminDecision(decision="approved"))
        published = await pipeline.deps.contents.get(content_id)
        from editorial_ai.pipeline.nodes.publish import make_publish_node

        again = await make_publish_node(pipeline.deps)(done.state)  # a re-run after a crash past the status change
        assert again["pipeline_status"] == "published" and again["tool_calls_log"][0]["result"] == "already published"
        assert await pipeline.deps.contents.get(content_id) == published
        with pytest.raises(ConflictError, match=r"already finished \(published\)"):
            await pipeline.resume(thread_id)


def _script(name: str, *args: str, timeout: float = 600) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("EDITORIAL_AI_") and k != "DATABASE_URL"}
    proc = subprocess.run([sys.executable, str(SCRIPTS / name), *args], capture_output=True, text=True, env=env,
                          timeout=timeout, check=False)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, f"{name} printed no result (exit {proc.returncode}):\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    result: dict[str, Any] = json.loads(lines[-1][len("RESULT "):])
    result["exit"], result["output"] = proc.returncode, proc.stdout
    return result


def _require(backend: str) -> None:
    """Skip (with the reason) the PostgreSQL variant when no server answers."""
    if backend != "postgres":
        return
    sys.path.insert(0, str(SCRIPTS))
    from _support import postgres_url

    if postgres_url() is None:
        pytest.skip("PostgreSQL is not reachable (no DATABASE_URL, nothing on 127.0.0.1:5432)")


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_racing_approvals_from_four_processes(backend: str) -> None:
    _require(backend)
    result = _script("decision_race.py", "--trials", "2", "--backend", backend)
    totals = result[backend]
    assert totals["trials"] == 2, result["output"]
    assert {k: v for k, v in totals.items() if k != "trials"} == dict.fromkeys(
        ("failed_trials", "double_publishes", "lost_events", "duplicate_events", "inconsistent_threads",
         "crashes", "hangs"), 0), result["output"]
    assert result["exit"] == 0


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_kill_at_each_step_of_a_decision_then_resume(backend: str) -> None:
    _require(backend)
    result = _script("decision_kill.py", "--backend", backend)
    totals = result[backend]
    assert totals["scenarios"] >= 9 and totals["failed_scenarios"] == 0, result["output"]
    assert totals["lost_events"] == totals["double_publishes"] == totals["kill_not_reached"] == 0
    assert result["exit"] == 0
