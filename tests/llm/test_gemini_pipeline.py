"""A whole run on `gemini:gemini-2.5-flash` against a local server speaking Gemini's wire format.

The server answers each request by what it asks for (model, inline image, search tool, response schema) with
the happy scenario's answers, so the editorial node's layout goes image model -> vision model -> merge.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.llm.scripted import load_scenario
from editorial_ai.pipeline.runner import open_pipeline

from .wire_servers import (
    GEMINI_ROUTE,
    Recorded,
    Reply,
    WireServer,
    gemini_error,
    gemini_image_ok,
    gemini_inline_parts,
    gemini_model,
    gemini_ok,
    isolate,
    running,
)

IMAGE_MODEL = "gemini-2.0-flash-preview-image-generation"
PNG = b"\x89PNG\r\n\x1a\n magazine page"
BLUEPRINT_ORDER = ["hero", "pull_quote", "headline", "body_text", "image_gallery", "celeb_feature", "body_text",
                   "product_showcase", "hashtag_bar", "credits"]
# The answer each schema gets, keyed by a property only that schema has.
_SCHEMA_PURPOSE = {"trend_background": "curation", "color_palette": "design_spec", "fact_accuracy": "judge",
                   "visual_appeal": "judge"}
# Plain-text requests of the chat writer, told apart by what their task asks for.
_TEXT_PURPOSE = {"Write paragraph ": "editorial_paragraph", "Write the headline": "editorial_title",
                 "Write the standfirst": "editorial_subtitle"}


class GeminiStub:
    """Answers like Gemini would for every step of an article run; counts the image requests."""

    def __init__(self, image_reply: Reply) -> None:
        scenario = load_scenario("happy")
        self.answers = {k: v[0]["json"] for k, v in scenario.items() if "json" in v[0]}
        self.texts = {k: [r["text"] for r in v] for k, v in scenario.items() if "text" in v[0]}
        self.served: dict[str, int] = {}
        self.image_reply = image_reply
        self.unexpected: list[Recorded] = []

    def __call__(self, rec: Recorded) -> Reply:
        if gemini_model(rec) == IMAGE_MODEL:
            return self.image_reply
        if gemini_inline_parts(rec):
            return gemini_ok(json.dumps({"blocks": [{"type": t} for t in BLUEPRINT_ORDER]}))
        if rec.body.get("tools"):
            return gemini_ok("Jennie's airport looks keep selling out Chanel bags.",
                             sources=["https://vogue.example/jennie"])
        config = rec.body.get("generationConfig", {})
        schema = config.get("responseSchema") or config.get("responseJsonSchema") or {}
        text = rec.body["contents"][-1]["parts"][-1].get("text", "") if rec.body.get("contents") else ""
        if not schema and "pull quote" in text:
            return gemini_ok("1")
        for asks, purpose in _TEXT_PURPOSE.items():
            if not schema and asks in text:
                index = self.served.get(purpose, 0)
                self.served[purpose] = index + 1
                return gemini_ok(self.texts[purpose][min(index, len(self.texts[purpose]) - 1)])
        for key, purpose in _SCHEMA_PURPOSE.items():
            if key in schema.get("properties", {}):
                return gemini_ok(json.dumps(self.answers[purpose]))
        self.unexpected.append(rec)
        return gemini_error(400, "the stub does not know this request")

    def image_requests(self, server: WireServer) -> list[Recorded]:
        return [r for r in server.requests if gemini_model(r) == IMAGE_MODEL]


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[WireServer]:
    isolate(monkeypatch)
    with running(GEMINI_ROUTE) as srv:
        monkeypatch.setenv("EDITORIAL_AI_MODEL", "gemini:gemini-2.5-flash")
        monkeypatch.setenv("GOOGLE_API_KEY", "test-key")
        monkeypatch.setenv("GOOGLE_GEMINI_BASE_URL", srv.url)
        yield srv


def _settings(tmp_path: Path) -> Settings:
    return Settings(_env_file=None, EDITORIAL_AI_DATA_DIR=tmp_path / "data")


def _editorial_log(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [t for t in state["tool_calls_log"] if t["tool"] == "editorial.generate"]


async def test_gemini_run_lays_out_the_article_from_the_design_image(server: WireServer, tmp_path: Path) -> None:
    stub = GeminiStub(gemini_image_ok(PNG))
    server.responder = stub
    async with open_pipeline(_settings(tmp_path)) as pipeline:
        outcome = await pipeline.start({"seed_keyword": "Jennie Effect"})

    state = outcome.state
    assert stub.unexpected == [] and state["error_log"] == []
    assert outcome.waiting_for_human and state["review_result"]["passed"] is True
    [entry] = _editorial_log(state)
    assert entry["layout"] == "vision" and entry["model"] == "gemini:gemini-2.5-flash"
    draft = state["current_draft"]
    assert [b["type"] for b in draft["blocks"]] == BLUEPRINT_ORDER
    assert draft["blocks"][0]["image_url"]  # enrich still fills the merged blocks
    assert len(stub.image_requests(server)) == 1
    [vision] = [r for r in server.requests if gemini_inline_parts(r)]
    assert gemini_model(vision) == "gemini-2.5-flash"
    editorial_usage = [u for u in state["token_usage"] if u["node"] == "editorial"]
    assert {u["purpose"] for u in editorial_usage} == {"editorial_paragraph", "editorial_title", "editorial_subtitle",
                                                       "editorial_pull_quote", "image", "layout_parse"}
    assert any(u["model_name"] == IMAGE_MODEL for u in editorial_usage)


async def test_missing_image_model_falls_back_and_stays_off(server: WireServer, tmp_path: Path) -> None:
    stub = GeminiStub(gemini_error(404, f"models/{IMAGE_MODEL} is not found"))
    server.responder = stub
    async with open_pipeline(_settings(tmp_path)) as pipeline:
        first = await pipeline.start({"seed_keyword": "Jennie Effect"})
        second = await pipeline.start({"seed_keyword": "Jennie Effect"})

    for outcome in (first, second):
        [entry] = _editorial_log(outcome.state)
        assert entry["layout"].startswith("planner (image model gemini:" + IMAGE_MODEL)
        assert "404" in entry["layout"]
        assert outcome.state["current_draft"]["blocks"][1]["type"] == "headline"  # the planner's order
    assert len(stub.image_requests(server)) == 1
    assert not any(gemini_inline_parts(r) for r in server.requests)


async def test_scripted_runs_keep_the_planner(settings: Settings) -> None:
    async with open_pipeline(settings) as pipeline:
        outcome = await pipeline.start({"seed_keyword": "Jennie Effect", "model": "scripted:happy"})
    [entry] = _editorial_log(outcome.state)
    assert entry["layout"] == "planner (scripted provider)"
