"""`contents list|show`: browse stored contents straight from the contents store (no pipeline, no langgraph)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, print_json, run_async
from editorial_ai.cli.assignment import readers_of
from editorial_ai.cli.content_ref import SHORT_ID, UnknownIdError, resolve_content_id
from editorial_ai.models.status import (
    STATUS_MEANINGS,
    ContentStatus,
    UnknownStatusError,
    parse_status,
    valid_status_names,
)

if TYPE_CHECKING:  # `contents list` starts fast: the models load with the store, when the command runs
    from editorial_ai.models.content_record import ContentRecord, DecisionEvent

_DATA_DIR = typer.Option(None, "--data-dir", help=DATA_DIR_HELP)
_JSON = typer.Option(False, "--json", help="Print one JSON object.")
contents_app = typer.Typer(help="Browse stored contents.", no_args_is_help=True)


async def open_contents_store(data_dir: Path | None) -> Any:
    """The initialized content repository the settings select."""
    from editorial_ai.store.factory import open_contents

    settings = build_settings(data_dir=data_dir)
    settings.ensure_dirs()
    contents = open_contents(settings)
    await contents.initialize()
    return contents


def _status_option(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return parse_status(value).value
    except UnknownStatusError as exc:
        raise typer.BadParameter(str(exc)) from None


@contents_app.command("list")
def list_contents(
    status_filter: str | None = typer.Option(
        None, "--status", help=f"Only this status: {', '.join(valid_status_names())}.", callback=_status_option
    ),
    limit: int = typer.Option(20, min=1, max=200),
    offset: int = typer.Option(0, min=0),
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """List contents, newest first (ids shortened: any unambiguous prefix works in other commands)."""

    async def go() -> tuple[list[ContentRecord], int]:
        contents = await open_contents_store(data_dir)
        return await contents.list(status_filter, limit, offset)

    items, total = run_async(go())
    if as_json:
        print_json({"total": total, "items": [i.model_dump(mode="json", exclude={"layout_json"}) for i in items]})
        return
    from rich.table import Table
    from rich.text import Text

    table = Table(title=f"contents ({total}{f', {status_filter}' if status_filter else ''})")
    for col in ("id", "status", "title", "keyword", "run", "updated"):
        table.add_column(col, overflow="fold", no_wrap=col in ("id", "status", "run"))
    for item in items:
        # Text cells print as written: a title like "[new] look" is not markup, and nothing is re-highlighted.
        table.add_row(*(Text(str(value)) for value in (
            item.id[:SHORT_ID],
            item.status,
            item.title,
            item.keyword,
            item.thread_id[:SHORT_ID],  # `status`, `logs` and `resume` take this prefix
            item.updated_at[:16].replace("T", " "),
        )))  # fmt: skip
    console.print(table)
    if not items and status_filter:
        console.print(f"no {status_filter} contents: {STATUS_MEANINGS[parse_status(status_filter)]}")


@contents_app.command("show")
def show_content(
    content_id: str = typer.Argument(..., help="Content id or an unambiguous prefix of it."),
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Print one content: the article as text, its review and its decisions."""

    async def go() -> tuple[ContentRecord, list[DecisionEvent], list[dict[str, Any]]]:
        contents = await open_contents_store(data_dir)
        full_id = await resolve_content_id(contents, content_id)
        item = await contents.get(full_id)
        if item is None:
            raise UnknownIdError(f"no content with id {full_id!r}; see `editorial-ai contents list`")
        # Editors who have it open on the desk, in any server process: a decision here asks first.
        readers = [r.as_dict() for r in await readers_of(contents, full_id)]
        return item, await contents.events(full_id), readers

    item, events, readers = run_async(go())
    if as_json:
        print_json({**item.model_dump(mode="json"), "events": [e.model_dump(mode="json") for e in events],
                    "in_review_by": readers})
        return
    _print_content(item, events, readers)


def _print_content(item: ContentRecord, events: list[DecisionEvent], readers: list[dict[str, Any]]) -> None:
    from rich.markup import escape
    from rich.padding import Padding

    from editorial_ai.cli.article_text import QUOTE_INDENT, content_text
    from editorial_ai.cli.render import review_table

    status = item.status
    meaning = STATUS_MEANINGS[parse_status(status)]
    # The meaning may open with the status's own word ("published: served at..."): say it once.
    meaning = meaning.removeprefix(f"{status}: ")
    review = item.review_json
    if status == ContentStatus.PENDING and review.get("passed") is False:
        # "pending: review passed" above a failed review table said two things at once: say what the review says.
        meaning = "waiting for an editor; the last review did not pass (approving it needs --confirm and a --note)"
    console.print(f"[bold]{escape(item.id)}[/]  {status}: {meaning}")
    console.print(
        f"keyword {escape(item.keyword or '-')}  type {item.content_type}  "
        f"attempt {item.attempt}  thread {item.thread_id}"
    )
    # Flags stay on the record whatever the status: a published article keeps its prose flag.
    flags = list(dict.fromkeys(str(f) for f in [*item.flags, *(review.get("flags") or [])]))
    console.print(f"flags {escape(', '.join(flags)) if flags else '-'}")
    if readers:
        who = " and ".join(f"{escape(r['name'])} (since {str(r['since'])[11:16]} UTC)" for r in readers)
        console.print(f"[bold yellow]in review by[/] {who} on the desk: a decision here asks first (--take-over)")
    if status == ContentStatus.PUBLISHED:
        console.print(
            f"public since {(item.published_at or '')[:19].replace('T', ' ')} UTC: /articles/{item.id} "
            f"(served by `editorial-ai serve`), file {item.published_path}"
        )
    else:
        console.print(f"preview: /preview/{item.id} (served by `editorial-ai serve`, needs a reviewer key)")
    console.print()
    for line in content_text(item).splitlines():
        if line.startswith(QUOTE_INDENT):  # a quote keeps its indent on every wrapped line
            console.print(Padding(escape(line.strip()), (0, 0, 0, len(QUOTE_INDENT)), expand=False), highlight=False)
        else:
            console.print(escape(line), highlight=False)
    if item.review_json:
        console.print(review_table(item.review_json))
    for event in events:
        note = event.payload.get("reason") or event.payload.get("feedback") or ""
        console.print(
            f"[dim]{event.created_at[:19]}[/] {event.decision} by {escape(event.reviewer)}"
            + (f": {escape(str(note))}" if note else "")
        )
