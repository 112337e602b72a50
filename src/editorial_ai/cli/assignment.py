"""The desk's assignment in the CLI: an item another editor has open on the desk ("in review by NAME") is named by
`contents show`, and a decision on it asks first, as in the admin UI and the API.

The readers are read from the shared contents store (pipeline/assignments.py), so the CLI sees an editor working in
any server process. At a terminal the question is asked; elsewhere the decision stops (exit 2, nothing changed)
unless --take-over says to go ahead.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

from editorial_ai.cli._common import build_settings, fail, run_async

TAKE_OVER = typer.Option(False, "--take-over",
                         help='Decide although another editor has the item open on the desk ("in review by").')


async def readers_of(contents: Any, content_id: str, reviewer: str | None = None) -> list[Any]:
    """The editors reviewing `content_id` now, other than `reviewer`, first come first."""
    from editorial_ai.pipeline.assignments import Assignments

    return await Assignments(contents).others(content_id, reviewer or "")


def ask_first(content_ref: str, reviewer: str, take_over: bool, data_dir: Path | None, step: str) -> None:
    """Before a decision (`step`, e.g. "approve"): when another editor is reviewing the item, ask at a terminal and
    otherwise stop (exit 2) naming --take-over. Going ahead ends the decider's own claim on the item."""
    from editorial_ai.cli.content_ref import resolve_content_id
    from editorial_ai.pipeline.assignments import Assignments, reviewing
    from editorial_ai.store.factory import close_stores, open_contents

    settings = build_settings(data_dir=data_dir)

    async def check(leave: bool) -> tuple[str, list[Any]]:
        settings.ensure_dirs()
        contents = open_contents(settings)
        try:
            await contents.initialize()
            content_id = await resolve_content_id(contents, content_ref)
            registry = Assignments(contents)
            readers = await registry.others(content_id, reviewer)
            if leave or not readers:
                await registry.leave(content_id, reviewer)
            return content_id, readers
        finally:
            await close_stores(contents)

    content_id, readers = run_async(check(take_over))
    if readers and not take_over:
        if not sys.stdin.isatty():
            raise fail(f"{reviewing(readers)} on the desk (content {content_id}); nothing changed: add --take-over "
                       "to decide anyway")
        if not typer.confirm(f"{reviewing(readers)} on the desk; {step} {content_id[:8]} anyway?", default=False):
            raise fail("nothing changed (not confirmed)")
        run_async(check(True))
