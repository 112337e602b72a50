"""Resolving `provider:model` strings to clients, with lazy imports and install hints."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from editorial_ai.config import DEFAULT_MODEL, ConfigError, Settings, get_settings
from editorial_ai.llm.base import LLMClient
from editorial_ai.llm.retry import RetryingClient

PROVIDERS: dict[str, tuple[str, str, str]] = {
    # name: (module, factory, pip extra that provides its SDK)
    "local": ("editorial_ai.llm.local", "create_client", "editorial-ai[local]"),
    "gemini": ("editorial_ai.llm.gemini", "create_client", "google-genai"),
    "openai": ("editorial_ai.llm.openai_compat", "create_client", "openai"),
    "scripted": ("editorial_ai.llm.scripted", "create_client", "editorial-ai"),
}


@dataclass(frozen=True)
class ModelSpec:
    """A parsed model string: `provider:model[@base_url]`."""

    provider: str
    model: str
    base_url: str | None = None

    @property
    def label(self) -> str:
        """The string form."""
        suffix = f"@{self.base_url}" if self.base_url else ""
        return f"{self.provider}:{self.model}{suffix}"


def parse_model_string(value: str) -> ModelSpec:
    """Parse `local:gemma-3-270m`, `openai:qwen2.5@http://127.0.0.1:8080/v1`, `scripted:happy`."""
    provider, sep, rest = value.partition(":")
    if not sep or not rest:
        if value in PROVIDERS:
            provider, rest = value, ""
        else:
            raise ConfigError(
                f"model {value!r} must look like provider:model (providers: {', '.join(PROVIDERS)}), "
                f"e.g. {DEFAULT_MODEL}"
            )
    if provider not in PROVIDERS:
        raise ConfigError(f"unknown provider {provider!r} in {value!r}; choose one of {', '.join(PROVIDERS)}")
    base_url = None
    if "@" in rest:
        rest, base_url = rest.split("@", 1)
    return ModelSpec(provider=provider, model=rest, base_url=base_url)


_cache: dict[str, LLMClient] = {}


def get_client(
    model: str | None = None, settings: Settings | None = None, *, retry: bool = True, scope: str | None = None
) -> LLMClient:
    """A (cached) client for `model`, wrapped with retries and token accounting."""
    settings = settings or get_settings()
    spec = parse_model_string(model or settings.model)
    # Scripted scenarios keep a cursor: each run (scope) gets its own, other providers are shared.
    scoped = scope if spec.provider == "scripted" else None
    key = f"{spec.label}|{retry}|{id(settings)}|{scoped}"
    if key in _cache:
        return _cache[key]
    module_name, factory_name, extra = PROVIDERS[spec.provider]
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(
            f"provider {spec.provider!r} needs an optional package ({exc.name}); install it with "
            f"`pip install '{extra}'`, or use --model {DEFAULT_MODEL}"
        ) from exc
    client: LLMClient = getattr(module, factory_name)(spec, settings)
    if retry:
        client = RetryingClient(client)
    _cache[key] = client
    return client


def clear_client_cache() -> None:
    """Forget cached clients (tests, settings changes)."""
    _cache.clear()
