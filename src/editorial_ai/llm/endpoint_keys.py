"""Which key a model endpoint gets: a provider's secret goes only to that provider's own endpoint.

OPENAI_API_KEY is sent only to https://api.openai.com, GOOGLE_API_KEY only to
https://generativelanguage.googleapis.com. Any other base URL (a model string's `@URL`, OPENAI_BASE_URL,
GOOGLE_GEMINI_BASE_URL) gets a key only when EDITORIAL_AI_ENDPOINT_KEYS names that URL, and otherwise a
placeholder: a URL typed into a request or a command line can never collect a provider's secret.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from editorial_ai.config import ConfigError, Settings

OPENAI_HOST = "api.openai.com"
GEMINI_HOST = "generativelanguage.googleapis.com"
# Self-hosted servers ignore the key, but the SDKs refuse to start without one (and the Gemini SDK would read
# GOOGLE_API_KEY from the environment by itself if given none).
PLACEHOLDER_KEY = "not-needed"


def normalize_url(url: str) -> str:
    """`scheme://host[:port]/path` with scheme and host lower-cased and no trailing slash, for comparing URLs."""
    parts = urlsplit(url.strip())
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}{parts.path.rstrip('/')}"


def is_official(url: str, host: str) -> bool:
    """Whether `url` is the provider's own endpoint: https on exactly `host` (a look-alike subdomain is not)."""
    parts = urlsplit(url.strip())
    return parts.scheme.lower() == "https" and (parts.hostname or "") == host and parts.port in (None, 443)


def endpoint_keys(settings: Settings) -> dict[str, str]:
    """EDITORIAL_AI_ENDPOINT_KEYS as {normalized URL: key}; ConfigError naming the setting when it is malformed."""
    raw = settings.endpoint_keys.get_secret_value() if settings.endpoint_keys else ""
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except ValueError:
        data = None
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise ConfigError('EDITORIAL_AI_ENDPOINT_KEYS must be a JSON object of base URL to key, e.g. '
                          '{"https://llm.example.com/v1": "sk-..."}')
    return {normalize_url(url): key for url, key in data.items()}


def key_for(url: str, settings: Settings, *, official_host: str, provider_key: str | None) -> str | None:
    """The key to send to `url`: the provider's own key on its official endpoint, the key
    EDITORIAL_AI_ENDPOINT_KEYS names for any other URL, else None (the caller sends a placeholder or refuses)."""
    listed = endpoint_keys(settings).get(normalize_url(url))
    if is_official(url, official_host):
        return provider_key or listed
    return listed
