"""Input bounds: offsets, control characters, keyword length, undecodable bodies, documented errors."""

from __future__ import annotations

import httpx
import pytest

from .helpers import assert_error, csrf_token, post_form

HUGE = "9223372036854775808"  # one past int64: used to reach SQLite and raise OverflowError


async def test_a_huge_offset_is_a_422_in_the_api_and_clamped_in_the_ui(client: httpx.AsyncClient) -> None:
    body = assert_error(await client.get(f"/api/contents/?offset={HUGE}"), 422, "offset")
    assert body["errors"][0]["field"] == "query.offset"
    assert (await client.get(f"/admin/?offset={HUGE}")).status_code == 200
    assert (await client.get("/admin/?offset=-5")).status_code == 200
    assert_error(await client.get(f"/api/pipeline/events/x?after={HUGE}"), 422, "after")
    stream = await client.get("/api/pipeline/events/x", headers={"Last-Event-ID": "9" * 5000})
    assert stream.status_code == 404  # the unknown thread, not a failed int()


@pytest.mark.parametrize(("path", "payload", "field"), [
    ("/api/contents/x/reject", {"reason": "\x1f"}, "reason"),
    ("/api/contents/x/reject", {"reason": "ok", "reviewer": "ad\nmin"}, "reviewer"),
    ("/api/contents/x/revise", {"feedback": "\x00"}, "feedback"),
    ("/api/contents/x/revise", {"review_form": {"notes": "a\x07b"}}, "notes"),
    ("/api/contents/x/revise", {"missing_spec_fields": ["ok", "pri\x1bce"]}, "missing_spec_fields"),
    ("/api/pipeline/trigger", {"seed_keyword": "Jen\x85nie"}, "seed_keyword"),
    ("/api/pipeline/trigger", {"seed_keyword": "Jennie\nEffect"}, "seed_keyword"),
])
async def test_control_characters_are_a_422_naming_the_field(client: httpx.AsyncClient, path: str,
                                                             payload: dict[str, object], field: str) -> None:
    body = assert_error(await client.post(path, json=payload), 422, field, "control character")
    assert body["errors"][0]["field"].startswith("body")


async def test_multiline_text_may_hold_line_breaks(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/contents/x/reject", json={"reason": "Off brand.\nSee notes.\tThanks"})
    assert response.status_code == 404  # valid: only the content is unknown


async def test_control_characters_in_ui_forms_are_shown_on_the_page(client: httpx.AsyncClient) -> None:
    page = await post_form(client, "/admin/runs", {"seed_keyword": "a\x01b", "model": "scripted:happy"})
    assert page.status_code == 422 and "control character U+0001" in page.text


async def test_a_10_kb_keyword_is_a_422(client: httpx.AsyncClient) -> None:
    body = assert_error(await client.post("/api/pipeline/trigger", json={"seed_keyword": "x" * 10_000}), 422,
                        "seed_keyword", "at most 120")
    assert body["errors"][0]["field"] == "body.seed_keyword"
    page = await post_form(client, "/admin/runs", {"seed_keyword": "x" * 10_000, "model": "scripted:happy"})
    assert page.status_code == 422 and "at most 120" in page.text
    assert (await client.get("/api/contents/")).json()["total"] == 0


async def test_undecodable_bodies(client: httpx.AsyncClient) -> None:
    json_body = await client.post("/api/pipeline/trigger", content=b'{"seed_keyword": "\xff\xfe"}',
                                  headers={"content-type": "application/json"})
    assert_error(json_body, 400, "UTF-8")
    token = await csrf_token(client)
    form = await client.post("/admin/runs", content=b"seed_keyword=%ff%fe&model=scripted:happy&csrf_token="
                             + token.encode(), headers={"content-type": "application/x-www-form-urlencoded"})
    assert form.status_code == 422 and "not valid UTF-8" in form.text


async def test_every_error_status_is_documented(client: httpx.AsyncClient) -> None:
    doc = (await client.get("/openapi.json")).json()
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            if path.startswith("/api/"):
                assert {"400", "401", "403", "413", "422", "503"} <= codes, (method, path, codes)
                for code in codes - {"200", "202"}:
                    assert list(operation["responses"][code]["content"]) == ["application/json"], (path, code)
    events = doc["paths"]["/api/pipeline/events/{thread_id}"]["get"]["responses"]
    assert events["200"]["content"]["text/event-stream"]["x-event-data"]["$ref"].endswith("/NodeEvent")  # frames
    assert events["401"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorResponse")


async def test_unknown_query_parameters_are_a_422_naming_them(client: httpx.AsyncClient) -> None:
    body = assert_error(await client.get("/api/contents/?ofset=40"), 422, "ofset", "offset")
    assert body["errors"][0]["field"] == "query.ofset"
    assert_error(await client.get("/health?verbose=1"), 422, "verbose")
    assert (await client.get("/api/contents/?offset=0&limit=5")).status_code == 200
