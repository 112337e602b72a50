"""Resolving `provider:model` strings to clients, with lazy imports and install hints."""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from fnmatch import fnmatchcase

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


# Model names are plain names (gemma-3-270m, qwen2.5, llama3:8b, org/model); never absolute paths or URLs.
_MODEL_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:/-]{0,99}$")


class ModelNotAllowedError(ConfigError):
    """A model string from a request that the operator's allowlist does not permit; `fix` says what to do."""

    def __init__(self, detail: str, fix: str) -> None:
        super().__init__(detail)
        self.detail, self.fix = detail, fix


def allowed_model_summary(settings: Settings) -> str:
    """The allowlist in words, for error messages."""
    urls = settings.base_url_allowlist()
    text = ", ".join(settings.model_allowlist())
    return text + (f"; openai:NAME@URL for URL in {', '.join(urls)}" if urls else "")


def check_requested_model(value: str, settings: Settings) -> ModelSpec:
    """The parsed model string when a request may use it, else ModelNotAllowedError.

    Requests (API, admin UI) choose among what the operator allows: provider:model patterns in
    EDITORIAL_AI_ALLOWED_MODELS (default: the server's model and local:*, plus scripted:* in test mode) and,
    for OpenAI-compatible servers, only base URLs listed in EDITORIAL_AI_ALLOWED_BASE_URLS. A request never
    names a file or an arbitrary URL: the server's credentials would follow the request there.
    """
    fix = f"use an allowed model ({allowed_model_summary(settings)}), or ask the operator to allow it"
    try:
        spec = parse_model_string(value)
    except ConfigError as exc:
        raise ModelNotAllowedError(str(exc), fix) from None
    if value == settings.model:  # the operator's own choice
        return spec
    if spec.base_url is not None and (
            spec.provider != "openai" or spec.base_url.rstrip("/") not in settings.base_url_allowlist()):
        raise ModelNotAllowedError(
                "a server URL in the model string is only accepted for openai models at base URLs the operator "
                "listed in EDITORIAL_AI_ALLOWED_BASE_URLS", fix)
    name = spec.model or ""
    if name and (not _MODEL_NAME.fullmatch(name) or ".." in name or "//" in name):
        # One answer for every path-like name: nothing is looked up, so nothing is revealed.
        raise ModelNotAllowedError("model names are plain names (letters, digits, . _ : / -), not file paths "
                                   "or URLs", fix)
    if spec.base_url is None and not any(fnmatchcase(f"{spec.provider}:{name}", pattern) or
                                         fnmatchcase(spec.provider, pattern)
                                         for pattern in settings.model_allowlist()):
        raise ModelNotAllowedError(f"model {value!r} is not allowed on this server", fix)
    return spec


_cache: dict[str, LLMClient] = {}


def get_client(
    model: str | None = None, settings: Settings | None = None, *, retry: bool = True, scope: str | None = None,
    cached: bool = True, base_wait_s: float = 0.5,
) -> LLMClient:
    """A client for `model`, wrapped with retries (paced by `base_wait_s`) and token accounting.

    Cached by default; `cached=False` builds a new client that shares nothing with other callers (no scripted
    cursor, no retry pacing), which evaluation cells and calibration need to run side by side.
    """
    settings = settings or get_settings()
    spec = parse_model_string(model or settings.model)
    # Scripted scenarios keep a cursor: each run (scope) gets its own, other providers are shared.
    scoped = scope if spec.provider == "scripted" else None
    key = f"{spec.label}|{retry}|{base_wait_s}|{id(settings)}|{scoped}"
    if cached and key in _cache:
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
        client = RetryingClient(client, base_wait_s=base_wait_s)
    if cached:
        _cache[key] = client
    return client


def fresh_client(model: str, settings: Settings, *, base_wait_s: float = 0.5) -> LLMClient:
    """A new client for `model` (never the cached one), with the usual retries."""
    return get_client(model, settings, cached=False, base_wait_s=base_wait_s)


def clear_client_cache() -> None:
    """Forget cached clients (tests, settings changes)."""
    _cache.clear()
