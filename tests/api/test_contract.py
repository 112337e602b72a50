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


async def test_the_event_stream_is_documented_event_by_event(client: httpx.AsyncClient) -> None:
    doc = (await client.get("/openapi.json")).json()
    stream = doc["paths"]["/api/pipeline/events/{thread_id}"]["get"]["responses"]["200"]["content"]
    schema = stream["text/event-stream"]["schema"]  # one event: its name, id and JSON data
    assert schema["type"] == "object" and set(schema["properties"]) == {"event", "id", "data"}
    assert schema["properties"]["event"]["enum"] == ["node_enter", "node_complete", "done"]
    assert stream["text/event-stream"]["x-event-data"] == {"$ref": "#/components/schemas/NodeEvent"}
    assert "NodeEvent" in doc["components"]["schemas"]
    confirm = doc["components"]["schemas"]["ApproveRequest"]["properties"]["confirm"]
    assert confirm["type"] == "boolean"


async def test_health_declares_its_key_optional(client: httpx.AsyncClient) -> None:
    doc = (await client.get("/openapi.json")).json()
    assert doc["paths"]["/health"]["get"]["security"] == [{}, {"APIKeyHeader": []}]


async def test_every_request_text_field_documents_its_characters(client: httpx.AsyncClient) -> None:
    schemas = (await client.get("/openapi.json")).json()["components"]["schemas"]
    note = schemas["ApproveRequest"]["properties"]["note"]
    assert all("pattern" in o for o in note.get("anyOf", [note]) if o.get("type") == "string")
    keyword = schemas["TriggerRequest"]["properties"]["seed_keyword"]["pattern"]
    import re

    assert re.match(keyword, " Rosé ") and not re.match(keyword, "<|im_start|>") and not re.match(keyword, "")
    refused = await client.post("/api/contents/x/approve", json={"confirm": False, "note": "a\u009ab"})
    assert_error(refused, 422, "note")


async def test_every_request_boolean_is_strict(client: httpx.AsyncClient) -> None:
    for path, body in (("/api/contents/x/publish", {"confirm": 1}), ("/api/contents/x/unpublish",
                                                                     {"confirm": "true", "reason": "r"})):
        assert_error(await client.post(path, json=body), 422, "confirm")
