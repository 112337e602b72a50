"""Shared CLI plumbing: settings from options, async running, error rendering."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import typer
from pydantic import ValidationError
from rich.console import Console

from editorial_ai.config import ConfigError, Settings, get_settings

T = TypeVar("T")
console = Console()
err_console = Console(stderr=True)


def build_settings(model: str | None = None, data_dir: Path | None = None) -> Settings:
    """Settings from the environment, overridden by CLI options."""
    base = get_settings()
    update: dict[str, Any] = {}
    if model:
        update["model"] = model
    if data_dir:
        update["data_dir"] = data_dir
    return base.model_copy(update=update) if update else base


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine, turning known errors into a clear message and exit code 2."""
    from editorial_ai.llm.base import LLMError
    from editorial_ai.pipeline.runner import ConflictError, NotFoundError

    try:
        return asyncio.run(coro)
    except (ConfigError, NotFoundError, ConflictError, LLMError, ValidationError, ValueError) as exc:
        err_console.print(f"[bold red]error:[/] {exc}")
        raise typer.Exit(code=2) from exc


def print_json(data: Any) -> None:
    """One machine-readable JSON object on stdout."""
    sys.stdout.write(json.dumps(data, indent=2, default=str, ensure_ascii=False) + "\n")
