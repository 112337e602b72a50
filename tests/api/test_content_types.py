"""The API and admin UI serve every pipeline content type, and only those."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .helpers import run_to_gate


async def test_exam_item_runs_and_its_page_renders_the_question(client_for: Callable[..., Any]) -> None:
    async with client_for(model="scripted:exam_good") as (_app, client):
        status = await run_to_gate(client, seed_keyword="Acute coronary syndrome", content_type="exam_item")
        page = await client.get(f"/admin/contents/{status['content_id']}")
        assert page.status_code == 200
        assert "cannot be rendered" not in page.text
        assert "Answer" in page.text


async def test_evaluation_only_types_are_not_pipeline_types(client_for: Callable[..., Any]) -> None:
    async with client_for() as (_app, client):
        response = await client.post("/api/pipeline/trigger", json={"seed_keyword": "x", "content_type": "text"})
        assert response.status_code == 422
        assert "exam_item" in response.text and "fashion_magazine" in response.text
