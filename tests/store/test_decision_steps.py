"""Approve, revert, unpublish and republish on every backend: the status and its event in one transaction, so a
failure between the two writes leaves neither (no status without its event, no event without its status)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Stores


class Crash(RuntimeError):
    """A failure injected between a step's two writes."""


def _draft(thread_id: str = "t-1") -> dict[str, Any]:
    return {"thread_id": thread_id, "attempt": 1, "status": "pending", "title": "The Jennie Effect",
            "keyword": "Jennie", "content_type": "fashion_magazine", "layout": {}, "review": {}, "flags": []}


@pytest.fixture
async def contents(stores: Stores) -> Any:
    repository = stores.contents()
    await repository.initialize()
    return repository


def _approve(contents: Any, content_id: str, **fields: Any) -> Any:
    return contents.transition_with_event(content_id, expected=("pending", "escalated"), new_status="approved",
                                          decision="approved", reviewer="kim",
                                          payload={"decision": "approved", "from_status": "pending"}, **fields)


async def test_a_step_writes_its_status_and_event_together(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft())
    version = (await contents.get(content_id)).version
    event_id = await _approve(contents, content_id)
    assert isinstance(event_id, int)
    after = await contents.get(content_id)
    assert after.status == "approved" and after.version == version + 1
    events = await contents.events(content_id)
    assert [(e.id, e.decision, e.thread_id, e.reviewer) for e in events] == [
        (event_id, "approved", "t-1", "kim")]
    assert events[0].payload["from_status"] == "pending"


async def test_a_step_on_a_content_that_moved_writes_nothing(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft())
    assert await _approve(contents, content_id) is not None
    assert await _approve(contents, content_id) is None  # no longer pending: no second event
    assert await _approve(contents, "no-such-id") is None
    assert [e.decision for e in await contents.events()] == ["approved"]


async def test_a_failure_before_the_event_rolls_the_status_back(contents: Any, monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    content_id = await contents.upsert_pending(**_draft())
    before = await contents.get(content_id)

    async def crash(*args: Any, **kwargs: Any) -> int:
        raise Crash("the process died between the status and its event")

    monkeypatch.setattr(contents, "_insert_event", crash)
    with pytest.raises(Crash):
        await _approve(contents, content_id)
    after = await contents.get(content_id)
    assert (after.status, after.version, after.updated_at) == (
        "pending", before.version, before.updated_at)
    assert await contents.events(content_id) == []
    monkeypatch.undo()
    assert await _approve(contents, content_id) is not None  # nothing was left locked or half-done
    assert (await contents.get(content_id)).status == "approved"


async def test_a_failure_after_the_event_rolls_both_back(contents: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    content_id = await contents.upsert_pending(**_draft())
    assert await _approve(contents, content_id) is not None
    assert await contents.transition(content_id, expected=("approved",), new_status="published",
                                     published_path="/x.html", published_at="2026-01-01T00:00:00+00:00")
    real = contents._insert_event

    async def written_then_crash(*args: Any, **kwargs: Any) -> int:
        await real(*args, **kwargs)
        raise Crash("the process died before the commit")

    monkeypatch.setattr(contents, "_insert_event", written_then_crash)
    with pytest.raises(Crash):
        await contents.transition_with_event(content_id, expected=("published",), new_status="approved",
                                             decision="unpublished", reviewer="kim", payload={"reason": "wrong"},
                                             published_at=None, published_path=None)
    after = await contents.get(content_id)
    assert after.status == "published" and after.published_path == "/x.html" and after.published_at
    assert [e.decision for e in await contents.events(content_id)] == ["approved"]


async def test_a_step_sets_only_the_fields_a_transition_may_set(contents: Any) -> None:
    content_id = await contents.upsert_pending(**_draft())
    with pytest.raises(ValueError, match="thread_id"):
        await _approve(contents, content_id, thread_id="hijack")
    assert await contents.events(content_id) == []
