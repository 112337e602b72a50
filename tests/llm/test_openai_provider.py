"""The OpenAI-compatible provider, through the real openai SDK, against a local chat-completions server."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from pydantic import BaseModel, Field

from editorial_ai.config import ConfigError, Settings
from editorial_ai.llm.base import LLMError, LLMRequest, StructuredOutputError
from editorial_ai.llm.openai_compat import OpenAICompatClient, create_client
from editorial_ai.llm.registry import clear_client_cache, get_client, parse_model_string
from editorial_ai.llm.retry import RetryingClient

from .wire_servers import OPENAI_ROUTE, WireServer, closed_port_url, isolate, openai_error, openai_ok, running


class Headline(BaseModel):
    title: str = Field(max_length=80)
    score: int


HEADLINE_JSON = json.dumps({"title": "Coats", "score": 8})


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(monkeypatch)


@pytest.fixture
def server() -> Iterator[WireServer]:
    with running(OPENAI_ROUTE) as srv:
        yield srv


def make_client(base_url: str, model: str = "qwen2.5", **settings: Any) -> OpenAICompatClient:
    spec = parse_model_string(f"openai:{model}@{base_url}/v1")
    return create_client(spec, Settings(_env_file=None, **settings))


async def test_plain_text_request_and_token_usage(server: WireServer) -> None:
    server.enqueue(openai_ok("A quiet luxury autumn.", model="qwen2.5-7b", prompt_tokens=30,
                             completion_tokens=6, cached_tokens=12))
    client = make_client(server.url)
    result = await client.generate(LLMRequest(prompt="Write a headline.", system="You are an editor.",
                                              temperature=0.2, max_tokens=50, stop=["END"]))

    assert result.text == "A quiet luxury autumn." and result.parsed is None
    usage = result.usage
    assert (usage.prompt_tokens, usage.completion_tokens, usage.cached_tokens) == (30, 6, 12)
    assert result.model == "qwen2.5-7b"

    [req] = server.requests
    assert req.path == "/v1/chat/completions"
    assert req.headers["authorization"] == "Bearer not-needed"  # local server without OPENAI_API_KEY
    assert req.body["model"] == "qwen2.5"
    assert req.body["messages"] == [{"role": "system", "content": "You are an editor."},
                                    {"role": "user", "content": "Write a headline."}]
    assert req.body["temperature"] == 0.2 and req.body["stop"] == ["END"]
    assert req.body["max_tokens"] == 50  # self-hosted servers know max_tokens, not max_completion_tokens
    assert "response_format" not in req.body
    assert "seed" not in req.body  # an unseeded request sends none


async def test_a_seeded_request_sends_its_seed(server: WireServer) -> None:
    # A run's requests are seeded so a server that honours seeds samples them the same way each time.
    server.enqueue(openai_ok("A quiet luxury autumn."))
    client = make_client(server.url)
    await client.generate(LLMRequest(prompt="Write a headline.", max_tokens=50, seed=1031))
    [req] = server.requests
    assert req.body["seed"] == 1031


async def test_missing_usage_and_api_key_from_settings(server: WireServer) -> None:
    server.enqueue(openai_ok("hi", with_usage=False))
    keys = json.dumps({f"{server.url}/v1/": "sk-local"})  # the URL's own key; OPENAI_API_KEY stays with OpenAI
    result = await make_client(server.url, OPENAI_API_KEY="sk-openai", EDITORIAL_AI_ENDPOINT_KEYS=keys).generate(
        LLMRequest(prompt="hi"))
    assert result.usage.total_tokens == 0
    assert server.requests[0].headers["authorization"] == "Bearer sk-local"


async def test_few_shot_examples_are_shown_in_the_system_message_not_as_invented_turns(server: WireServer) -> None:
    server.enqueue(openai_ok("ok"))
    await make_client(server.url).generate(LLMRequest(system="Be brief.", prompt="Task.",
                                                      few_shot=['{"a": 1}', '{"a": 2}']))
    messages = server.requests[0].body["messages"]
    assert [m["role"] for m in messages] == ["system", "user"]
    assert messages[0]["content"].startswith("Be brief.")
    assert '{"a": 1}' in messages[0]["content"] and '{"a": 2}' in messages[0]["content"]
    assert messages[-1] == {"role": "user", "content": "Task."}


async def test_structured_output_sends_json_schema_and_parses(server: WireServer) -> None:
    server.enqueue(openai_ok(HEADLINE_JSON))
    result = await make_client(server.url).generate(LLMRequest(prompt="Rate it.", output_schema=Headline))

    assert result.parsed == Headline(title="Coats", score=8)
    fmt = server.requests[0].body["response_format"]
    assert fmt["type"] == "json_schema"
    assert fmt["json_schema"]["name"] == "Headline" and fmt["json_schema"]["strict"] is False
    assert set(fmt["json_schema"]["schema"]["properties"]) == {"title", "score"}


@pytest.mark.parametrize("answer", ["this is not json at all", '{"title": "missing score"}'])
async def test_malformed_structured_answer_raises(server: WireServer, answer: str) -> None:
    server.enqueue(openai_ok(answer))
    with pytest.raises(StructuredOutputError) as info:
        await make_client(server.url).generate(LLMRequest(prompt="Rate it.", output_schema=Headline))
    assert info.value.transient is False and info.value.raw_text == answer


async def test_json_schema_rejected_falls_back_to_json_object(server: WireServer) -> None:
    server.enqueue(openai_error(400, "response_format json_schema is not supported"),
                   openai_ok(HEADLINE_JSON), openai_ok(HEADLINE_JSON))
    client = make_client(server.url)
    result = await client.generate(LLMRequest(prompt="Rate it.", output_schema=Headline))

    assert result.parsed == Headline(title="Coats", score=8)
    first, second = (r.body for r in server.requests)
    assert first["response_format"]["type"] == "json_schema"
    # A self-hosted server gets the schema beside json_object (llama.cpp turns it into a grammar).
    assert second["response_format"]["type"] == "json_object"
    assert set(second["response_format"]["schema"]["properties"]) == {"title", "score"}
    # Length limits would become grammar rules thousands of levels deep on llama.cpp servers: left out.
    assert "maxLength" not in json.dumps(second["response_format"]["schema"])
    assert "JSON" in second["messages"][0]["content"]  # json_object mode needs JSON named in the prompt

    # The downgrade sticks: the next structured call does not pay for another 400.
    await client.generate(LLMRequest(prompt="Again.", output_schema=Headline))
    assert server.requests[2].body["response_format"]["type"] == "json_object"


@pytest.mark.parametrize("status", [422, 500])
async def test_format_refused_with_a_validation_error_steps_down(server: WireServer, status: int) -> None:
    """llama-cpp-python's server answers an unknown response_format with a 500 validation error naming it."""
    server.enqueue(openai_error(status, "1 validation error: response_format.type: Input should be 'text' or "
                                        "'json_object'"), openai_ok(HEADLINE_JSON))
    client = make_client(server.url)
    result = await client.generate(LLMRequest(prompt="Rate it.", output_schema=Headline))
    assert result.parsed == Headline(title="Coats", score=8)
    assert [r.body["response_format"]["type"] for r in server.requests] == ["json_schema", "json_object"]
    assert client.format_mode == "json_object"


async def test_validation_error_is_permanent_not_transient(server: WireServer) -> None:
    server.enqueue(openai_error(500, "1 validation error for CreateChatCompletionRequest: messages"))
    with pytest.raises(LLMError) as info:
        await make_client(server.url).generate(LLMRequest(prompt="hi"))
    assert info.value.transient is False and "invalid" in str(info.value)
    assert len(server.requests) == 1


async def test_plain_500_without_format_words_is_not_a_format_refusal(server: WireServer) -> None:
    server.enqueue(openai_error(500, "the GPU fell over"))
    with pytest.raises(LLMError) as info:
        await make_client(server.url).generate(LLMRequest(prompt="Rate it.", output_schema=Headline))
    assert info.value.transient is True and len(server.requests) == 1


async def test_no_response_format_support_falls_back_to_prompt(server: WireServer) -> None:
    server.enqueue(openai_error(400), openai_error(400), openai_ok(HEADLINE_JSON))
    result = await make_client(server.url).generate(LLMRequest(prompt="Rate it.", output_schema=Headline))
    assert result.parsed == Headline(title="Coats", score=8)
    last = server.requests[2].body
    assert "response_format" not in last and "JSON schema" in last["messages"][0]["content"]


async def test_bad_request_in_every_mode_is_fatal(server: WireServer) -> None:
    server.default = openai_error(400, "context length exceeded")
    with pytest.raises(LLMError) as info:
        await make_client(server.url).generate(LLMRequest(prompt="Rate it.", output_schema=Headline))
    assert info.value.transient is False and "context length exceeded" in str(info.value)
    assert len(server.requests) == 3


@pytest.mark.parametrize("status", [429, 500, 503])
async def test_overload_and_server_errors_are_transient(server: WireServer, status: int) -> None:
    server.enqueue(openai_error(status))
    with pytest.raises(LLMError) as info:
        await make_client(server.url).generate(LLMRequest(prompt="hi"))
    assert info.value.transient is True
    assert len(server.requests) == 1  # max_retries=0: the SDK itself must not retry


@pytest.mark.parametrize(("status", "fix"), [(401, "OPENAI_API_KEY"), (403, "OPENAI_API_KEY"),
                                             (404, "--model openai:"), (400, "check the model name")])
async def test_client_errors_are_fatal_and_name_the_fix(server: WireServer, status: int, fix: str) -> None:
    server.enqueue(openai_error(status, "Incorrect API key provided"))
    with pytest.raises(LLMError) as info:
        await make_client(server.url).generate(LLMRequest(prompt="hi"))
    assert info.value.transient is False and fix in str(info.value)
    assert len(server.requests) == 1


async def test_retrying_client_recovers_from_503(server: WireServer) -> None:
    server.enqueue(openai_error(503), openai_ok("second time lucky"))
    result = await RetryingClient(make_client(server.url), base_wait_s=0.01).generate(LLMRequest(prompt="hi"))
    assert result.text == "second time lucky"
    assert len(server.requests) == 2


async def test_timeout_is_transient(server: WireServer) -> None:
    server.enqueue(replace(openai_ok("too late"), delay_s=1.0))
    with pytest.raises(LLMError) as info:
        await make_client(server.url, EDITORIAL_AI_LLM_TIMEOUT=0.2).generate(LLMRequest(prompt="hi"))
    assert info.value.transient is True and "timed out" in str(info.value)


async def test_connection_refused_is_transient() -> None:
    with pytest.raises(LLMError) as info:
        await make_client(closed_port_url()).generate(LLMRequest(prompt="hi"))
    assert info.value.transient is True


async def test_refusal_is_fatal(server: WireServer) -> None:
    server.enqueue(openai_ok(None, refusal="I can't help with that."))
    with pytest.raises(LLMError, match="refused") as info:
        await make_client(server.url).generate(LLMRequest(prompt="hi"))
    assert info.value.transient is False


def test_real_openai_without_key_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="OPENAI_API_KEY") as info:
        create_client(parse_model_string("openai:gpt-4o-mini"), Settings(_env_file=None))
    assert "local:gemma-3-270m" in str(info.value)


def test_base_url_precedence() -> None:
    settings = Settings(_env_file=None, OPENAI_BASE_URL="http://127.0.0.1:11434/v1")
    assert create_client(parse_model_string("openai:llama3"), settings).base_url == "http://127.0.0.1:11434/v1"
    spec = parse_model_string("openai:llama3@http://127.0.0.1:8080/v1")
    assert create_client(spec, settings).base_url == "http://127.0.0.1:8080/v1"
    keyed = Settings(_env_file=None, OPENAI_API_KEY="sk-x")
    official = create_client(parse_model_string("openai:gpt-4o-mini"), keyed)
    assert official.base_url == "https://api.openai.com/v1" and official.official


async def test_official_endpoint_sends_max_completion_tokens(server: WireServer) -> None:
    server.enqueue(openai_ok("ok"))
    client = OpenAICompatClient(model="gpt-4o-mini", base_url=f"{server.url}/v1", api_key="sk-x", timeout_s=5)
    client.official = True  # as if talking to api.openai.com, whose reasoning models reject max_tokens
    await client.generate(LLMRequest(prompt="hi", max_tokens=77))
    body = server.requests[0].body
    assert body["max_completion_tokens"] == 77 and "max_tokens" not in body


async def test_offline_guard_blocks_the_real_endpoint() -> None:
    # The real endpoint is never reached: the offline guard refuses the DNS lookup.
    keyed = Settings(_env_file=None, OPENAI_API_KEY="sk-x")
    client = create_client(parse_model_string("openai:gpt-4o-mini"), keyed)
    with pytest.raises(LLMError) as info:
        await client.generate(LLMRequest(prompt="hi"))
    assert info.value.transient is True and "offline" in repr(info.value.__cause__.__cause__)


def test_one_client_survives_several_event_loops(server: WireServer) -> None:
    server.default = openai_ok("again")
    client = make_client(server.url)
    for _ in range(2):
        assert asyncio.run(client.generate(LLMRequest(prompt="hi"))).text == "again"
    assert len(server.requests) == 2


async def test_registry_resolves_openai(server: WireServer) -> None:
    server.enqueue(openai_ok("via registry"))
    clear_client_cache()
    try:
        client = get_client(f"openai:phi3@{server.url}/v1", Settings(_env_file=None))
        assert (await client.generate(LLMRequest(prompt="hi"))).text == "via registry"
    finally:
        clear_client_cache()
    assert server.requests[0].body["model"] == "phi3"
