"""The OpenAPI document is the server's behaviour: strict booleans, lengths as sent, a text event stream."""

from __future__ import annotations

import httpx
import pytest

from .helpers import assert_error


@pytest.mark.parametrize("confirm", [0, 1, "true", "yes", None])
async def test_confirm_is_a_strict_boolean(client: httpx.AsyncClient, confirm: object) -> None:
    response = await client.post("/api/contents/x/approve", json={"confirm": confirm, "note": "checked"})
    assert_error(response, 422, "confirm")
    # A real boolean passes validation (and then finds no such content).
    assert (await client.post("/api/contents/x/approve", json={"confirm": True, "note": "n"})).status_code == 404


@pytest.mark.parametrize("flag", ["missing_spec", "bad_format", "information_present"])
async def test_review_form_flags_are_strict_booleans(client: httpx.AsyncClient, flag: str) -> None:
    response = await client.post("/api/contents/x/revise", json={"feedback": "more", "review_form": {flag: 0}})
    assert_error(response, 422, flag)


async def test_max_length_holds_for_the_text_as_sent(client: httpx.AsyncClient) -> None:
    padded = "  analyze" + " " * 20  # 29 characters as sent, 7 after stripping: over blooms_level's 20
    body = {"seed_keyword": "Asthma", "content_type": "exam_item", "blooms_level": padded}
    assert_error(await client.post("/api/pipeline/trigger", json=body), 422, "blooms_level", "as sent")
    reason = "x" * 1990 + " " * 20
    assert_error(await client.post("/api/contents/x/reject", json={"reason": reason}), 422, "reason")
    assert (await client.get("/api/runs/")).json()["total"] == 0


async def test_the_event_stream_is_documented_as_text_with_node_event_frames(client: httpx.AsyncClient) -> None:
    doc = (await client.get("/openapi.json")).json()
    stream = doc["paths"]["/api/pipeline/events/{thread_id}"]["get"]["responses"]["200"]["content"]
    schema = stream["text/event-stream"]["schema"]
    assert schema["type"] == "string" and "$ref" not in schema
    assert stream["text/event-stream"]["x-event-data"] == {"$ref": "#/components/schemas/NodeEvent"}
    assert "NodeEvent" in doc["components"]["schemas"]
    confirm = doc["components"]["schemas"]["ApproveRequest"]["properties"]["confirm"]
    assert confirm["type"] == "boolean"
