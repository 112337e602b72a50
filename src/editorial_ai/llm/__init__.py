"""LLM layer: one client protocol, several providers, a registry and a router."""

from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest, LLMResult, TokenUsage

__all__ = ["LLMClient", "LLMError", "LLMRequest", "LLMResult", "TokenUsage"]
