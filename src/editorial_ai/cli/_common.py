"""Shared CLI plumbing: settings from options, async running, error rendering."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import typer
from pydantic import ValidationError
from rich.markup import escape

from editorial_ai.cli.terminal import SafeConsole
from editorial_ai.config import ConfigError, Settings, get_settings

T = TypeVar("T")
# Options only override Settings (config.py, the one reader of the environment and .env): their defaults are None.
DATA_DIR_HELP = "Data directory (default: EDITORIAL_AI_DATA_DIR from the environment or .env, else ./data)."
# Safe consoles: model, catalog and user text never reaches the terminal as escape sequences (cli/terminal.py).
console = SafeConsole()
err_console = SafeConsole(stderr=True)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print one `error:` line (no traceback: the failure is handled) and return the Exit to raise."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)  # one line, even when long
    return typer.Exit(code=code)


def build_settings(model: str | None = None, data_dir: Path | None = None) -> Settings:
    """Settings from the environment, overridden by CLI options; a bad variable is one clear line, exit 2."""
    try:
        base = get_settings()
    except ConfigError as exc:
        raise fail(str(exc)) from None
    update: dict[str, Any] = {}
    if model:
        update["model"] = model
    if data_dir:
        update["data_dir"] = data_dir
    settings = base.model_copy(update=update) if update else base
    _check_data_dir(settings.data_dir)
    return settings


def _check_data_dir(path: Path) -> None:
    """Exit 2 naming the fix when the data directory (or a parent of it) is a file: every store would otherwise
    fail later with a bare FileExistsError or NotADirectoryError."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            if not candidate.is_dir():
                raise fail(f"the data directory {path} cannot be used: {candidate} is a file, not a directory; "
                           "point --data-dir or EDITORIAL_AI_DATA_DIR at a directory, or move the file away")
            return


def _handled_errors() -> tuple[type[BaseException], ...]:
    """Errors a command explains in one line. The pipeline's and the model clients' own error types count only
    when their modules were imported: then they can have been raised (and `contents list` never imports them)."""
    handled: list[type[BaseException]] = [ConfigError, ValueError]
    runner, llm = sys.modules.get("editorial_ai.pipeline.runner"), sys.modules.get("editorial_ai.llm.base")
    if runner is not None:
        handled += [runner.NotFoundError, runner.ConflictError]
    if llm is not None:
        handled.append(llm.LLMError)
    return tuple(handled)


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine, turning known errors into a clear message and exit code 2."""
    try:
        return asyncio.run(coro)
    except typer.Exit:  # already explained (click's Exit is a RuntimeError: let it through untouched)
        raise
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'input'}: {e['msg']}" for e in exc.errors())
        raise fail(f"invalid input: {problems}") from None
    except Exception as exc:
        if isinstance(exc, _handled_errors()):
            raise fail(str(exc)) from None
        if not isinstance(exc, OSError | RuntimeError | sqlite3.Error):
            raise
        # Storage and checkpointer failures: say what failed; the traceback is for --verbose.
        if logging.getLogger().isEnabledFor(logging.DEBUG):
            raise
        raise fail(f"{type(exc).__name__}: {exc} (run with --verbose for the traceback)") from None


def print_json(data: Any) -> None:
    """One machine-readable JSON object on stdout."""
    sys.stdout.write(json.dumps(data, indent=2, default=str, ensure_ascii=False) + "\n")
