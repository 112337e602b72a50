"""LLM clients for evaluation cells: fresh per cell (no shared scripted cursors) and token-counting."""

from __future__ import annotations

import importlib
from typing import Any

from editorial_ai.config import ConfigError, Settings
from editorial_ai.llm.base import LLMClient, LLMRequest, LLMResult
from editorial_ai.llm.registry import PROVIDERS, parse_model_string
from editorial_ai.llm.retry import RetryingClient


def fresh_client(model: str, settings: Settings, *, base_wait_s: float = 0.5) -> LLMClient:
    """A new client for `model` (not the registry's cached one), with the usual retries."""
    spec = parse_model_string(model)
    module_name, factory_name, extra = PROVIDERS[spec.provider]
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"provider {spec.provider!r} needs an optional package ({exc.name}); "
                          f"install it with `pip install '{extra}'`") from exc
    return RetryingClient(getattr(module, factory_name)(spec, settings), base_wait_s=base_wait_s)


class CountingClient:
    """Wraps a client and adds up the tokens and calls that went through it."""

    def __init__(self, inner: LLMClient) -> None:
        self.inner = inner
        self.name = inner.name
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.calls = 0

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        """Delegate, counting usage of successful calls."""
        result = await self.inner.generate(request)
        self.calls += 1
        self.prompt_tokens += result.usage.prompt_tokens
        self.completion_tokens += result.usage.completion_tokens
        return result

    @property
    def total_tokens(self) -> int:
        """prompt + completion."""
        return self.prompt_tokens + self.completion_tokens


def counting(client: LLMClient) -> CountingClient:
    """`client` wrapped for counting (an already counting client is returned as is)."""
    return client if isinstance(client, CountingClient) else CountingClient(client)
