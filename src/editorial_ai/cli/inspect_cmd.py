"""`status`, `contents list|show`, `logs`: read-only views."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from editorial_ai.cli._common import build_settings, console, print_json, run_async
from editorial_ai.cli.render import print_outcome, review_table

_DATA_DIR = typer.Option(None, "--data-dir", envvar="EDITORIAL_AI_DATA_DIR")
_JSON = typer.Option(False, "--json", help="Print one JSON object.")
contents_app = typer.Typer(help="Browse stored contents.", no_args_is_help=True)


def status(thread_id: str = typer.Argument(...), data_dir: Path | None = _DATA_DIR, as_json: bool = _JSON) -> None:
    """Show where a pipeline run stands."""
    from editorial_ai.pipeline.runner import open_pipeline

    async def go() -> dict[str, Any]:
        async with open_pipeline(build_settings(data_dir=data_dir)) as pipeline:
            return (await pipeline.outcome(thread_id)).summary()

    summary = run_async(go())
    print_json(summary) if as_json else print_outcome(summary)


def resume(thread_id: str = typer.Argument(...), data_dir: Path | None = _DATA_DIR, as_json: bool = _JSON) -> None:
    """Continue a run that was cut off between nodes (crash, shutdown) from its last checkpoint."""
    from editorial_ai.pipeline.runner import open_pipeline

    async def go() -> dict[str, Any]:
        async with open_pipeline(build_settings(data_dir=data_dir)) as pipeline:
            return (await pipeline.resume(thread_id)).summary()

    summary = run_async(go())
    print_json(summary) if as_json else print_outcome(summary)


@contents_app.command("list")
def list_contents(
    status_filter: str | None = typer.Option(None, "--status", help="pending, escalated, published..."),
    limit: int = typer.Option(20, min=1, max=200),
    offset: int = typer.Option(0, min=0),
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """List contents, newest first."""
    from editorial_ai.pipeline.runner import open_pipeline

    async def go() -> tuple[list[dict[str, Any]], int]:
        async with open_pipeline(build_settings(data_dir=data_dir)) as pipeline:
            return await pipeline.deps.contents.list(status_filter, limit, offset)

    items, total = run_async(go())
    if as_json:
        print_json({"total": total, "items": [{k: v for k, v in i.items() if k != "layout_json"} for i in items]})
        return
    table = Table(title=f"contents ({total})")
    for col in ("id", "status", "title", "thread", "updated"):
        table.add_column(col, overflow="fold")
    for item in items:
        table.add_row(item["id"], item["status"], item["title"], item["thread_id"], item["updated_at"][:19])
    console.print(table)


@contents_app.command("show")
def show_content(
    content_id: str = typer.Argument(...), data_dir: Path | None = _DATA_DIR, as_json: bool = _JSON
) -> None:
    """Show one content with its review."""
    from editorial_ai.pipeline.runner import NotFoundError, open_pipeline

    async def go() -> dict[str, Any]:
        async with open_pipeline(build_settings(data_dir=data_dir)) as pipeline:
            item = await pipeline.deps.contents.get(content_id)
            if item is None:
                raise NotFoundError(f"no content with id {content_id!r}; see `editorial-ai contents list`")
            item["events"] = await pipeline.deps.contents.events(content_id)
            return item

    item = run_async(go())
    if as_json:
        print_json(item)
        return
    console.print(f"[bold]{item['title']}[/]  ({item['status']})  thread {item['thread_id']}")
    if item.get("published_path"):
        console.print(f"published: {item['published_path']}")
    console.print(review_table(item["review_json"]))
    for event in item["events"]:
        console.print(f"[dim]{event['created_at'][:19]}[/] {event['decision']} by {event['reviewer']}")


def logs(
    content_id: str = typer.Argument(..., help="Content id or thread id."),
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Per-node durations and tokens of a run."""
    from editorial_ai.pipeline.runner import open_pipeline

    async def go() -> dict[str, Any]:
        async with open_pipeline(build_settings(data_dir=data_dir)) as pipeline:
            item = await pipeline.deps.contents.get(content_id)
            thread_id = item["thread_id"] if item else content_id
            state = (await pipeline.outcome(thread_id)).state
            return {
                "content_id": item["id"] if item else state.get("current_draft_id"),
                **pipeline.logs(thread_id, str(state.get("pipeline_status"))),
            }

    data = run_async(go())
    if as_json:
        print_json(data)
        return
    table = Table(title=f"logs for {data['content_id']}")
    for col in ("node", "status", "ms", "tokens", "models"):
        table.add_column(col)
    for r in data["runs"]:
        models = ", ".join(sorted({u["model_name"] for u in r["token_usage"] if u.get("model_name")}))
        table.add_row(r["node_name"], r["status"], f"{r['duration_ms']:.0f}", str(r["total_tokens"]), models)
    console.print(table)
    console.print(data["summary"])
