"""A client wrapper that adds up the tokens and calls that went through it (brief writers, evaluation cells)."""

from __future__ import annotations

from typing import Any

from editorial_ai.llm.base import LLMClient, LLMRequest, LLMResult


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
