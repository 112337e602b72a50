"""Helpers shared by nodes."""

from __future__ import annotations

from typing import Any

from editorial_ai.config import Settings


def run_model(state: dict[str, Any], settings: Settings) -> str:
    """The run's base model string."""
    return str((state.get("curation_input") or {}).get("model") or settings.model)


def run_option(state: dict[str, Any], key: str, default: str = "") -> str:
    """A curation_input option with a default."""
    value = (state.get("curation_input") or {}).get(key)
    return str(value) if value else default
