"""Social posts through the API: triggered like any run (content_type social_post), approved, published and
served as the type's own page."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx

from editorial_ai.api import create_app
from editorial_ai.config import Settings
from editorial_ai.llm.registry import clear_client_cache

API_KEY = "test-admin-key-0123456789"


@asynccontextmanager
async def api_client(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    """The app with its lifespan started, and a client talking to it in-process with the admin key."""
    clear_client_cache()
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost",
                                     headers={"X-API-Key": API_KEY}) as client:
            yield client


async def run_to_gate(client: httpx.AsyncClient, **body: Any) -> dict[str, Any]:
    """Trigger a run and wait until it waits at the approval gate."""
    response = await client.post("/api/pipeline/trigger", json=body)
    assert response.status_code == 202, response.text
    thread_id = response.json()["thread_id"]
    for _ in range(1500):
        status: dict[str, Any] = (await client.get(f"/api/pipeline/status/{thread_id}")).json()
        if not status["running"] and status["pipeline_status"] != "queued":
            assert status["waiting_for_human"] and status["content_id"], status
            return status
        await asyncio.sleep(0.02)
    raise AssertionError(f"run {thread_id} did not stop")


async def publish(client: httpx.AsyncClient, content_id: str) -> None:
    assert (await client.post(f"/api/contents/{content_id}/approve")).status_code == 200
    response = await client.post(f"/api/contents/{content_id}/publish", json={"confirm": True})
    assert response.status_code == 200, response.text


async def test_social_posts_are_triggered_through_the_api_and_published(
    make_settings: Callable[..., Settings]
) -> None:
    settings = make_settings(ADMIN_API_KEY=API_KEY, EDITORIAL_AI_TEST_MODE=True)
    async with api_client(settings) as client:
        article = await run_to_gate(client, seed_keyword="Jennie Effect", model="scripted:happy")
        await publish(client, article["content_id"])

        status = await run_to_gate(client, seed_keyword=article["content_id"], content_type="social_post",
                                   model="scripted:social_post_good")
        content_id = status["content_id"]
        detail = (await client.get(f"/api/contents/{content_id}")).json()
        assert detail["content_type"] == "social_post"
        assert detail["title"] == "Social posts: The Jennie Effect: How One Idol Dresses a Season"
        preview = await client.get(f"/preview/{content_id}")
        assert preview.status_code == 200 and preview.text.count('class="social-post"') == 3
        await publish(client, content_id)
        page = await client.get(f"/articles/{content_id}", headers={"X-API-Key": ""})
        assert page.status_code == 200 and 'data-platform="linkedin"' in page.text
        assert f'href="/articles/{article["content_id"]}"' in page.text


async def test_the_api_offers_the_type_and_refuses_a_run_on_no_article(make_settings: Callable[..., Settings]) -> None:
    settings = make_settings(ADMIN_API_KEY=API_KEY, EDITORIAL_AI_TEST_MODE=True)
    async with api_client(settings) as client:
        typo = await client.post("/api/pipeline/trigger", json={"seed_keyword": "x", "content_type": "social"})
        assert typo.status_code == 422 and "social_post" in typo.text
        response = await client.post("/api/pipeline/trigger", json={
            "seed_keyword": "no such article", "content_type": "social_post", "model": "scripted:social_post_good"})
        assert response.status_code == 202, response.text
        thread_id = response.json()["thread_id"]
        for _ in range(500):
            status = (await client.get(f"/api/pipeline/status/{thread_id}")).json()
            if not status["running"] and status["pipeline_status"] != "queued":
                break
            await asyncio.sleep(0.02)
        assert status["pipeline_status"] == "failed" and not status["waiting_for_human"]
