"""/api/contents: list, detail, approve / reject / revise, then publish, concurrency, logs."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI

from .helpers import assert_error, run_to_gate, wait_until_stopped


async def test_list_is_empty_then_pages_and_filters(client: httpx.AsyncClient) -> None:
    empty = (await client.get("/api/contents/")).json()
    assert empty == {"items": [], "total": 0, "limit": 20, "offset": 0}
    first = await run_to_gate(client)
    second = await run_to_gate(client)
    page = (await client.get("/api/contents/", params={"limit": 1, "offset": 1})).json()
    assert page["total"] == 2 and page["limit"] == 1 and page["offset"] == 1
    assert [i["id"] for i in page["items"]] == [first["content_id"]]  # newest first
    assert "layout" not in page["items"][0] and page["items"][0]["status"] == "pending"
    pending = (await client.get("/api/contents/", params={"status": "pending"})).json()
    assert pending["total"] == 2
    assert (await client.get("/api/contents/", params={"status": "published"})).json()["total"] == 0
    assert second["content_id"] != first["content_id"]


async def test_list_rejects_bad_query(client: httpx.AsyncClient) -> None:
    error = assert_error(await client.get("/api/contents/", params={"status": "lost"}), 422)
    assert error["errors"][0]["field"] == "query.status"
    assert_error(await client.get("/api/contents/", params={"limit": 0}), 422, "query.limit")
    assert_error(await client.get("/api/contents/", params={"offset": -1}), 422, "query.offset")


async def test_detail_has_layout_review_and_events(client: httpx.AsyncClient) -> None:
    status = await run_to_gate(client)
    detail = (await client.get(f"/api/contents/{status['content_id']}")).json()
    assert detail["thread_id"] == status["thread_id"] and detail["status"] == "pending"
    assert detail["layout"]["title"] == detail["title"] and detail["layout"]["blocks"]
    criteria = detail["review"]["criteria"]
    assert {"criterion", "passed", "severity", "reason"} <= set(criteria[0])
    assert detail["events"] == [] and detail["published_path"] is None


async def test_unknown_content_is_404_everywhere(client: httpx.AsyncClient) -> None:
    assert_error(await client.get("/api/contents/nope"), 404, "nope")
    assert_error(await client.get("/api/contents/nope/logs"), 404)
    assert_error(await client.post("/api/contents/nope/approve"), 404)
    assert_error(await client.post("/api/contents/nope/reject", json={"reason": "bad"}), 404)
    assert_error(await client.post("/api/contents/nope/revise", json={"feedback": "more"}), 404)


async def test_approve_then_publish_then_a_second_approve_is_409(client: httpx.AsyncClient) -> None:
    content_id = (await run_to_gate(client))["content_id"]
    response = await client.post(f"/api/contents/{content_id}/approve", json={"reviewer": "ana"})
    assert response.status_code == 200, response.text
    assert response.json()["content_status"] == "approved" and response.json()["published_path"] is None
    response = await client.post(f"/api/contents/{content_id}/publish", json={"reviewer": "ana", "confirm": True})
    body = response.json()
    assert body["content_status"] == "published" and Path(body["published_path"]).is_file()
    before = (await client.get(f"/api/contents/{content_id}")).json()
    assert_error(await client.post(f"/api/contents/{content_id}/approve"), 409, "published")
    assert_error(await client.post(f"/api/contents/{content_id}/reject", json={"reason": "late"}), 409)
    after = (await client.get(f"/api/contents/{content_id}")).json()
    assert after == before  # the refused decisions changed nothing
    assert [(e["decision"], e["reviewer"]) for e in after["events"]] == [("approved", "ana"), ("publish", "ana")]


async def test_reject_needs_a_reason(client: httpx.AsyncClient) -> None:
    content_id = (await run_to_gate(client))["content_id"]
    error = assert_error(await client.post(f"/api/contents/{content_id}/reject", json={}), 422)
    assert error["errors"] == [{"field": "body.reason", "message": "Field required"}]
    assert_error(await client.post(f"/api/contents/{content_id}/reject", json={"reason": "  "}), 422, "body.reason")
    response = await client.post(f"/api/contents/{content_id}/reject", json={"reason": "off-brand"})
    assert response.status_code == 200
    assert response.json()["content_status"] == "rejected"
    detail = (await client.get(f"/api/contents/{content_id}")).json()
    assert detail["rejection_reason"] == "off-brand"
    assert_error(await client.post(f"/api/contents/{content_id}/approve"), 409, "rejected")


async def test_revise_needs_something_to_say(client: httpx.AsyncClient) -> None:
    content_id = (await run_to_gate(client))["content_id"]
    bodies: list[dict[str, Any]] = [{}, {"feedback": ""}, {"review_form": {}}, {"review_form": {"colour": True}}]
    for body in bodies:
        assert_error(await client.post(f"/api/contents/{content_id}/revise", json=body), 422)
    assert (await client.get(f"/api/contents/{content_id}")).json()["status"] == "pending"


async def test_revise_runs_in_background_then_approve_publishes(client: httpx.AsyncClient) -> None:
    gate = await run_to_gate(client)
    content_id, thread_id = gate["content_id"], gate["thread_id"]
    form = {"information_present": True, "bad_format": True, "notes": "tighten the intro"}
    response = await client.post(f"/api/contents/{content_id}/revise",
                                 json={"feedback": "Mention the airport look first.", "review_form": form,
                                       "missing_spec_fields": ["material", "price"], "reviewer": "ana"})
    assert response.status_code == 202, response.text
    accepted = response.json()
    assert accepted == {"content_id": content_id, "thread_id": thread_id, "decision": "revision_requested",
                        "status_url": f"/api/pipeline/status/{thread_id}",
                        "events_url": f"/api/pipeline/events/{thread_id}"}
    status = await wait_until_stopped(client, thread_id)
    assert status["waiting_for_human"] and status["draft_version"] == 2
    detail = (await client.get(f"/api/contents/{content_id}")).json()
    assert detail["status"] == "pending" and detail["attempt"] == 2
    event = detail["events"][0]
    assert event["decision"] == "revision_requested"
    assert event["payload"]["review_form"]["missing_spec"] is True
    assert "material, price" in event["payload"]["review_form"]["notes"]
    approved = await client.post(f"/api/contents/{content_id}/approve")
    assert approved.status_code == 200 and approved.json()["content_status"] == "approved"
    published = await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True})
    assert published.status_code == 200 and published.json()["content_status"] == "published"
    decisions = [e["decision"] for e in (await client.get(f"/api/contents/{content_id}")).json()["events"]]
    assert decisions == ["revision_requested", "approved", "publish"]


async def test_two_concurrent_approvals_and_publications_publish_once(
        api: tuple[FastAPI, httpx.AsyncClient]) -> None:
    app, client = api
    content_id = (await run_to_gate(client))["content_id"]
    first, second = await asyncio.gather(client.post(f"/api/contents/{content_id}/approve"),
                                         client.post(f"/api/contents/{content_id}/approve"))
    assert sorted([first.status_code, second.status_code]) == [200, 409]
    assert_error(first if first.status_code == 409 else second, 409)
    publish = f"/api/contents/{content_id}/publish"
    first, second = await asyncio.gather(client.post(publish, json={"confirm": True}),
                                         client.post(publish, json={"confirm": True}))
    assert sorted([first.status_code, second.status_code]) == [200, 409]
    detail = (await client.get(f"/api/contents/{content_id}")).json()
    assert detail["status"] == "published"
    assert [e["decision"] for e in detail["events"]] == ["approved", "publish"]
    publish_dir = app.state.pipeline.deps.settings.resolved_publish_dir
    assert [p.name for p in publish_dir.glob("*.html")] == [f"{content_id}.html"]
    runs = (await client.get(f"/api/contents/{content_id}/logs")).json()["runs"]
    assert [r["node_name"] for r in runs].count("publish") == 1


async def test_a_decision_during_a_revision_is_409(api: tuple[FastAPI, httpx.AsyncClient]) -> None:
    app, client = api
    content_id = (await run_to_gate(client))["content_id"]
    release = asyncio.Event()
    original = app.state.pipeline.advance

    async def held_advance(*args: Any, **kwargs: Any) -> Any:
        await release.wait()  # the resumed run is writing with an LLM
        return await original(*args, **kwargs)

    app.state.pipeline.advance = held_advance
    response = await client.post(f"/api/contents/{content_id}/revise", json={"feedback": "shorter"})
    assert response.status_code == 202
    assert_error(await client.post(f"/api/contents/{content_id}/approve"), 409, "still in progress")
    assert_error(await client.post(f"/api/contents/{content_id}/revise", json={"feedback": "x"}), 409)
    release.set()
    await wait_until_stopped(client, response.json()["thread_id"])
    assert (await client.post(f"/api/contents/{content_id}/approve")).status_code == 200


async def test_logs_have_exactly_the_seed_shape(client: httpx.AsyncClient) -> None:
    content_id = (await run_to_gate(client))["content_id"]
    await client.post(f"/api/contents/{content_id}/approve")
    await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True})
    logs = (await client.get(f"/api/contents/{content_id}/logs")).json()
    assert set(logs) == {"content_id", "runs", "summary"} and logs["content_id"] == content_id
    for run in logs["runs"]:
        assert set(run) == {"node_name", "status", "duration_ms", "token_usage", "total_tokens"}
        for usage in run["token_usage"]:
            assert set(usage) == {"prompt_tokens", "completion_tokens", "model_name"}
        assert run["total_tokens"] == sum(u["prompt_tokens"] + u["completion_tokens"] for u in run["token_usage"])
    summary = logs["summary"]
    assert set(summary) == {"node_count", "total_duration_ms", "total_tokens", "status"}
    assert summary["node_count"] == len(logs["runs"]) and summary["status"] == "published"
    assert summary["total_tokens"] == sum(r["total_tokens"] for r in logs["runs"]) > 0
    assert logs["runs"][-1]["node_name"] == "publish"


async def test_an_escalated_draft_is_approved_over_the_api_only_with_confirmation_and_a_note(
        client: httpx.AsyncClient) -> None:
    content_id = (await run_to_gate(client, model="scripted:always_hallucinate"))["content_id"]
    assert (await client.get(f"/api/contents/{content_id}")).json()["status"] == "escalated"
    refused = assert_error(await client.post(f"/api/contents/{content_id}/approve", json={"reviewer": "ana"}), 409)
    assert "confirm" in refused["fix"] and "note" in refused["fix"]
    assert_error(await client.post(f"/api/contents/{content_id}/approve", json={"confirm": True}), 409)
    assert (await client.get(f"/api/contents/{content_id}")).json()["status"] == "escalated"  # nothing changed
    response = await client.post(f"/api/contents/{content_id}/approve",
                                 json={"reviewer": "ana", "confirm": True, "note": "Checked the Versace line by hand."})
    assert response.status_code == 200, response.text
    detail = (await client.get(f"/api/contents/{content_id}")).json()
    assert detail["status"] == "approved" and detail["events"][-1]["payload"]["from_status"] == "escalated"
    assert "Checked the Versace line by hand." in str(detail["events"])
