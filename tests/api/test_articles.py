"""Articles as readers see them: /articles/{id} (published only) and /preview/{id} (reviewers only)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from editorial_ai.store.reviewers import reviewer_store

from .helpers import API_KEY, assert_error, post_form, run_to_gate


async def test_published_article_is_served_only_once_published(client_for: Callable[..., Any]) -> None:
    async with client_for(api_key=API_KEY, headers={"X-API-Key": API_KEY}) as (_, client):
        status = await run_to_gate(client)
        content_id = status["content_id"]
        assert_error(await client.get(f"/articles/{content_id}"), 404, "not published", f"/preview/{content_id}")
        assert_error(await client.get("/articles/no-such-id"), 404, "no content")
        assert (await client.post(f"/api/contents/{content_id}/approve")).status_code == 200
        assert_error(await client.get(f"/articles/{content_id}"), 404, "not published")  # approved is not public
        published = await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True})
        assert published.status_code == 200, published.text
        page = await client.get(f"/articles/{content_id}", headers={"X-API-Key": ""})  # readers need no key
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        html = page.text
        assert html.lstrip().lower().startswith("<!doctype html>") and "Preview of a draft" not in html
        assert "By the Editorial AI desk" in html and "min read" in html and "approved by an editor of" in html
        assert "Approved by admin" not in html
        assert "<time" in html and " -- " not in html
        detail = (await client.get(f"/api/contents/{content_id}")).json()
        assert Path(detail["published_path"]).is_file()  # the file stays too


async def test_preview_needs_a_reviewer_and_says_it_is_a_draft(client_for: Callable[..., Any]) -> None:
    async with client_for(api_key=API_KEY, headers={"X-API-Key": API_KEY}) as (_, client):
        content_id = (await run_to_gate(client))["content_id"]
        preview = await client.get(f"/preview/{content_id}")
        assert preview.status_code == 200 and "Preview of a draft" in preview.text and "pending" in preview.text
        assert preview.headers["cache-control"] == "no-store"
        anonymous = await client.get(f"/preview/{content_id}", headers={"X-API-Key": ""})
        assert_error(anonymous, 401, "log in")
        wrong = await client.get(f"/preview/{content_id}", headers={"X-API-Key": "not-the-key-at-all"})
        assert_error(wrong, 401, "wrong API key")
        browser = await client.get(f"/preview/{content_id}", headers={"X-API-Key": "", "Accept": "text/html"})
        assert browser.status_code == 303
        assert browser.headers["location"] == f"/admin/login?next=/preview/{content_id}"
        assert_error(await client.get("/preview/no-such-id"), 404, "no content")


async def test_a_logged_in_reviewer_session_opens_the_preview(client_for: Callable[..., Any], tmp_path: Path) -> None:
    _, key = reviewer_store(tmp_path / "data" / "reviewers.json").add("Mina Park")
    async with client_for(api_key=API_KEY) as (_, client):
        content_id = await _gate_with_key(client)
        login = await post_form(
            client, "/admin/login", {"api_key": key, "next": f"/preview/{content_id}"}, page="/admin/login"
        )
        assert login.status_code == 303 and login.headers["location"] == f"/preview/{content_id}"
        assert (await client.get(f"/preview/{content_id}")).status_code == 200


async def _gate_with_key(client: Any) -> str:
    client.headers["X-API-Key"] = API_KEY
    try:
        return str((await run_to_gate(client))["content_id"])
    finally:
        del client.headers["X-API-Key"]


async def test_a_reviewer_key_decides_under_the_reviewer_name(client_for: Callable[..., Any], tmp_path: Path) -> None:
    _, key = reviewer_store(tmp_path / "data" / "reviewers.json").add("Kim Jisoo")
    async with client_for(api_key=API_KEY, headers={"Authorization": f"Bearer {key}"}) as (_, client):
        content_id = await _gate_with_key(client)  # starting runs is the admin's; deciding is the editor's
        # A named reviewer cannot record a decision under someone else's name.
        response = await client.post(f"/api/contents/{content_id}/approve", json={"reviewer": "someone else"})
        assert response.status_code == 200, response.text
        response = await client.post(f"/api/contents/{content_id}/publish", json={"reviewer": "x", "confirm": True})
        assert response.status_code == 200, response.text
        events = (await client.get(f"/api/contents/{content_id}")).json()["events"]
        assert [(e["decision"], e["reviewer"]) for e in events] == [("approved", "Kim Jisoo"), ("publish", "Kim Jisoo")]
        assert "approved by Kim Jisoo of Editorial AI" in (await client.get(f"/articles/{content_id}")).text


async def test_a_removed_reviewer_key_stops_working(client_for: Callable[..., Any], tmp_path: Path) -> None:
    store = reviewer_store(tmp_path / "data" / "reviewers.json")
    _, key = store.add("Temp")
    async with client_for(api_key=API_KEY, headers={"X-API-Key": key}) as (_, client):
        assert (await client.get("/api/contents/")).status_code == 200
        assert store.remove("Temp")
        assert_error(await client.get("/api/contents/"), 401, "reviewer")


async def test_the_status_filter_speaks_the_one_vocabulary(client_for: Callable[..., Any]) -> None:
    async with client_for() as (_, client):
        await run_to_gate(client)
        for name in ("pending", "PENDING", "awaiting_approval"):
            listing = await client.get("/api/contents/", params={"status": name})
            assert listing.status_code == 200 and listing.json()["total"] == 1, name
        assert (await client.get("/api/contents/", params={"status": "needs_human_review"})).json()["total"] == 0
        bad = await client.get("/api/contents/", params={"status": "pendng"})
        assert bad.status_code == 422 and "pending" in bad.text and "revision_requested" in bad.text
