"""Helpers shared by nodes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from editorial_ai.config import Settings


def run_model(state: Mapping[str, Any], settings: Settings) -> str:
    """The run's base model string."""
    return str((state.get("curation_input") or {}).get("model") or settings.model)


def judge_model(state: Mapping[str, Any], settings: Settings) -> str:
    """The run's judge model: the one it asked for, else its base model."""
    return str((state.get("curation_input") or {}).get("judge_model") or run_model(state, settings))


def max_revisions(state: Mapping[str, Any], settings: Settings) -> int:
    """Failed reviews before the run goes to a human: the run's own cap, else the setting."""
    value = (state.get("curation_input") or {}).get("max_revisions")
    return int(value) if value else settings.max_revisions


def run_option(state: Mapping[str, Any], key: str, default: str = "") -> str:
    """A curation_input option with a default."""
    value = (state.get("curation_input") or {}).get(key)
    return str(value) if value else default
