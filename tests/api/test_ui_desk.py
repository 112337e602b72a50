"""The review desk through its forms: confirmation of flagged approvals, inline edits, queue filters, bulk reject."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import httpx

from editorial_ai.store.reviewers import reviewer_store

from .helpers import API_KEY, CSRF_INPUT, post_form, run_to_gate, wait_until_stopped

EDIT_VERSION = re.compile(r'name="version" value="(\d+)"')


async def _content(client: httpx.AsyncClient, model: str = "scripted:happy", **body: Any) -> str:
    status = await run_to_gate(client, model=model, **body)
    return str(status["content_id"])


async def _edit_form(client: httpx.AsyncClient, content_id: str) -> dict[str, str]:
    html = (await client.get(f"/admin/contents/{content_id}")).text
    match = EDIT_VERSION.search(html)
    assert match, "no edit form on the content page"
    fields = dict(re.findall(r'<input name="(title|b\d+\.[a-z_]+)" value="([^"]*)"', html))
    fields.update(re.findall(r'<textarea name="(b\d+\.[a-z_]+)" rows="\d+">([^<]*)</textarea>', html))
    return {"version": match.group(1), **fields}


async def test_an_escalated_draft_needs_confirmation_and_a_note(client_for: Callable[..., Any]) -> None:
    async with client_for() as (_, client):
        content_id = await _content(client, "scripted:always_hallucinate")
        page = (await client.get(f"/admin/contents/{content_id}")).text
        assert 'id="escalation"' in page and "Stopped: max loops reached" in page
        assert "escalated escalated" not in re.sub(r"<[^>]+>", " ", page).replace("  ", " ")
        assert 'name="confirm"' in page and 'name="note"' in page
        # The escalation keeps the best draft: the review card is that attempt's, not the last one's.
        assert re.search(r"<h2>Review <span class=\"muted small\">of attempt \d", page)
        bare = await post_form(client, f"/admin/contents/{content_id}/approve")
        assert bare.status_code == 422 and "tick the box" in bare.text and "Write a note" in bare.text
        no_note = await post_form(client, f"/admin/contents/{content_id}/approve", {"confirm": "on"})
        assert no_note.status_code == 422 and "Write a note" in no_note.text
        assert (await client.get(f"/api/contents/{content_id}")).json()["status"] == "escalated"
        done = await post_form(
            client,
            f"/admin/contents/{content_id}/approve",
            {"confirm": "on", "note": "Versace line cut by hand; checked the rest."},
        )
        assert done.status_code == 303
        assert done.headers["location"].startswith(f"/admin/contents/{content_id}?done=approved")
        event = (await client.get(f"/api/contents/{content_id}")).json()["events"][-1]
        assert event["decision"] == "approved" and event["payload"]["note"].startswith("Versace line cut")
        page = (await client.get(f"/admin/contents/{content_id}")).text
        assert "Note: Versace line cut by hand" in page


async def test_a_passing_draft_is_approved_in_one_step_and_the_desk_stays_on_it(client: httpx.AsyncClient) -> None:
    first = await _content(client)
    second = await _content(client)
    page = (await client.get(f"/admin/contents/{second}")).text
    assert 'name="confirm"' not in page and 'id="escalation"' not in page
    done = await post_form(client, f"/admin/contents/{second}/approve")
    assert done.status_code == 303
    assert done.headers["location"] == f"/admin/contents/{second}?done=approved%3A{second}#decided"
    page = (await client.get(done.headers["location"])).text
    assert "Approved. It is not public yet" in page and f'id="next-item" href="/admin/contents/{first}"' in page
    last = await post_form(client, f"/admin/contents/{first}/reject", {"reason": "Off-brand."})
    assert last.headers["location"].startswith(f"/admin/contents/{first}?done=rejected")
    assert "Rejected" in (await client.get(last.headers["location"])).text
    queue = (await client.get("/admin/?done=rejected%3A" + first)).text
    assert "Rejected" in queue and "Nothing else awaits a decision." in queue


async def test_an_inline_edit_is_a_human_attempt_rechecked_at_once(client: httpx.AsyncClient) -> None:
    content_id = await _content(client)
    form = await _edit_form(client, content_id)
    body_field = next(k for k in form if k.endswith(".paragraphs"))
    form["title"] = "The Jennie Effect, edited"
    form[body_field] = form[body_field].replace("&#39;", "'") + "\n\nJennie wore Versace Medusa Heels in Paris."
    saved = await post_form(client, f"/admin/contents/{content_id}/edit", form)
    assert saved.status_code == 303, saved.text
    item = (await client.get(f"/api/contents/{content_id}")).json()
    assert item["title"] == "The Jennie Effect, edited" and item["attempt"] == 2
    edit_event = item["events"][-1]
    assert edit_event["decision"] == "edited" and set(edit_event["payload"]["fields"]) == {"title", body_field}
    assert item["review"]["passed"] is False  # the added sentence names a brand no source holds
    page = (await client.get(f"/admin/contents/{content_id}")).text
    assert 'id="attempt-2"' in page and "edited by admin" in page
    assert 'checks failed</span> <span class="muted small">deterministic checks only; the judge was not re-run' in page
    assert re.search(r'class="w-add">[^<]*Versace', page)
    assert 'name="confirm"' in page  # the failing edit must be confirmed before approval
    # The stale form (old version) is refused: the editor reloads instead of overwriting.
    stale = await post_form(client, f"/admin/contents/{content_id}/edit", {**form, "title": "Stale"})
    assert stale.status_code == 409 and "changed since the edit form was opened" in stale.text
    # Approving, then publishing, publishes the edited draft.
    done = await post_form(
        client, f"/admin/contents/{content_id}/approve", {"confirm": "on", "note": "Checked the heels line."}
    )
    assert done.status_code == 303
    assert (await post_form(client, f"/admin/contents/{content_id}/publish", {"confirm_publish": "on"})).is_redirect
    state = (await client.get(f"/api/contents/{content_id}")).json()
    assert state["status"] == "published" and state["title"] == "The Jennie Effect, edited"


async def test_edit_errors_name_the_field(client: httpx.AsyncClient) -> None:
    content_id = await _content(client)
    form = await _edit_form(client, content_id)
    empty = await post_form(client, f"/admin/contents/{content_id}/edit", {**form, "title": "  "})
    assert empty.status_code == 422 and "The title cannot be empty" in empty.text
    same = await post_form(client, f"/admin/contents/{content_id}/edit", {"version": form["version"]})
    assert same.status_code == 422 and "the edit changes nothing" in same.text
    assert (await client.get(f"/api/contents/{content_id}")).json()["attempt"] == 1


async def test_queue_filters_score_column_and_errors(client: httpx.AsyncClient) -> None:
    happy = await _content(client)
    escalated = await _content(client, "scripted:always_hallucinate")
    page = (await client.get("/admin/")).text
    assert f"/admin/contents/{happy}" in page and f"/admin/contents/{escalated}" in page
    assert 'class="num score"' in page and "mandatory and any important" in page
    only = (await client.get("/admin/", params={"status": "escalated"})).text
    assert f"/admin/contents/{escalated}" in only and f"/admin/contents/{happy}" not in only
    high = (await client.get("/admin/", params={"min_score": "0.9"})).text
    assert f"/admin/contents/{happy}" in high and f"/admin/contents/{escalated}" not in high
    none = (await client.get("/admin/", params={"q": "no such keyword"})).text
    assert "No contents match these filters" in none
    bad = (await client.get("/admin/", params={"min_score": "lots", "since": "yesterday", "type": "poem"})).text
    assert "must be a number from 0 to 1" in bad and "YYYY-MM-DD" in bad and "unknown content type" in bad
    assert f"/admin/contents/{happy}" in bad  # bad filters are ignored, not fatal


async def test_bulk_reject_needs_a_reason_and_csrf(client: httpx.AsyncClient) -> None:
    ids = [await _content(client) for _ in range(2)]
    no_reason = await post_form(client, "/admin/bulk/reject", {"ids": ids, "reason": ""})
    assert no_reason.status_code == 422 and "field-error" in no_reason.text
    forged = await client.post("/admin/bulk/reject", data={"ids": ids, "reason": "x"})
    assert forged.status_code == 403
    done = await post_form(client, "/admin/bulk/reject", {"ids": ids, "reason": "Not this week."})
    assert done.status_code == 303 and "bulk%3A2" in done.headers["location"]
    for content_id in ids:
        assert (await client.get(f"/api/contents/{content_id}")).json()["status"] == "rejected"
    assert "Rejected 2 items." in (await client.get(done.headers["location"])).text


async def test_a_failed_run_is_listed_in_the_queue_with_its_error_and_a_retry(
    api: tuple[Any, httpx.AsyncClient],
) -> None:
    app, client = api
    catalog = app.state.pipeline.deps.catalog
    original, broken = catalog.solutions_for_posts, {"on": True}

    async def flaky(post_ids: list[str]) -> Any:
        if broken["on"]:
            raise RuntimeError("catalog offline")
        return await original(post_ids)

    catalog.solutions_for_posts = flaky
    thread_id = (await client.post("/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect"})).json()["thread_id"]
    assert (await wait_until_stopped(client, thread_id))["pipeline_status"] == "failed"
    queue = (await client.get("/admin/")).text
    assert 'id="failed-runs"' in queue and f"/admin/runs/{thread_id}" in queue
    assert "catalog offline" in queue and "Gathering sources" in queue
    assert f'action="/admin/runs/{thread_id}/retry"' in queue
    run_page = (await client.get(f"/admin/runs/{thread_id}")).text
    assert 'id="retry"' in run_page and "“Jennie Effect”" in run_page
    broken["on"] = False
    retried = await post_form(client, f"/admin/runs/{thread_id}/retry")
    assert retried.status_code == 303 and retried.headers["location"] == f"/admin/runs/{thread_id}"
    assert (await wait_until_stopped(client, thread_id))["waiting_for_human"]
    assert f"/admin/runs/{thread_id}/retry" not in (await client.get("/admin/")).text


async def test_a_named_reviewer_signs_edits_and_decisions(client_for: Callable[..., Any]) -> None:
    async with client_for(api_key=API_KEY) as (app, client):
        settings = app.state.pipeline.deps.settings
        _, key = reviewer_store(settings.resolved_reviewers_file).add("ana")
        headers = {"X-API-Key": API_KEY}
        started = await client.post("/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect"}, headers=headers)
        thread_id = started.json()["thread_id"]
        content_id = ""
        for _ in range(600):
            status = (await client.get(f"/api/pipeline/status/{thread_id}", headers=headers)).json()
            if status["waiting_for_human"]:
                content_id = status["content_id"]
                break
            await asyncio.sleep(0.02)
        login_page = await client.get("/admin/login")
        token = CSRF_INPUT.search(login_page.text)
        assert token is not None
        logged = await client.post(
            "/admin/login", data={"api_key": key, "csrf_token": token.group(1), "next": "/admin/"}
        )
        assert logged.status_code == 303
        page = (await client.get(f"/admin/contents/{content_id}")).text
        assert '<span class="who small"' in page and ">ana</span>" in page
        form = await _edit_form(client, content_id)
        saved = await post_form(client, f"/admin/contents/{content_id}/edit", {**form, "title": "Signed by ana"})
        assert saved.status_code == 303, saved.text
        done = await post_form(client, f"/admin/contents/{content_id}/approve", {"confirm": "on", "note": "ok"})
        assert done.status_code == 303
        events = (await client.get(f"/api/contents/{content_id}", headers=headers)).json()["events"]
        assert [(e["decision"], e["reviewer"]) for e in events] == [("edited", "ana"), ("approved", "ana")]
        assert "edited by ana" in (await client.get(f"/admin/contents/{content_id}")).text


async def test_the_queue_shows_what_reviews_teach_the_writer(client: httpx.AsyncClient) -> None:
    page = (await client.get("/admin/")).text
    assert 'id="learning"' in page and "the last 0 human reviews" in page and "No guidance in force" in page
    content_id = await _content(client)
    revised = await post_form(
        client, f"/admin/contents/{content_id}/revise", {"wrong_information": "on", "feedback": "Check the prices."}
    )
    await wait_until_stopped(client, revised.headers["location"].rsplit("/", 1)[-1])
    page = (await client.get("/admin/")).text
    assert "the last 1 human review " in page
    row = re.search(r"<td>wrong information</td><td class=\"num\">(\d+)/(\d+)", page)
    assert row is not None and row.groups() == ("1", "1"), page[page.find('id="learning"') :][:1500]


async def test_an_edit_cut_off_before_the_run_state_is_brought_up_to_date(api: tuple[Any, httpx.AsyncClient]) -> None:
    app, client = api
    content_id = await _content(client)
    contents = app.state.pipeline.deps.contents
    item = await contents.get(content_id)
    layout = {**item.layout_json, "title": "Saved before the crash"}
    # Only the first of the edit's two writes happened (the process died before the run's state was updated).
    await contents.save_edit(
        content_id, version=item.version, expected=("pending", "escalated"), attempt=2,
        title=layout["title"], layout=layout, review={**item.review_json, "summary": "Edited by ana."},
        reviewer="ana", payload={"attempt": 2, "fields": ["title"]},
    )  # fmt: skip
    page = (await client.get(f"/admin/contents/{content_id}")).text  # the page repairs the run's state
    assert 'id="attempt-2"' in page and "edited by ana" in page
    outcome = await app.state.pipeline.outcome(item.thread_id)
    assert outcome.waiting_for_human and outcome.state["current_draft"]["title"] == "Saved before the crash"
    done = await post_form(client, f"/admin/contents/{content_id}/approve")
    assert done.status_code == 303
    done = await post_form(client, f"/admin/contents/{content_id}/publish", {"confirm_publish": "on"})
    assert done.status_code == 303
    published = app.state.pipeline.deps.settings.resolved_publish_dir / f"{content_id}.html"
    assert "Saved before the crash" in published.read_text(encoding="utf-8")
