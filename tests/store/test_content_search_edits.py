"""Queue filters and editors' edits on every contents backend (SQLite, and PostgreSQL when a server answers)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from editorial_ai.store.content_query import ContentQuery
from editorial_ai.store.contents import AWAITING

from .conftest import Stores


def _draft(thread: str, **overrides: Any) -> dict[str, Any]:
    values: dict[str, Any] = {
        "thread_id": thread,
        "attempt": 1,
        "status": "pending",
        "title": f"Title {thread}",
        "keyword": "Jennie",
        "content_type": "fashion_magazine",
        "layout": {"title": f"Title {thread}", "blocks": []},
        "review": {"passed": True, "summary": "Passed review.", "composite_score": 0.8},
        "flags": [],
    }
    values.update(overrides)
    return values


async def _seed(repo: Any) -> dict[str, str]:
    ids = {
        "jennie": await repo.upsert_pending(**_draft("a")),
        "rose": await repo.upsert_pending(
            **_draft(
                "b",
                keyword="Rosé airport 100%_style",
                title="Rosé at the gate",
                review={"passed": False, "composite_score": 0.35},
            )
        ),
        "exam": await repo.upsert_pending(
            **_draft(
                "c",
                keyword="cardiology",
                title="ECG item",
                status="escalated",
                content_type="exam_item",
                review={"passed": False, "composite_score": 0.55},
            )
        ),
    }
    return ids


async def test_filters_by_text_status_type_and_score(stores: Stores) -> None:
    repo = stores.contents()
    await repo.initialize()
    ids = await _seed(repo)

    async def found(**query: Any) -> set[str]:
        items, total = await repo.search(ContentQuery(**query), 20, 0)
        assert total == len(items)
        return {i.id for i in items}

    assert await found() == set(ids.values())
    assert await found(text="jENNIE") == {ids["jennie"]}  # keyword, any case
    assert await found(text="gate") == {ids["rose"]}  # title
    assert await found(text="100%_") == {ids["rose"]}  # LIKE wildcards are literal
    assert await found(text="%") == {ids["rose"]}
    assert await found(status="escalated") == {ids["exam"]}
    assert await found(content_type="exam_item") == {ids["exam"]}
    assert await found(min_score=0.5) == {ids["jennie"], ids["exam"]}
    assert await found(max_score=0.5) == {ids["rose"]}
    assert await found(min_score=0.5, max_score=0.6, status="escalated") == {ids["exam"]}
    assert await found(text="nobody") == set()


async def test_filters_by_creation_day(stores: Stores) -> None:
    repo = stores.contents()
    await repo.initialize()
    ids = await _seed(repo)
    today = datetime.now(UTC).date()
    items, _ = await repo.search(ContentQuery(since=today, until=today), 20, 0)
    assert {i.id for i in items} == set(ids.values())
    assert (await repo.search(ContentQuery(since=today + timedelta(days=1)), 20, 0))[1] == 0
    assert (await repo.search(ContentQuery(until=today - timedelta(days=1)), 20, 0))[1] == 0
    assert (await repo.search(ContentQuery(since=date(2000, 1, 1)), 1, 0))[1] == 3  # total beyond the page


async def test_an_edit_is_a_new_attempt_with_its_event_and_loses_to_a_moved_row(stores: Stores) -> None:
    repo = stores.contents()
    await repo.initialize()
    content_id = await repo.upsert_pending(**_draft("a"))
    item = await repo.get(content_id)
    version = item.version
    layout = {"title": "Edited title", "blocks": []}
    review = {"passed": True, "summary": "Edited by ana: 3 of 3 deterministic checks passed."}
    event_id = await repo.save_edit(
        content_id,
        version=version,
        expected=AWAITING,
        attempt=2,
        title="Edited title",
        layout=layout,
        review=review,
        reviewer="ana",
        payload={"attempt": 2, "fields": ["title"]},
    )
    assert event_id is not None
    item = await repo.get(content_id)
    assert item.attempt == 2 and item.title == "Edited title" and item.layout_json == layout
    assert item.review_summary.startswith("Edited by ana") and item.status == "pending"
    assert item.version == version + 1
    event = (await repo.events(content_id))[-1]
    assert event.decision == "edited" and event.reviewer == "ana" and event.payload["fields"] == ["title"]
    # The same (now stale) version loses: nothing is written.
    stale = await repo.save_edit(
        content_id,
        version=version,
        expected=AWAITING,
        attempt=3,
        title="Lost",
        layout=layout,
        review=review,
        reviewer="bo",
        payload={},
    )
    assert stale is None and (await repo.get(content_id)).title == "Edited title"
    # A decided content cannot be edited, even at its current version.
    assert await repo.transition(content_id, expected=AWAITING, new_status="approved")
    current = (await repo.get(content_id)).version
    assert (
        await repo.save_edit(
            content_id,
            version=current,
            expected=AWAITING,
            attempt=3,
            title="Late",
            layout=layout,
            review=review,
            reviewer="bo",
            payload={},
        )
        is None
    )
    assert len(await repo.events(content_id)) == 1
