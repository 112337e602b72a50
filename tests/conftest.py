"""Shared fixtures: isolated settings per test, fresh LLM clients, a recording scripted client."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.config import Settings, get_settings
from editorial_ai.content_types.article.layout.vision import reset_circuit_breaker
from editorial_ai.llm.base import LLMClient
from editorial_ai.llm.registry import clear_client_cache
from editorial_ai.llm.retry import RetryingClient
from editorial_ai.llm.scripted import ScriptedClient, load_scenario

# Variables that would change behaviour if the developer's shell happened to set them.
_ISOLATED_ENV = ("GOOGLE_API_KEY", "GOOGLE_CLOUD_PROJECT", "GOOGLE_GENAI_USE_VERTEXAI", "OPENAI_API_KEY",
                 "OPENAI_BASE_URL", "ADMIN_API_KEY", "DATABASE_URL", "LANGSMITH_TRACING", "SUPABASE_URL",
                 "SUPABASE_SERVICE_ROLE_KEY", "REDIS_URL")


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No cached clients, settings or tripped circuit breakers leak between tests, nor ambient configuration."""
    for name in list(os.environ):
        if name.startswith("EDITORIAL_AI_") or name in _ISOLATED_ENV:
            monkeypatch.delenv(name, raising=False)
    clear_client_cache()
    get_settings.cache_clear()
    reset_circuit_breaker()
    yield
    clear_client_cache()
    get_settings.cache_clear()
    reset_circuit_breaker()


@pytest.fixture
def make_settings(tmp_path: Path) -> Callable[..., Settings]:
    """Settings rooted in this test's tmp_path (override any field by alias)."""

    def make(model: str = "scripted:happy", **overrides: Any) -> Settings:
        values: dict[str, Any] = {"EDITORIAL_AI_DATA_DIR": tmp_path / "data", "EDITORIAL_AI_MODEL": model}
        values.update(overrides)
        return Settings(**values)

    return make


@pytest.fixture
def settings(make_settings: Callable[..., Settings]) -> Settings:
    """Settings on the happy scripted scenario in a private data dir."""
    return make_settings()


class SharedScripted:
    """One ScriptedClient for every task of a run, so tests can read every request it saw."""

    def __init__(self, scenario: str, scenario_dir: Path | None = None) -> None:
        self.client = ScriptedClient(load_scenario(scenario, scenario_dir), name=f"scripted:{scenario}")
        self.wrapped = RetryingClient(self.client, base_wait_s=0.001)
        self.models: list[str] = []

    def __call__(self, model: str) -> LLMClient:
        self.models.append(model)
        return self.wrapped

    def calls_for(self, purpose: str) -> list[Any]:
        """Requests of one purpose (editorial, judge, repair, ...), oldest first."""
        return [c for c in self.client.calls if c.purpose == purpose]


@pytest.fixture
def scripted() -> Callable[[str], SharedScripted]:
    """Factory: `scripted("happy")` -> an llm_factory for open_pipeline sharing one ScriptedClient."""
    return SharedScripted
