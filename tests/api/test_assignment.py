"""Assignment on the desk: an item one editor has open shows "in review by NAME" to the others, and a second
editor's decision on it asks first (nothing changes until they tick "Decide anyway")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

from editorial_ai.api.assignments import Assignments
from editorial_ai.store.reviewers import reviewer_store

from .helpers import API_KEY, CSRF_INPUT, post_form, run_to_gate


async def _logged_in(app: Any, key: str) -> httpx.AsyncClient:
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://localhost")
    page = await client.get("/admin/login")
    token = CSRF_INPUT.search(page.text)
    assert token is not None
    done = await client.post("/admin/login", data={"api_key": key, "csrf_token": token.group(1), "next": "/admin/"})
    assert done.status_code == 303
    return client


async def test_a_second_editor_sees_who_reviews_and_is_asked_first(client_for: Callable[..., Any]) -> None:
    async with client_for(api_key=API_KEY, headers={"X-API-Key": API_KEY}) as (app, admin):
        store = reviewer_store(app.state.pipeline.deps.settings.resolved_reviewers_file)
        _, mina_key = store.add("Mina")
        _, kim_key = store.add("Kim")
        content_id = (await run_to_gate(admin))["content_id"]
        mina, kim = await _logged_in(app, mina_key), await _logged_in(app, kim_key)
        try:
            assert "in review by" not in (await kim.get("/admin/")).text
            await mina.get(f"/admin/contents/{content_id}")  # Mina opens the item
            assert "in review by Mina" in (await kim.get("/admin/")).text
            page = (await kim.get(f"/admin/contents/{content_id}")).text
            assert 'id="in-review"' in page and "<strong>Mina</strong>" in page
            asked = await post_form(kim, f"/admin/contents/{content_id}/approve", page=f"/admin/contents/{content_id}")
            assert asked.status_code == 409 and "Mina is reviewing this item" in asked.text
            assert (await admin.get(f"/api/contents/{content_id}")).json()["status"] == "pending"  # nothing changed
            done = await post_form(kim, f"/admin/contents/{content_id}/approve", {"take_over": "on"},
                                   page=f"/admin/contents/{content_id}")
            assert done.status_code == 303
            events = (await admin.get(f"/api/contents/{content_id}")).json()["events"]
            assert [(e["decision"], e["reviewer"]) for e in events] == [("approved", "Kim")]
            # Kim decided and left the item: Mina's page names nobody (she is never asked about herself).
            page = (await mina.get(f"/admin/contents/{content_id}")).text
            assert 'id="in-review"' not in page and 'id="publish-form"' in page
        finally:
            await mina.aclose()
            await kim.aclose()


def test_a_reader_who_left_frees_the_item_after_the_ttl() -> None:
    registry = Assignments(ttl_s=60)
    registry.touch("c1", "Mina", now=1000.0)
    assert [r.name for r in registry.others("c1", "Kim", now=1030.0)] == ["Mina"]
    assert registry.others("c1", "Mina", now=1030.0) == []
    assert registry.others("c1", "Kim", now=1100.0) == []  # a closed tab stops counting
