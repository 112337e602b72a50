"""The guidance page: a reviewer's note waits for approval, teaches once approved, stops when switched off, and the
page lists the runs each note shaped."""

from __future__ import annotations

import re

import httpx

from .helpers import post_form, run_to_gate, wait_until_stopped

NOTE = "Name the bag in the first paragraph"


async def _note(client: httpx.AsyncClient) -> tuple[str, int]:
    gate = await run_to_gate(client)
    content_id = gate["content_id"]
    revised = await post_form(client, f"/admin/contents/{content_id}/revise",
                              {"information_present": "on", "feedback": NOTE})
    assert revised.status_code == 303
    await wait_until_stopped(client, gate["thread_id"])
    events = (await client.get(f"/api/contents/{content_id}")).json()["events"]
    return content_id, next(e["id"] for e in events if e["decision"] == "revision_requested")


def _in_force(page: str) -> str:
    match = re.search(r'<section class="card" id="in-force">(.*?)</section>', page, re.S)
    assert match
    return match.group(1)


async def test_a_note_teaches_only_when_approved_and_stops_when_switched_off(client: httpx.AsyncClient) -> None:
    content_id, event_id = await _note(client)
    page = (await client.get("/admin/guidance")).text
    assert f'id="note-{event_id}"' in page and "waiting for approval" in page and NOTE in page
    assert NOTE not in _in_force(page)
    base = f"/admin/guidance/notes/{content_id}/{event_id}"
    done = await post_form(client, f"{base}/approve", page="/admin/guidance")
    assert done.status_code == 303 and "done=approve" in done.headers["location"]
    page = (await client.get("/admin/guidance")).text
    assert NOTE in _in_force(page) and "approved" in page
    shaped = await run_to_gate(client)  # this run's prompt carries the note
    page = (await client.get("/admin/guidance")).text
    assert re.search(rf'id="note-{event_id}".*?Shaped 1 run', page, re.S)
    assert f'href="/admin/contents/{shaped["content_id"]}"' in page
    await post_form(client, f"{base}/off", page="/admin/guidance")
    page = (await client.get("/admin/guidance")).text
    assert NOTE not in _in_force(page) and "switched off" in page
    events = [e["decision"] for e in (await client.get(f"/api/contents/{content_id}")).json()["events"]]
    assert events[-2:] == ["note_approved", "note_off"]  # each action kept in the decision log


async def test_an_edited_note_teaches_its_new_words_and_bad_input_names_the_fix(client: httpx.AsyncClient) -> None:
    content_id, event_id = await _note(client)
    base = f"/admin/guidance/notes/{content_id}/{event_id}"
    edited = await post_form(client, f"{base}/edit", {"text": "Open with the Chanel 22 Bag."}, page="/admin/guidance")
    assert edited.status_code == 303
    page = (await client.get("/admin/guidance")).text
    assert "Open with the Chanel 22 Bag." in _in_force(page) and NOTE not in _in_force(page)
    empty = await post_form(client, f"{base}/edit", {"text": "```\n```"}, page="/admin/guidance")
    assert empty.status_code == 422 and "plain words" in empty.text
    unknown = await post_form(client, f"/admin/guidance/notes/{content_id}/999999/approve", page="/admin/guidance")
    assert unknown.status_code == 409 and "learning notes" in unknown.text
