"""The Gemini provider, through the real google-genai SDK, against a local generateContent server."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Annotated, Any, Literal

import pytest
from pydantic import BaseModel, Field

from editorial_ai.config import ConfigError, Settings
from editorial_ai.llm.base import LLMError, LLMRequest, StructuredOutputError
from editorial_ai.llm.gemini import GeminiClient, create_client
from editorial_ai.llm.registry import clear_client_cache, get_client, parse_model_string
from editorial_ai.llm.retry import RetryingClient

from .wire_servers import GEMINI_ROUTE, WireServer, closed_port_url, gemini_error, gemini_ok, isolate, running


class Headline(BaseModel):
    title: str
    score: int


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(monkeypatch)


@pytest.fixture
def server() -> Iterator[WireServer]:
    with running(GEMINI_ROUTE) as srv:
        yield srv


def make_settings(base_url: str, **extra: Any) -> Settings:
    return Settings(_env_file=None, GOOGLE_API_KEY="test-key", GOOGLE_GEMINI_BASE_URL=base_url, **extra)


def make_client(base_url: str, model: str = "gemini-2.5-flash", **extra: Any) -> GeminiClient:
    client = create_client(parse_model_string(f"gemini:{model}"), make_settings(base_url, **extra))
    assert isinstance(client, GeminiClient)
    return client


def body_text(body: dict[str, Any]) -> str:
    return "".join(part["text"] for part in body["contents"][0]["parts"])


async def test_plain_text_request_and_token_usage(server: WireServer) -> None:
    server.enqueue(gemini_ok("A quiet luxury autumn.", prompt_tokens=42, output_tokens=7, cached_tokens=3,
                             thoughts_tokens=2))
    client = make_client(server.url)
    result = await client.generate(LLMRequest(prompt="Write a headline.", system="You are an editor.",
                                              temperature=0.3, max_tokens=64, stop=["END"]))

    assert result.text == "A quiet luxury autumn."
    assert result.parsed is None and result.grounding_sources == []
    usage = result.usage
    assert (usage.prompt_tokens, usage.completion_tokens, usage.cached_tokens) == (42, 9, 3)
    assert result.usage.model_name == "gemini-2.5-flash" and client.name == "gemini:gemini-2.5-flash"

    [req] = server.requests
    assert req.path == "/v1beta/models/gemini-2.5-flash:generateContent"
    assert req.headers["x-goog-api-key"] == "not-needed"  # GOOGLE_API_KEY goes to Google only (endpoint_keys)
    assert body_text(req.body) == "Write a headline."
    assert req.body["systemInstruction"]["parts"][0]["text"] == "You are an editor."
    config = req.body["generationConfig"]
    assert config["temperature"] == 0.3 and config["maxOutputTokens"] == 64
    assert config["stopSequences"] == ["END"]
    assert "responseSchema" not in config and "tools" not in req.body


async def test_few_shot_examples_go_into_the_prompt(server: WireServer) -> None:
    server.enqueue(gemini_ok("ok"))
    await make_client(server.url).generate(LLMRequest(prompt="Task.", few_shot=['{"a": 1}', '{"a": 2}']))
    text = body_text(server.requests[0].body)
    assert text.startswith("Task.")
    assert 'Example output:\n{"a": 1}' in text and 'Example output:\n{"a": 2}' in text


async def test_structured_output_sends_schema_and_parses(server: WireServer) -> None:
    server.enqueue(gemini_ok(json.dumps({"title": "Coats", "score": 8})))
    result = await make_client(server.url).generate(LLMRequest(prompt="Rate it.", output_schema=Headline))

    assert result.parsed == Headline(title="Coats", score=8)
    config = server.requests[0].body["generationConfig"]
    assert config["responseMimeType"] == "application/json"
    assert set(config["responseSchema"]["properties"]) == {"title", "score"}


async def test_structured_output_tolerates_fenced_json(server: WireServer) -> None:
    # The SDK's own strict parse fails on fences; the provider falls back to parse_structured.
    server.enqueue(gemini_ok('```json\n{"title": "Boots", "score": 6}\n```'))
    result = await make_client(server.url).generate(LLMRequest(prompt="Rate it.", output_schema=Headline))
    assert result.parsed == Headline(title="Boots", score=6)


class Look(BaseModel):
    kind: Literal["look"] = "look"
    outfit: str


class Quote(BaseModel):
    kind: Literal["quote"] = "quote"
    text: str


class Page(BaseModel):
    blocks: list[Annotated[Look | Quote, Field(discriminator="kind")]]


async def test_schema_outside_gemini_subset_goes_as_json_schema(server: WireServer) -> None:
    # Discriminated unions do not fit the SDK's Schema type; the provider sends plain JSON Schema.
    server.enqueue(gemini_ok(json.dumps({"blocks": [{"kind": "quote", "text": "Less is more."}]})))
    result = await make_client(server.url).generate(LLMRequest(prompt="Lay out.", output_schema=Page))

    assert result.parsed == Page(blocks=[Quote(text="Less is more.")])
    [req] = server.requests
    config = req.body["generationConfig"]
    assert "responseSchema" not in config and "$defs" in config["responseJsonSchema"]
    assert config["responseMimeType"] == "application/json"


@pytest.mark.parametrize("answer", ["this is not json at all", '{"title": "missing score"}'])
async def test_malformed_structured_answer_raises(server: WireServer, answer: str) -> None:
    server.enqueue(gemini_ok(answer))
    with pytest.raises(StructuredOutputError) as info:
        await make_client(server.url).generate(LLMRequest(prompt="Rate it.", output_schema=Headline))
    assert info.value.transient is False and info.value.raw_text == answer


async def test_search_grounding_returns_sources_without_response_schema(server: WireServer) -> None:
    sources = ["https://vogue.example/a", "https://elle.example/b", "https://vogue.example/a"]
    server.enqueue(gemini_ok('{"title": "Trends", "score": 9}', sources=sources))
    result = await make_client(server.url).generate(
        LLMRequest(prompt="Find trends.", output_schema=Headline, use_search_grounding=True))

    assert result.parsed == Headline(title="Trends", score=9)
    assert result.grounding_sources == ["https://vogue.example/a", "https://elle.example/b"]
    body = server.requests[0].body
    assert body["tools"] == [{"googleSearch": {}}]
    config = body.get("generationConfig", {})
    assert "responseSchema" not in config and "responseMimeType" not in config
    assert "JSON schema" in body_text(body)


@pytest.mark.parametrize("status", [429, 500, 503])
async def test_overload_and_server_errors_are_transient(server: WireServer, status: int) -> None:
    server.enqueue(gemini_error(status))
    with pytest.raises(LLMError) as info:
        await make_client(server.url).generate(LLMRequest(prompt="hi"))
    assert info.value.transient is True
    assert len(server.requests) == 1  # the SDK itself must not retry


@pytest.mark.parametrize(("status", "fix"), [(401, "GOOGLE_API_KEY"), (403, "GOOGLE_API_KEY"),
                                             (404, "--model gemini:"), (400, "check the model name")])
async def test_client_errors_are_fatal_and_name_the_fix(server: WireServer, status: int, fix: str) -> None:
    server.enqueue(gemini_error(status, "API key not valid"))
    with pytest.raises(LLMError) as info:
        await make_client(server.url).generate(LLMRequest(prompt="hi"))
    assert info.value.transient is False
    assert fix in str(info.value)
    assert len(server.requests) == 1


async def test_retrying_client_recovers_from_503(server: WireServer) -> None:
    server.enqueue(gemini_error(503), gemini_ok("second time lucky"))
    client = RetryingClient(make_client(server.url), base_wait_s=0.01)
    result = await client.generate(LLMRequest(prompt="hi"))
    assert result.text == "second time lucky"
    assert len(server.requests) == 2


async def test_timeout_is_transient(server: WireServer) -> None:
    server.enqueue(replace(gemini_ok("too late"), delay_s=1.0))
    client = make_client(server.url, EDITORIAL_AI_LLM_TIMEOUT=0.2)
    with pytest.raises(LLMError) as info:
        await client.generate(LLMRequest(prompt="hi"))
    assert info.value.transient is True and "timed out" in str(info.value)


async def test_connection_refused_is_transient() -> None:
    with pytest.raises(LLMError) as info:
        await make_client(closed_port_url()).generate(LLMRequest(prompt="hi"))
    assert info.value.transient is True


async def test_empty_answer_at_token_limit_names_the_fix(server: WireServer) -> None:
    server.enqueue(gemini_ok("", finish_reason="MAX_TOKENS"))
    with pytest.raises(LLMError) as info:
        await make_client(server.url).generate(LLMRequest(prompt="hi"))
    assert info.value.transient is False and "max_tokens" in str(info.value)


def test_missing_api_key_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="GOOGLE_API_KEY"):
        create_client(parse_model_string("gemini:gemini-2.5-flash"), Settings(_env_file=None))


def test_vertex_without_project_is_a_config_error() -> None:
    settings = Settings(_env_file=None, GOOGLE_GENAI_USE_VERTEXAI=True)
    with pytest.raises(ConfigError, match="GOOGLE_CLOUD_PROJECT"):
        create_client(parse_model_string("gemini:gemini-2.5-flash"), settings)


def test_empty_model_uses_the_default() -> None:
    client = create_client(parse_model_string("gemini"), make_settings("http://127.0.0.1:9"))
    assert client.model == "gemini-2.5-flash"


def test_one_client_survives_several_event_loops(server: WireServer) -> None:
    server.default = gemini_ok("again")
    client = make_client(server.url)
    for _ in range(2):
        assert asyncio.run(client.generate(LLMRequest(prompt="hi"))).text == "again"
    assert len(server.requests) == 2


async def test_registry_resolves_gemini(server: WireServer) -> None:
    server.enqueue(gemini_ok("via registry"))
    clear_client_cache()
    try:
        client = get_client("gemini:gemini-2.0-flash", make_settings(server.url))
        assert (await client.generate(LLMRequest(prompt="hi"))).text == "via registry"
    finally:
        clear_client_cache()
    assert server.requests[0].path == "/v1beta/models/gemini-2.0-flash:generateContent"


async def test_offline_guard_blocks_the_real_endpoint() -> None:
    # Without a base URL the SDK targets generativelanguage.googleapis.com; the guard must stop it.
    client = create_client(parse_model_string("gemini:gemini-2.5-flash"),
                           Settings(_env_file=None, GOOGLE_API_KEY="test-key"))
    with pytest.raises(LLMError) as info:
        await client.generate(LLMRequest(prompt="hi"))
    assert info.value.transient is True and "offline" in repr(info.value.__cause__)
