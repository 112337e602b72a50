"""The vision-led layout over Gemini's wire format: image model -> vision model -> merge, fallbacks, breaker."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.content_types.article.layout.planner import plan_layout
from editorial_ai.content_types.article.layout.vision import image_step_disabled, plan_layout_with_vision
from editorial_ai.llm.base import LLMError, LLMRequest, ModelNotFoundError
from editorial_ai.llm.gemini import GeminiClient
from editorial_ai.llm.retry import RetryingClient
from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.observability.tokens import harvest_tokens, start_token_scope

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
PNG = b"\x89PNG\r\n\x1a\n layout design"
P = "Jennie walked through the airport carrying a Chanel 22 Bag, and the bag sold out within a few days of it."


def _content(**overrides: Any) -> EditorialContent:
    data: dict[str, Any] = {
        "keyword": "Jennie Effect", "title": "The Jennie Effect: How One Idol Dresses a Season",
        "subtitle": "Airport style", "body_paragraphs": [f"{P} {n}." for n in ("One", "Two", "Three", "Four")],
        "pull_quotes": ["She starts trends."],
        "product_mentions": [{"name": "22 Bag", "brand": "Chanel", "context": "airport"}],
        "celeb_mentions": [{"name": "Jennie", "context": "trendsetter"}], "hashtags": ["JennieEffect", "#Chanel"],
        "credits": [{"role": "Editor", "name": "Editorial AI"}],
    }
    data.update(overrides)
    return EditorialContent.model_validate(data)


def _types(layout: MagazineLayout) -> list[str]:
    return [b.type for b in layout.blocks]


# --- the image -> vision path over the wire ------------------------------------------------------------------


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[WireServer]:
    isolate(monkeypatch)
    with running(GEMINI_ROUTE) as srv:
        yield srv


def _clients(url: str) -> tuple[RetryingClient, RetryingClient]:
    settings = Settings(_env_file=None, GOOGLE_API_KEY="test-key", GOOGLE_GEMINI_BASE_URL=url)
    image = RetryingClient(GeminiClient(settings, IMAGE_MODEL), base_wait_s=0.001)
    vision = RetryingClient(GeminiClient(settings, "gemini-2.5-flash"), base_wait_s=0.001)
    return image, vision


# --- the provider's image generation and vision input ---------------------------------------------------------


async def test_generate_image_returns_the_inline_image_and_usage(server: WireServer) -> None:
    server.enqueue(gemini_image_ok(PNG, prompt_tokens=20, output_tokens=1290))
    image, _ = _clients(server.url)
    data, mime, usage = await image.inner.generate_image("Draw a page.")  # type: ignore[attr-defined]
    assert (data, mime) == (PNG, "image/png")
    assert (usage.prompt_tokens, usage.completion_tokens, usage.model_name) == (20, 1290, IMAGE_MODEL)
    [req] = server.requests
    assert req.path == f"/v1beta/models/{IMAGE_MODEL}:generateContent"
    assert req.body["contents"][0]["parts"] == [{"text": "Draw a page."}]


@pytest.mark.parametrize(("reply", "kind", "transient"), [
    (gemini_error(404, "models/x is not found"), ModelNotFoundError, False), (gemini_error(429), LLMError, True),
    (gemini_error(503), LLMError, True), (gemini_error(400), LLMError, False),
    (gemini_ok("Only words, no picture."), LLMError, False),
])
async def test_generate_image_errors(server: WireServer, reply: Reply, kind: type, transient: bool) -> None:
    server.enqueue(reply)
    image, _ = _clients(server.url)
    with pytest.raises(LLMError) as info:
        await image.inner.generate_image("Draw a page.")  # type: ignore[attr-defined]
    assert isinstance(info.value, kind) and info.value.transient is transient
    assert len(server.requests) == 1


async def test_retrying_client_retries_image_generation_and_records_tokens(server: WireServer) -> None:
    server.enqueue(gemini_error(503), gemini_image_ok(PNG, prompt_tokens=7, output_tokens=1290))
    image, _ = _clients(server.url)
    start_token_scope()
    data, _mime, _usage = await image.generate_image("Draw a page.")
    assert data == PNG and len(server.requests) == 2
    [recorded] = harvest_tokens()
    assert (recorded["prompt_tokens"], recorded["completion_tokens"], recorded["purpose"]) == (7, 1290, "image")


async def test_images_go_before_the_text_as_inline_parts(server: WireServer) -> None:
    server.enqueue(gemini_ok("a page"))
    _, vision = _clients(server.url)
    await vision.generate(LLMRequest(prompt="Describe.", images=[(PNG, "image/png"), (b"GIF89a", "image/gif")]))
    parts = server.requests[0].body["contents"][0]["parts"]
    assert [base64.b64decode(p["inlineData"]["data"]) for p in parts[:2]] == [PNG, b"GIF89a"]
    assert parts[2] == {"text": "Describe."} and len(parts) == 3


# --- plan_layout_with_vision -----------------------------------------------------------------------------------


def _by_model(image: Reply, blueprint: Reply) -> Any:
    def respond(rec: Recorded) -> Reply:
        return image if gemini_model(rec) == IMAGE_MODEL else blueprint
    return respond


BLUEPRINT = {"blocks": [{"type": t} for t in ("hero", "pull_quote", "headline", "body_text", "celeb_feature",
                                               "body_text", "product_showcase", "credits")]}


async def test_vision_path_sends_the_image_and_follows_the_blueprint(server: WireServer) -> None:
    server.responder = _by_model(gemini_image_ok(PNG), gemini_ok(json.dumps(BLUEPRINT)))
    start_token_scope()
    layout, note = await plan_layout_with_vision(*_clients(server.url), _content(), DesignSpec())

    assert note == "vision"
    assert _types(layout) == ["hero", "pull_quote", "headline", "body_text", "celeb_feature", "body_text",
                              "product_showcase", "hashtag_bar", "credits"]
    image_req, vision_req = server.requests
    assert gemini_model(image_req) == IMAGE_MODEL
    assert image_req.body["generationConfig"]["responseModalities"] == ["IMAGE", "TEXT"]
    assert layout.title in json.dumps(image_req.body)
    assert gemini_model(vision_req) == "gemini-2.5-flash"
    [inline] = gemini_inline_parts(vision_req)  # protobuf JSON: the SDK may spell the field either way
    assert base64.b64decode(inline["data"]) == PNG
    assert (inline.get("mimeType") or inline.get("mime_type")) == "image/png"
    parts = vision_req.body["contents"][0]["parts"]
    assert "inlineData" in parts[0] and "body_text" in parts[-1]["text"]  # the image comes before the text
    assert vision_req.body["generationConfig"]["responseMimeType"] == "application/json"
    assert {u["purpose"] for u in harvest_tokens()} == {"image", "layout_parse"}


@pytest.mark.parametrize("image_reply", [gemini_error(500), gemini_ok("I cannot draw that.")])
async def test_image_failure_falls_back_to_the_planner(server: WireServer, image_reply: Reply) -> None:
    server.responder = _by_model(image_reply, gemini_ok(json.dumps(BLUEPRINT)))
    content = _content()
    layout, note = await plan_layout_with_vision(*_clients(server.url), content, DesignSpec())
    assert note.startswith("fallback: layout image failed")
    assert layout == plan_layout(content, DesignSpec())
    expected = 3 if image_reply.status == 500 else 1  # transient errors are retried, then given up
    assert len(server.requests) == expected and all(gemini_model(r) == IMAGE_MODEL for r in server.requests)
    assert image_step_disabled(f"gemini:{IMAGE_MODEL}") is None


@pytest.mark.parametrize("answer", ["not json", json.dumps({"blocks": [{"type": "sidebar"}]}),
                                    json.dumps({"blocks": []})])
async def test_malformed_blueprint_falls_back_to_the_planner(server: WireServer, answer: str) -> None:
    server.responder = _by_model(gemini_image_ok(PNG), gemini_ok(answer))
    content = _content()
    layout, note = await plan_layout_with_vision(*_clients(server.url), content, DesignSpec())
    assert note.startswith("fallback: layout parse failed")
    assert layout == plan_layout(content, DesignSpec())


async def test_image_model_404_trips_the_circuit_breaker(server: WireServer, caplog: pytest.LogCaptureFixture) -> None:
    server.responder = _by_model(gemini_error(404, "model not found"), gemini_ok(json.dumps(BLUEPRINT)))
    image, vision = _clients(server.url)
    notes = [(await plan_layout_with_vision(image, vision, _content(), DesignSpec()))[1] for _ in range(3)]

    assert len(server.requests) == 1 and gemini_model(server.requests[0]) == IMAGE_MODEL
    assert all(n.startswith("fallback: image model") and "404" in n for n in notes)
    assert image_step_disabled(image.name)
    assert sum("disabled for this process" in r.getMessage() for r in caplog.records) == 1


async def test_image_client_without_image_support_falls_back(server: WireServer) -> None:
    class TextOnly:
        name = "openai:text-only"

        async def generate(self, request: Any) -> Any:
            raise AssertionError("not called")

    _, vision = _clients(server.url)
    layout, note = await plan_layout_with_vision(RetryingClient(TextOnly()), vision, _content(), DesignSpec())
    assert note == "fallback: layout image failed: provider 'openai:text-only' cannot generate images"
    assert server.requests == [] and layout.blocks[0].type == "hero"
    with pytest.raises(LLMError):
        await RetryingClient(TextOnly()).generate_image("draw")


async def test_unexpected_crash_in_the_image_step_still_yields_a_layout(server: WireServer) -> None:
    class Broken:
        name = "gemini:broken"

        async def generate_image(self, prompt: str, model: str | None = None) -> Any:
            raise KeyError("inlineData")

    _, vision = _clients(server.url)
    layout, note = await plan_layout_with_vision(Broken(), vision, _content(), DesignSpec())
    assert note.startswith("fallback: layout image failed: KeyError") and layout.blocks[0].type == "hero"
