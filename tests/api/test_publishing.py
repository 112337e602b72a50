"""Approve, publish, unpublish and revert through the API and the desk's forms: approving never publishes, each
public step needs a confirmation, a takedown answers 410 and removes the file, and the log keeps every step."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from .helpers import assert_error, post_form, run_to_gate


async def _pending(client: httpx.AsyncClient) -> str:
    return str((await run_to_gate(client))["content_id"])


async def _detail(client: httpx.AsyncClient, content_id: str) -> dict:
    response = await client.get(f"/api/contents/{content_id}")
    assert response.status_code == 200, response.text
    return dict(response.json())


async def test_approve_does_not_publish_and_publish_needs_a_confirmation(client: httpx.AsyncClient) -> None:
    content_id = await _pending(client)
    approved = await client.post(f"/api/contents/{content_id}/approve", json={"reviewer": "Mina"})
    assert approved.status_code == 200, approved.text
    assert approved.json()["content_status"] == "approved" and approved.json()["public_url"] is None
    assert (await client.get(f"/articles/{content_id}")).status_code == 404
    detail = await _detail(client, content_id)
    assert detail["published_path"] is None and detail["events"][-1]["decision"] == "approved"

    unconfirmed = await client.post(f"/api/contents/{content_id}/publish", json={})
    assert_error(unconfirmed, 422, "confirm")
    assert (await _detail(client, content_id))["status"] == "approved"

    published = await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True, "note": "go"})
    assert published.status_code == 200, published.text
    body = published.json()
    assert body["content_status"] == "published" and body["public_url"] == f"/articles/{content_id}"
    assert Path(body["published_path"]).is_file()
    page = await client.get(f"/articles/{content_id}")
    assert page.status_code == 200 and "<article" in page.text
    kinds = [e["decision"] for e in (await _detail(client, content_id))["events"]]
    assert kinds == ["approved", "publish"]
    again = await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True})
    assert_error(again, 409, "already published")


async def test_unpublish_answers_410_removes_the_file_and_keeps_the_events(client: httpx.AsyncClient) -> None:
    content_id = await _pending(client)
    await client.post(f"/api/contents/{content_id}/approve", json={})
    path = Path((await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True})).json()[
        "published_path"])
    assert_error(await client.post(f"/api/contents/{content_id}/unpublish", json={"reason": "wrong price"}),
                 422, "confirm")
    assert_error(await client.post(f"/api/contents/{content_id}/unpublish", json={"confirm": True}), 422)
    down = await client.post(f"/api/contents/{content_id}/unpublish",
                             json={"confirm": True, "reason": "wrong price", "reviewer": "Mina"})
    assert down.status_code == 200, down.text
    assert down.json()["content_status"] == "approved" and down.json()["public_url"] is None
    assert not path.exists()
    gone = await client.get(f"/articles/{content_id}")
    assert gone.status_code == 410 and "taken down" in gone.json()["detail"]
    events = (await _detail(client, content_id))["events"]
    assert [e["decision"] for e in events] == ["approved", "publish", "unpublished"]
    assert events[-1]["payload"]["reason"] == "wrong price" and events[-1]["reviewer"] == "Mina"
    # The run has ended: it cannot go back to a draft, but it can be published again from its stored layout.
    assert_error(await client.post(f"/api/contents/{content_id}/revert", json={}), 409, "ended")
    back = await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True})
    assert back.status_code == 200 and back.json()["content_status"] == "published", back.text
    assert path.is_file() and (await client.get(f"/articles/{content_id}")).status_code == 200


async def test_revert_puts_an_approval_back_before_publication(client: httpx.AsyncClient) -> None:
    content_id = await _pending(client)
    assert_error(await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True}), 409,
                 "approve it first")
    assert_error(await client.post(f"/api/contents/{content_id}/revert", json={}), 409, "approved")
    await client.post(f"/api/contents/{content_id}/approve", json={})
    reverted = await client.post(f"/api/contents/{content_id}/revert", json={"note": "one more look"})
    assert reverted.status_code == 200 and reverted.json()["content_status"] == "pending", reverted.text
    # The run still waits at the gate: any decision can be taken again, a rejection included.
    rejected = await client.post(f"/api/contents/{content_id}/reject", json={"reason": "off brand"})
    assert rejected.status_code == 200 and rejected.json()["content_status"] == "rejected", rejected.text
    kinds = [e["decision"] for e in (await _detail(client, content_id))["events"]]
    assert kinds == ["approved", "reverted", "rejected"]


async def test_unknown_content_gets_404_naming_the_list(client: httpx.AsyncClient) -> None:
    for step, body in (("publish", {"confirm": True}), ("unpublish", {"confirm": True, "reason": "x"}),
                       ("revert", {})):
        assert_error(await client.post(f"/api/contents/nope/{step}", json=body), 404, "contents")


async def test_the_desk_stays_on_the_decided_item_and_links_the_public_page(client: httpx.AsyncClient) -> None:
    first = await _pending(client)
    second = await _pending(client)
    done = await post_form(client, f"/admin/contents/{second}/approve")
    assert done.status_code == 303 and done.headers["location"].startswith(f"/admin/contents/{second}?done=approved")
    page = (await client.get(done.headers["location"])).text
    assert "It is not public yet" in page and 'id="publish-form"' in page and 'id="revert-form"' in page
    assert 'id="approve-form"' not in page and f'href="/admin/contents/{first}"' in page  # next only when asked
    refused = await post_form(client, f"/admin/contents/{second}/publish")
    assert refused.status_code == 422 and "Tick the box" in refused.text
    assert (await _detail(client, second))["status"] == "approved"
    published = await post_form(client, f"/admin/contents/{second}/publish", {"confirm_publish": "on"})
    assert published.headers["location"].startswith(f"/admin/contents/{second}?done=published")
    page = (await client.get(published.headers["location"])).text
    assert f'id="public-link" href="/articles/{second}"' in page and 'id="unpublish-form"' in page
    down = await post_form(client, f"/admin/contents/{second}/unpublish", {"reason": "embargo"})
    assert down.status_code == 422 and "Tick the box" in down.text
    down = await post_form(client, f"/admin/contents/{second}/unpublish",
                           {"reason": "embargo", "confirm_unpublish": "on"})
    assert down.status_code == 303
    page = (await client.get(down.headers["location"])).text
    assert "410 Gone" in page and "embargo" in page
    assert (await _detail(client, first))["status"] == "pending"  # the other item was never touched


async def test_the_published_file_is_the_served_page_with_the_configured_byline(
        client_for: Callable[..., Any]) -> None:
    async with client_for(EDITORIAL_AI_PUBLICATION="Seoul Style Weekly", EDITORIAL_AI_AUTHOR="Mina Park") as (
            _, client):
        content_id = await _pending(client)
        await client.post(f"/api/contents/{content_id}/approve", json={"reviewer": "Kim"})
        path = Path((await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True})).json()[
            "published_path"])
        page = (await client.get(f"/articles/{content_id}")).text
        assert path.read_text(encoding="utf-8") == page
        assert "By Mina Park" in page and "approved by Kim of Seoul Style Weekly" in page
        assert "Editorial AI" not in re.sub(r"<[^>]+>", " ", page)


async def test_publish_at_a_time_is_scheduled_and_can_be_cancelled(client: httpx.AsyncClient) -> None:
    from datetime import UTC, datetime, timedelta

    content_id = await _pending(client)
    await client.post(f"/api/contents/{content_id}/approve", json={})
    past = await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True, "at": "2020-01-01T09:00"})
    assert_error(past, 409, "has passed")
    later = (datetime.now(UTC) + timedelta(days=1)).replace(microsecond=0)
    scheduled = await client.post(f"/api/contents/{content_id}/publish",
                                  json={"confirm": True, "at": later.isoformat()})
    assert scheduled.status_code == 200 and scheduled.json()["step"] == "scheduled", scheduled.text
    assert (await client.get(f"/articles/{content_id}")).status_code == 404  # not public before its time
    page = (await client.get(f"/admin/contents/{content_id}")).text
    assert 'id="scheduled"' in page and later.strftime("%Y-%m-%d %H:%M") in page
    cancelled = await client.post(f"/api/contents/{content_id}/unschedule", json={})
    assert cancelled.status_code == 200 and cancelled.json()["content_status"] == "approved"
    assert 'id="scheduled"' not in (await client.get(f"/admin/contents/{content_id}")).text
    assert_error(await client.post(f"/api/contents/{content_id}/unschedule", json={}), 409, "no publication")


async def test_the_desk_schedules_from_the_publish_form(client: httpx.AsyncClient) -> None:
    from datetime import UTC, datetime, timedelta

    content_id = await _pending(client)
    await post_form(client, f"/admin/contents/{content_id}/approve")
    bad = await post_form(client, f"/admin/contents/{content_id}/publish",
                          {"confirm_publish": "on", "publish_at": "tomorrow"})
    assert bad.status_code == 422 and "not a date and time" in bad.text
    when = (datetime.now(UTC) + timedelta(hours=3)).strftime("%Y-%m-%dT%H:%M")
    done = await post_form(client, f"/admin/contents/{content_id}/publish",
                           {"confirm_publish": "on", "publish_at": when})
    assert done.status_code == 303 and "done=scheduled" in done.headers["location"]
    page = (await client.get(done.headers["location"])).text
    assert "Scheduled to go public at" in page and "publish --due" in page
    assert (await _detail(client, content_id))["status"] == "approved"
