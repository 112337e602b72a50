"""Retries with exponential backoff for transient provider errors, and token accounting."""

from __future__ import annotations

import time
from typing import Any

from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential

from editorial_ai.llm.base import ImageGenerator, LLMClient, LLMError, LLMRequest, LLMResult, TokenUsage
from editorial_ai.observability.tokens import record_token_usage


def _is_transient(exc: BaseException) -> bool:
    return isinstance(exc, LLMError) and exc.transient


class RetryingClient:
    """Wraps a client: retries transient errors (3 tries), records every call's tokens."""

    def __init__(self, inner: LLMClient, *, attempts: int = 3, base_wait_s: float = 0.5) -> None:
        self.inner = inner
        self.name = inner.name
        self.attempts = attempts
        self.base_wait_s = base_wait_s

    def _retrying(self) -> AsyncRetrying:
        return AsyncRetrying(
            stop=stop_after_attempt(self.attempts),
            wait=wait_exponential(multiplier=self.base_wait_s, max=self.base_wait_s * 8),
            retry=retry_if_exception(_is_transient),
            reraise=True,
        )

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        """Generate, retrying transient failures with exponential backoff."""
        async for attempt in self._retrying():
            with attempt:
                started = time.perf_counter()
                result = await self.inner.generate(request)
                result.duration_ms = result.duration_ms or (time.perf_counter() - started) * 1000
                record_token_usage(result.usage, purpose=request.purpose, seconds=result.duration_ms / 1000)
                return result
        raise AssertionError("unreachable: tenacity reraises the last error")

    async def generate_image(self, prompt: str, model: str | None = None) -> tuple[bytes, str, TokenUsage]:
        """Draw an image through the wrapped client with the same retry policy; its tokens are recorded."""
        if not isinstance(self.inner, ImageGenerator):
            raise LLMError(f"provider {self.name!r} cannot generate images", provider=self.name)
        async for attempt in self._retrying():
            with attempt:
                data, mime, usage = await self.inner.generate_image(prompt, model)
                record_token_usage(usage, purpose="image")
                return data, mime, usage
        raise AssertionError("unreachable: tenacity reraises the last error")
