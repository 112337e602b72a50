"""Approving never publishes on the editors' paths: the run service, through which the API, the desk and the CLI
record decisions, refuses to resume a run with an approval (the graph's gate would publish); an approval leaves the
run paused and publishing is a step of its own."""

from __future__ import annotations

import pytest

from editorial_ai.cli.run_service import cli_runs
from editorial_ai.config import Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline import publishing
from editorial_ai.worker.run_request import RunRequest

APPROVE = AdminDecision(decision="approved", reviewer="Mina")


async def test_an_approval_is_recorded_without_resuming_the_run(settings: Settings) -> None:
    async with cli_runs(settings) as runs:
        request = RunRequest(seed_keyword="Jennie Effect").resolved(settings, enforce_allowlist=False)
        thread_id, started = await runs.service.start(request, inline=True)
        assert started is not None and started.waiting_for_human
        content_id = str(started.state["current_draft_id"])
        contents = runs.pipeline.deps.contents

        with pytest.raises(ValueError, match=r"publishing\.approve"):
            await runs.service.claim(content_id, APPROVE)
        item = await contents.get(content_id)
        assert item is not None and item.status == "pending" and await contents.events(content_id) == []

        approved = await publishing.approve(runs.pipeline, content_id, APPROVE)
        assert approved.status == "approved" and approved.public_url is None
        outcome = await runs.pipeline.outcome(thread_id)
        assert outcome.waiting_for_human and outcome.state["pipeline_status"] == "awaiting_approval"
        item = await contents.get(content_id)
        assert item is not None and item.published_path is None

        claim = await publishing.claim_publication(runs.pipeline, content_id, reviewer="Mina")
        assert claim is not None
        await runs.service.decided(claim.thread_id, inline=True)
        await runs.drain()
        published = await publishing.current(runs.pipeline, content_id, "published")
        assert published.status == "published" and published.public_url == f"/articles/{content_id}"
        assert [e.decision for e in await contents.events(content_id)] == ["approved", "publish"]
