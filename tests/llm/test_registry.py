"""Model strings, the client registry and the retrying wrapper."""

from __future__ import annotations

from typing import Any

import pytest

from editorial_ai.config import ConfigError, Settings
from editorial_ai.llm.base import LLMError, LLMRequest, LLMResult, TokenUsage
from editorial_ai.llm.registry import ModelSpec, clear_client_cache, fresh_client, get_client, parse_model_string
from editorial_ai.llm.retry import RetryingClient
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.observability.tokens import harvest_tokens, start_token_scope


@pytest.mark.parametrize(("value", "spec"), [
    ("local:gemma-3-270m", ModelSpec("local", "gemma-3-270m")),
    ("scripted:happy", ModelSpec("scripted", "happy")),
    ("openai:qwen2.5@http://127.0.0.1:8080/v1", ModelSpec("openai", "qwen2.5", "http://127.0.0.1:8080/v1")),
    ("gemini", ModelSpec("gemini", "")),
])
def test_parse_model_string(value: str, spec: ModelSpec) -> None:
    assert parse_model_string(value) == spec
    if spec.model:
        assert spec.label == value


@pytest.mark.parametrize("value", ["foo:bar", "gemma-3-270m", "", "gemini:"])
def test_bad_model_strings_name_the_providers(value: str) -> None:
    with pytest.raises(ConfigError, match="scripted"):
        parse_model_string(value)


def test_get_client_wraps_and_caches(settings: Settings) -> None:
    client = get_client("scripted:happy", settings)
    assert isinstance(client, RetryingClient) and isinstance(client.inner, ScriptedClient)
    assert client.name == "scripted:happy"
    assert get_client("scripted:happy", settings) is client
    assert get_client("scripted:hallucinate_then_fix", settings) is not client
    bare = get_client("scripted:happy", settings, retry=False)
    assert isinstance(bare, ScriptedClient)
    clear_client_cache()
    assert get_client("scripted:happy", settings) is not client


def test_fresh_client_is_never_shared_and_keeps_its_own_retry_pacing(settings: Settings) -> None:
    cached = get_client("scripted:happy", settings)
    first = fresh_client("scripted:happy", settings, base_wait_s=0.01)
    second = fresh_client("scripted:happy", settings, base_wait_s=0.01)
    default = fresh_client("scripted:happy", settings)
    assert isinstance(first, RetryingClient) and isinstance(first.inner, ScriptedClient)
    assert isinstance(second, RetryingClient) and isinstance(default, RetryingClient)
    assert first is not second and first is not cached
    assert first.inner is not second.inner  # each has its own scripted cursor
    assert first.base_wait_s == 0.01 and default.base_wait_s == 0.5
    assert get_client("scripted:happy", settings) is cached  # a fresh client leaves the cache alone


def test_fresh_client_rejects_unknown_provider(settings: Settings) -> None:
    with pytest.raises(ConfigError, match="unknown provider"):
        fresh_client("foo:bar", settings)


def test_get_client_uses_the_settings_model(make_settings: Any) -> None:
    assert get_client(settings=make_settings("scripted:always_hallucinate")).name == "scripted:always_hallucinate"


def test_get_client_rejects_unknown_provider(settings: Settings) -> None:
    with pytest.raises(ConfigError, match="unknown provider"):
        get_client("foo:bar", settings)


class Flaky:
    """Fails with the given errors, then answers."""

    def __init__(self, *errors: LLMError) -> None:
        self.name = "flaky"
        self.errors = list(errors)
        self.calls = 0

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        return LLMResult(text="ok", usage=TokenUsage(prompt_tokens=3, completion_tokens=2, model_name="flaky"))


REQ = LLMRequest(prompt="p", purpose="editorial")


async def test_transient_error_is_retried_then_succeeds() -> None:
    inner = Flaky(LLMError("503", transient=True), LLMError("timeout", transient=True))
    result = await RetryingClient(inner, base_wait_s=0.001).generate(REQ)
    assert result.text == "ok" and inner.calls == 3
    assert result.duration_ms >= 0


async def test_fatal_error_is_not_retried() -> None:
    inner = Flaky(LLMError("401 bad key", transient=False))
    with pytest.raises(LLMError, match="401"):
        await RetryingClient(inner, base_wait_s=0.001).generate(REQ)
    assert inner.calls == 1


async def test_three_transient_failures_raise_the_last_error() -> None:
    inner = Flaky(*(LLMError(f"503 #{i}", transient=True) for i in range(1, 5)))
    with pytest.raises(LLMError, match="503 #3") as info:
        await RetryingClient(inner, base_wait_s=0.001).generate(REQ)
    assert info.value.transient and inner.calls == 3


async def test_non_llm_errors_are_not_retried() -> None:
    class Broken:
        name = "broken"
        calls = 0

        async def generate(self, request: LLMRequest) -> LLMResult[Any]:
            Broken.calls += 1
            raise KeyError("bug")

    with pytest.raises(KeyError):
        await RetryingClient(Broken(), base_wait_s=0.001).generate(REQ)
    assert Broken.calls == 1


async def test_successful_calls_record_tokens_with_their_purpose() -> None:
    start_token_scope()
    inner = Flaky(LLMError("503", transient=True))
    await RetryingClient(inner, base_wait_s=0.001).generate(REQ)
    usage = harvest_tokens()
    assert len(usage) == 1
    assert usage[0]["prompt_tokens"] == 3 and usage[0]["completion_tokens"] == 2
    assert usage[0]["purpose"] == "editorial" and usage[0]["model_name"] == "flaky"
