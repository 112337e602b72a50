"""The published contract is the server's behaviour at the edges the API fuzzing found: text of spaces or control
characters alone, values padded with Unicode spaces, and query integers written in other ways than digits.

Each value is judged twice, by the OpenAPI document (validated with jsonschema_rs, as schemathesis does) and by the
server, and the two verdicts must agree; where a value is refused, the 422 names the field.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import jsonschema_rs
import pytest

from .helpers import assert_error

FAIL_FAST = "default:\n  - error: fatal\n    message: contract test, no model work\n"
MODEL = "scripted:fail_fast"


@pytest.fixture
async def contract(client_for: Callable[..., Any], tmp_path: Path) -> AsyncIterator[tuple[httpx.AsyncClient, Any]]:
    """A client of an app whose accepted runs fail at once (no model work), and the app's own document."""
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "fail_fast.yaml").write_text(FAIL_FAST, encoding="utf-8")
    async with client_for(MODEL, EDITORIAL_AI_SCENARIO_DIR=scenarios) as (_, client):
        yield client, (await client.get("/openapi.json")).json()


def _validator(doc: dict[str, Any], name: str) -> Any:
    """A JSON Schema 2020-12 validator of one request schema of the document, its references resolved."""
    text = json.dumps(doc["components"]["schemas"]).replace("#/components/schemas/", "#/$defs/")
    schemas = json.loads(text)
    return jsonschema_rs.Draft202012Validator({**schemas[name], "$defs": schemas})


async def _agree(client: httpx.AsyncClient, doc: dict[str, Any], path: str, schema: str,
                 body: dict[str, Any]) -> bool:
    """The server's verdict on `body` (True: accepted), asserted equal to the document's."""
    response = await client.post(path, json=body)
    accepted = response.status_code != 422
    assert _validator(doc, schema).is_valid(body) == accepted, (body, response.status_code, response.text)
    return accepted


# A comment made only of White_Space (U+0085 included) or holding a control character is refused; U+FEFF is not a
# space (the document's former `\S` said it was in some regex engines and that U+0085 was text in others).
@pytest.mark.parametrize("text", ["\x85", "\u3000 \u3000", "\r\n", "\x1c\x1c", "Name\nthe year", " \t"])
@pytest.mark.parametrize("part", ["comment", "sentence"])
async def test_a_blank_or_control_comment_is_refused_as_the_document_says(
        contract: tuple[httpx.AsyncClient, Any], part: str, text: str) -> None:
    client, doc = contract
    comment = {"sentence": "Jennie set the tone.", "comment": "Name the year.", part: text}
    assert not await _agree(client, doc, "/api/contents/x/revise", "ReviseRequest", {"comments": [comment]})
    assert_error(await client.post("/api/contents/x/revise", json={"comments": [comment]}), 422, part)


@pytest.mark.parametrize("text", ["\ufeffName the year.", "\u3000Name the year.\u3000", " Name the year. "])
async def test_a_padded_comment_is_accepted_as_the_document_says(contract: tuple[httpx.AsyncClient, Any],
                                                                 text: str) -> None:
    client, doc = contract
    body = {"comments": [{"sentence": "Jennie set the tone.", "comment": text}]}
    assert await _agree(client, doc, "/api/contents/x/revise", "ReviseRequest", body)  # then 404: no such content


@pytest.mark.parametrize("style", ["\r", "\u3000\r\u3000", "\n", "\x85", "editorial\r"])
async def test_a_style_of_line_breaks_is_refused_as_the_document_says(contract: tuple[httpx.AsyncClient, Any],
                                                                      style: str) -> None:
    client, doc = contract
    body = {"seed_keyword": "Jennie Effect", "style": style}
    assert not await _agree(client, doc, "/api/pipeline/trigger", "TriggerRequest", body)
    assert_error(await client.post("/api/pipeline/trigger", json=body), 422, "style", "control character")


@pytest.mark.parametrize("style", ["", "\u3000", "\u2003editorial\u3000", "minimal"])
async def test_a_style_of_spaces_means_the_default_as_the_document_says(contract: tuple[httpx.AsyncClient, Any],
                                                                        style: str) -> None:
    client, doc = contract
    assert await _agree(client, doc, "/api/pipeline/trigger", "TriggerRequest",
                        {"seed_keyword": "Jennie Effect", "style": style})


@pytest.mark.parametrize(("field", "value", "accepted"), [
    ("judge_model", f"\u3000{MODEL}\u3000", True),
    ("judge_model", f"\u205f{MODEL}", True),
    ("judge_model", f"{MODEL}\n", False),
    ("judge_model", f"\x85{MODEL}", False),
    ("model", "\r\n", False),
    ("model", "\u3000", True),
    ("content_type", "\u2003fashion_magazine\u2003", True),
    ("content_type", "fashion_magazine\r", False),
    ("content_type", "\tfashion_magazine", False),
    ("slo", "\n", False),
])
async def test_padded_options_are_judged_as_the_document_says(contract: tuple[httpx.AsyncClient, Any], field: str,
                                                              value: str, accepted: bool) -> None:
    client, doc = contract
    body = {"seed_keyword": "Jennie Effect", field: value}
    assert await _agree(client, doc, "/api/pipeline/trigger", "TriggerRequest", body) is accepted
    if not accepted:
        assert_error(await client.post("/api/pipeline/trigger", json=body), 422, field)


@pytest.mark.parametrize("field", ["seed_keyword", "category", "tone", "style", "target_celeb", "target_brand",
                                   "model", "judge_model", "content_type", "tenant", "slo", "blooms_level"])
async def test_every_run_option_agrees_with_the_document_at_its_edges(contract: tuple[httpx.AsyncClient, Any],
                                                                      field: str) -> None:
    client, doc = contract
    for value in ("", " ", "\u3000", "\r", "\n", "\t", "\x85", "\x0b", "\x1c", "\ufeff", "\u200b", "\u2028",
                  "\u3000warm\u3000", "warm\n", "\x85warm", "Warm", f" {MODEL} ", "fashion_magazine\u2003"):
        await _agree(client, doc, "/api/pipeline/trigger", "TriggerRequest",
                     {"seed_keyword": "Jennie Effect", field: value})


@pytest.mark.parametrize(("path", "name"), [("/api/runs/", "limit"), ("/api/contents/", "offset"),
                                            ("/api/pipeline/events/no-such-thread", "after")])
@pytest.mark.parametrize("value", ["+0.0", "0.0", "1_26", " 5", "5 ", "+5"])
async def test_query_integers_are_written_in_digits(contract: tuple[httpx.AsyncClient, Any], path: str, name: str,
                                                    value: str) -> None:
    client, _ = contract
    assert_error(await client.get(path, params={name: value}), 422, f"query.{name}", "whole number")


async def test_a_limit_within_the_declared_maximum_is_accepted(contract: tuple[httpx.AsyncClient, Any]) -> None:
    client, doc = contract
    for path, item in doc["paths"].items():  # every integer query parameter declares its bounds as JSON Schema
        for parameter in item.get("get", {}).get("parameters", []):
            schema = parameter["schema"]
            if schema.get("type") == "integer":
                assert {"minimum", "maximum"} <= set(schema) and not {"ge", "le"} & set(schema), (path, schema)
    declared = doc["paths"]["/api/runs/"]["get"]["parameters"]
    limit = next(p for p in declared if p["name"] == "limit")["schema"]
    assert limit["maximum"] == 200 and limit["type"] == "integer"
    assert (await client.get("/api/runs/", params={"limit": "126"})).json()["limit"] == 126
    assert_error(await client.get("/api/runs/", params={"limit": "201"}), 422, "query.limit")
