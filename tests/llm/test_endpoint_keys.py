"""Provider secrets go only to the provider's own endpoint: a loopback listener named in a model string, in
OPENAI_BASE_URL or GOOGLE_GEMINI_BASE_URL receives no header carrying OPENAI_API_KEY or GOOGLE_API_KEY."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from editorial_ai.config import ConfigError, Settings
from editorial_ai.llm.base import LLMRequest
from editorial_ai.llm.endpoint_keys import is_official, key_for
from editorial_ai.llm.gemini import create_client as gemini_client
from editorial_ai.llm.openai_compat import create_client as openai_client
from editorial_ai.llm.registry import parse_model_string

from .wire_servers import GEMINI_ROUTE, OPENAI_ROUTE, WireServer, gemini_ok, isolate, openai_ok, running

OPENAI_SECRET = "sk-openai-secret-0123456789"
GOOGLE_SECRET = "AIza-google-secret-0123456789"


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(monkeypatch)


@pytest.fixture
def listener() -> Iterator[WireServer]:
    with running(OPENAI_ROUTE) as srv:
        yield srv


def _leaked(server: WireServer, *secrets: str) -> list[str]:
    """Header values of every received request that carry one of the secrets."""
    return [f"{name}: {value}" for request in server.requests for name, value in request.headers.items()
            if any(secret in value for secret in secrets)]


@pytest.mark.parametrize("where", ["model string", "OPENAI_BASE_URL"])
async def test_openai_key_never_reaches_a_listener(listener: WireServer, where: str) -> None:
    listener.enqueue(openai_ok("hi"))
    url = f"{listener.url}/v1"
    spec = parse_model_string(f"openai:x@{url}" if where == "model string" else "openai:x")
    extra = {"OPENAI_BASE_URL": url} if where == "OPENAI_BASE_URL" else {}
    client = openai_client(spec, Settings(_env_file=None, OPENAI_API_KEY=OPENAI_SECRET, **extra))
    await client.generate(LLMRequest(prompt="hi"))
    assert len(listener.requests) == 1
    assert _leaked(listener, OPENAI_SECRET) == []
    assert listener.requests[0].headers["authorization"] == "Bearer not-needed"


async def test_a_url_gets_only_the_key_named_for_it(listener: WireServer) -> None:
    listener.enqueue(openai_ok("hi"), openai_ok("hi"))
    keys = json.dumps({f"{listener.url}/v1": "sk-for-this-server", "https://other.example/v1": "sk-other"})
    settings = Settings(_env_file=None, OPENAI_API_KEY=OPENAI_SECRET, EDITORIAL_AI_ENDPOINT_KEYS=keys)
    await openai_client(parse_model_string(f"openai:x@{listener.url}/v1/"), settings).generate(LLMRequest(prompt="a"))
    assert listener.requests[0].headers["authorization"] == "Bearer sk-for-this-server"
    assert _leaked(listener, OPENAI_SECRET, "sk-other") == []


def test_look_alike_hosts_are_not_the_official_endpoint() -> None:
    assert is_official("https://api.openai.com/v1", "api.openai.com")
    for url in ("http://api.openai.com/v1", "https://evilapi.openai.com/v1", "https://api.openai.com.evil.example/v1",
                "https://api.openai.com:8443/v1", "https://user@127.0.0.1/v1"):
        assert not is_official(url, "api.openai.com"), url
    settings = Settings(_env_file=None, OPENAI_API_KEY=OPENAI_SECRET)
    assert key_for("https://api.openai.com.evil.example/v1", settings, official_host="api.openai.com",
                   provider_key=OPENAI_SECRET) is None


def test_malformed_endpoint_keys_name_the_setting() -> None:
    settings = Settings(_env_file=None, EDITORIAL_AI_ENDPOINT_KEYS="not json")
    with pytest.raises(ConfigError, match="EDITORIAL_AI_ENDPOINT_KEYS"):
        openai_client(parse_model_string("openai:x@http://127.0.0.1:1/v1"), settings)


async def test_google_key_never_reaches_a_custom_gemini_base_url() -> None:
    with running(GEMINI_ROUTE) as server:
        server.enqueue(gemini_ok("hi"))
        settings = Settings(_env_file=None, GOOGLE_API_KEY=GOOGLE_SECRET, GOOGLE_GEMINI_BASE_URL=server.url)
        await gemini_client(parse_model_string("gemini:gemini-2.5-flash"), settings).generate(LLMRequest(prompt="hi"))
        assert len(server.requests) == 1 and _leaked(server, GOOGLE_SECRET) == []
        assert server.requests[0].headers["x-goog-api-key"] == "not-needed"
