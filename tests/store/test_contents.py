"""Contents store: idempotent upsert, compare-and-set transitions, decision log."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.store.contents import AWAITING, SqliteContentRepository


@pytest.fixture
async def repo(tmp_path: Path) -> SqliteContentRepository:
    repository = SqliteContentRepository(tmp_path / "db" / "editorial.db")
    await repository.initialize()
    await repository.initialize()  # idempotent
    return repository


def _draft(**overrides: Any) -> dict[str, Any]:
    values: dict[str, Any] = {
        "thread_id": "t-1", "attempt": 1, "status": "pending", "title": "The Jennie Effect", "keyword": "Jennie",
        "content_type": "fashion_magazine", "layout": {"title": "The Jennie Effect", "blocks": []},
        "review": {"passed": True, "summary": "Passed review."}, "flags": [],
    }
    values.update(overrides)
    return values


async def test_upsert_creates_a_pending_content(repo: SqliteContentRepository) -> None:
    content_id = await repo.upsert_pending(**_draft(flags=["judge_skipped"]))
    item = await repo.get(content_id)
    assert item is not None
    assert item.status == "pending" and item.thread_id == "t-1" and item.attempt == 1
    assert item.layout_json == {"title": "The Jennie Effect", "blocks": []}
    assert item.review_json["passed"] is True and item.review_summary == "Passed review."
    assert item.flags == ["judge_skipped"]
    assert await repo.get_by_thread("t-1") == item
    assert await repo.get("missing") is None and await repo.get_by_thread("missing") is None


async def test_upsert_is_idempotent_for_the_same_attempt(repo: SqliteContentRepository) -> None:
    first = await repo.upsert_pending(**_draft())
    assert await repo.transition(first, expected=AWAITING, new_status="approved")
    again = await repo.upsert_pending(**_draft(title="Changed on replay", status="escalated"))
    assert again == first
    item = await repo.get(first)
    assert item is not None and item.status == "approved" and item.title == "The Jennie Effect"
    _, total = await repo.list()
    assert total == 1


async def test_upsert_of_a_new_attempt_updates_the_same_content(repo: SqliteContentRepository) -> None:
    first = await repo.upsert_pending(**_draft())
    assert await repo.transition(first, expected=AWAITING, new_status="revision_requested", admin_feedback="More")
    second = await repo.upsert_pending(**_draft(attempt=2, title="Second draft", flags=["escalated"],
                                                status="escalated"))
    assert second == first
    item = await repo.get(first)
    assert item is not None
    assert (item.status, item.attempt, item.title, item.flags) == (
        "escalated", 2, "Second draft", ["escalated"])


async def test_transition_is_compare_and_set(repo: SqliteContentRepository) -> None:
    content_id = await repo.upsert_pending(**_draft())
    assert not await repo.transition(content_id, expected=("approved",), new_status="published")
    assert await repo.transition(content_id, expected=AWAITING, new_status="rejected", rejection_reason="Off-brand")
    assert not await repo.transition(content_id, expected=AWAITING, new_status="approved")
    item = await repo.get(content_id)
    assert item is not None and item.status == "rejected" and item.rejection_reason == "Off-brand"
    assert not await repo.transition("no-such-id", expected=AWAITING, new_status="approved")


async def test_transition_refuses_unknown_fields(repo: SqliteContentRepository) -> None:
    content_id = await repo.upsert_pending(**_draft())
    with pytest.raises(ValueError, match="thread_id"):
        await repo.transition(content_id, expected=AWAITING, new_status="approved", thread_id="hijack")
    item = await repo.get(content_id)
    assert item is not None and item.status == "pending"


async def test_concurrent_transitions_have_exactly_one_winner(repo: SqliteContentRepository) -> None:
    content_id = await repo.upsert_pending(**_draft())
    targets = ["approved", "rejected", "revision_requested"] * 4
    results = await asyncio.gather(*(repo.transition(content_id, expected=AWAITING, new_status=t)  # type: ignore[arg-type]
                                     for t in targets))
    assert results.count(True) == 1
    winner = targets[results.index(True)]
    item = await repo.get(content_id)
    assert item is not None and item.status == winner


async def test_concurrent_repositories_on_one_file_have_exactly_one_winner(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    repos = [SqliteContentRepository(path) for _ in range(6)]
    await repos[0].initialize()
    content_id = await repos[0].upsert_pending(**_draft())
    results = await asyncio.gather(*(r.transition(content_id, expected=AWAITING, new_status="approved")
                                     for r in repos))
    assert sorted(results) == [False] * 5 + [True]


async def test_list_filters_pages_and_counts(repo: SqliteContentRepository) -> None:
    ids = [await repo.upsert_pending(**_draft(thread_id=f"t-{i}", title=f"Article {i}")) for i in range(5)]
    await repo.transition(ids[0], expected=AWAITING, new_status="published", published_path="/x.html")
    items, total = await repo.list()
    assert total == 5 and len(items) == 5
    assert [i.title for i in items] == [f"Article {i}" for i in reversed(range(5))]
    page, total = await repo.list(limit=2, offset=1)
    assert total == 5 and [i.title for i in page] == ["Article 3", "Article 2"]
    published, count = await repo.list("published")
    assert count == 1 and published[0].id == ids[0] and published[0].published_path == "/x.html"
    assert await repo.list("rejected") == ([], 0)


async def test_events_are_append_only_and_ordered(repo: SqliteContentRepository) -> None:
    a = await repo.upsert_pending(**_draft(thread_id="a"))
    b = await repo.upsert_pending(**_draft(thread_id="b"))
    first = await repo.record_event(content_id=a, thread_id="a", decision="revision_requested", reviewer="kim",
                                    payload={"feedback": "More Chanel"})
    second = await repo.record_event(content_id=a, thread_id="a", decision="approved", reviewer="lee", payload={})
    await repo.record_event(content_id=b, thread_id="b", decision="rejected", reviewer="kim", payload={"reason": "x"})
    assert second > first
    events = await repo.events(a)
    assert [e.decision for e in events] == ["revision_requested", "approved"]
    assert events[0].payload == {"feedback": "More Chanel"} and events[0].reviewer == "kim"
    assert len(await repo.events()) == 3
