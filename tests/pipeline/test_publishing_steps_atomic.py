"""Approve, revert and unpublish each write the content's status and its decision event in one transaction: a
failure between the two writes leaves the content as it was and the log without the step, and the step can then be
taken again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline import publishing
from editorial_ai.pipeline.runner import Pipeline, open_pipeline

APPROVE = AdminDecision(decision="approved", reviewer="Mina")


class Crash(RuntimeError):
    """A failure injected between a step's status and its event."""


def _crash_before_the_event(pipeline: Pipeline, monkeypatch: pytest.MonkeyPatch) -> None:
    async def crash(*args: Any, **kwargs: Any) -> int:
        raise Crash("the process died between the status and its event")

    monkeypatch.setattr(pipeline.deps.contents, "_insert_event", crash)


async def _state(pipeline: Pipeline, content_id: str) -> tuple[str, list[str]]:
    item = await pipeline.deps.contents.get(content_id)
    assert item is not None
    return str(item.status), [str(e.decision) for e in await pipeline.deps.contents.events(content_id)]


async def _pending(pipeline: Pipeline) -> str:
    outcome = await pipeline.start({"seed_keyword": "Jennie Effect", "model": "scripted:happy"})
    assert outcome.waiting_for_human
    return str(outcome.state["current_draft_id"])


async def test_approve_and_revert_are_all_or_nothing(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    async with open_pipeline(settings) as pipeline:
        content_id = await _pending(pipeline)
        _crash_before_the_event(pipeline, monkeypatch)
        with pytest.raises(Crash):
            await publishing.approve(pipeline, content_id, APPROVE)
        assert await _state(pipeline, content_id) == ("pending", [])  # no approval without its event
        monkeypatch.undo()

        assert (await publishing.approve(pipeline, content_id, APPROVE)).status == "approved"
        assert await _state(pipeline, content_id) == ("approved", ["approved"])

        _crash_before_the_event(pipeline, monkeypatch)
        with pytest.raises(Crash):
            await publishing.revert_to_draft(pipeline, content_id, reviewer="Mina", note="one more look")
        assert await _state(pipeline, content_id) == ("approved", ["approved"])
        monkeypatch.undo()

        assert (await publishing.revert_to_draft(pipeline, content_id, reviewer="Mina")).status == "pending"
        assert await _state(pipeline, content_id) == ("pending", ["approved", "reverted"])


async def test_unpublish_is_all_or_nothing_and_keeps_the_file_until_it_is_recorded(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    async with open_pipeline(settings) as pipeline:
        content_id = await _pending(pipeline)
        await publishing.approve(pipeline, content_id, APPROVE)
        claim = await publishing.claim_publication(pipeline, content_id, reviewer="Mina")
        assert claim is not None
        await pipeline.apply(claim)  # the paused run resumes into its publish node
        item = await pipeline.deps.contents.get(content_id)
        assert item is not None and item.status == "published"
        path = Path(str(item.published_path))
        assert path.is_file()

        _crash_before_the_event(pipeline, monkeypatch)
        with pytest.raises(Crash):
            await publishing.unpublish(pipeline, content_id, reviewer="Mina", reason="wrong price")
        assert await _state(pipeline, content_id) == ("published", ["approved", "publish"])
        assert path.is_file()  # still public: nothing was taken down
        monkeypatch.undo()

        down = await publishing.unpublish(pipeline, content_id, reviewer="Mina", reason="wrong price")
        assert down.status == "approved" and not path.exists()
        status, kinds = await _state(pipeline, content_id)
        assert (status, kinds) == ("approved", ["approved", "publish", "unpublished"])
        event = (await pipeline.deps.contents.events(content_id))[-1]
        assert event.payload["removed_file"] == str(path) and event.payload["reason"] == "wrong price"

        # Published again from the stored layout (the run has ended): the same one-transaction step.
        _crash_before_the_event(pipeline, monkeypatch)
        with pytest.raises(Crash):
            await publishing.republish(pipeline, content_id, reviewer="Mina")
        assert await _state(pipeline, content_id) == ("approved", ["approved", "publish", "unpublished"])
        monkeypatch.undo()
        assert (await publishing.republish(pipeline, content_id, reviewer="Mina")).status == "published"


async def test_a_second_publication_claim_waits_for_the_first_to_finish(settings: Settings) -> None:
    """Publishing keeps the status `approved` until the run's publish node runs, so the version alone would let a
    second claim in right after the first and take its token: the second one is refused while the first is open,
    and the run publishes once."""
    async with open_pipeline(settings) as pipeline:
        content_id = await _pending(pipeline)
        await publishing.approve(pipeline, content_id, APPROVE)
        first = await publishing.claim_publication(pipeline, content_id, reviewer="Mina")
        assert first is not None
        with pytest.raises(publishing.StepRefused, match="already under way"):
            await publishing.claim_publication(pipeline, content_id, reviewer="Ola")
        # Even a request that read the row before the first claim (its version and no token) writes nothing.
        item = await pipeline.deps.contents.get(content_id)
        assert item is not None and item.claim_token == first.token
        assert await pipeline.deps.contents.claim_decision(
            content_id, version=int(item.version), expected=("approved",), new_status="approved",
            token="late", decision="publish", reviewer="Ola", payload={}) is None
        await pipeline.apply(first)
        assert await _state(pipeline, content_id) == ("published", ["approved", "publish"])
