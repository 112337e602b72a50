"""`reviewers add|list|remove`: named reviewers with their own keys (only scrypt hashes are stored) and roles.

Removing a reviewer ends their admin UI sessions at once: the sessions are revoked in the database here, and the
server also re-checks each session's credential on every request (api/security.py), so a server that cannot be
reached from this process stops them too.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, fail, print_json, run_async
from editorial_ai.cli.terminal import safe

if TYPE_CHECKING:
    from editorial_ai.store.reviewers import ReviewerStore

reviewers_app = typer.Typer(help="Named reviewers and their keys.", no_args_is_help=True)
_DATA_DIR = typer.Option(None, "--data-dir", help=DATA_DIR_HELP)


def _store(data_dir: Path | None) -> ReviewerStore:
    from editorial_ai.store.reviewers import reviewer_store

    return reviewer_store(build_settings(data_dir=data_dir).resolved_reviewers_file)


@reviewers_app.command("add")
def add(
    name: str = typer.Argument(..., help="The reviewer's name, as decisions will record it."),
    role: str = typer.Option("editor", "--role", help="viewer (read), editor (also decide, edit, comment) or "
                             "admin (also start and retry runs)."),
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Add a reviewer and print their new key once (it cannot be shown again: only its hash is kept)."""
    from editorial_ai.store.reviewers import ReviewerError

    store = _store(data_dir)
    try:
        reviewer, key = store.add(name, role)
    except ReviewerError as exc:
        raise fail(str(exc)) from None
    if as_json:
        print_json({"name": reviewer.name, "role": reviewer.role, "key": key, "file": str(store.path)})
        return
    console.print(f"reviewer [bold]{safe(reviewer.name)}[/] ({reviewer.role}) added to {safe(str(store.path))}")
    console.print(
        "key (shown once; give it to the reviewer, who uses it to log in to /admin/ or as "
        "`X-API-Key` / `Authorization: Bearer` on the API):"
    )
    console.print(key, highlight=False, soft_wrap=True)


@reviewers_app.command("list")
def list_reviewers(
    data_dir: Path | None = _DATA_DIR, as_json: bool = typer.Option(False, "--json", help="Print one JSON object.")
) -> None:
    """List reviewers (names, key ids and when they were added; never keys)."""
    from editorial_ai.store.reviewers import ReviewerError

    store = _store(data_dir)
    try:
        reviewers = store.list()
    except ReviewerError as exc:
        raise fail(str(exc)) from None
    if as_json:
        print_json(
            {
                "file": str(store.path),
                "reviewers": [{"name": r.name, "role": r.role, "key_id": r.key_id, "created_at": r.created_at}
                              for r in reviewers],
            }
        )
        return
    if not reviewers:
        console.print(
            f"no reviewers in {store.path}; add one with `editorial-ai reviewers add NAME` "
            "(ADMIN_API_KEY always works as the admin)"
        )
        return
    from rich.table import Table

    table = Table(title=f"reviewers ({safe(str(store.path))})")
    for col in ("name", "role", "key id", "added"):
        table.add_column(col)
    for r in reviewers:
        table.add_row(safe(r.name), r.role, r.key_id, r.created_at)
    console.print(table)


async def _end_sessions(data_dir: Path | None, name: str) -> int:
    from editorial_ai.store.sessions import open_sessions

    sessions = open_sessions(build_settings(data_dir=data_dir))
    await sessions.initialize()
    try:
        return await sessions.revoke_reviewer(name)
    finally:
        closing = getattr(sessions, "close", None)
        if closing is not None:
            result = closing()
            if result is not None:
                await result


@reviewers_app.command("remove")
def remove(name: str = typer.Argument(...), data_dir: Path | None = _DATA_DIR) -> None:
    """Remove a reviewer: their key and every admin UI session they opened stop working at once (decisions they
    took keep their name)."""
    store = _store(data_dir)
    reviewer = store.find(name)
    if reviewer is None or not store.remove(name):
        raise fail(f"no reviewer named {name!r}; see `editorial-ai reviewers list`")
    ended = run_async(_end_sessions(data_dir, reviewer.name))
    console.print(f"reviewer {safe(reviewer.name)} removed; their key no longer works and {ended} open "
                  f"session(s) ended")
