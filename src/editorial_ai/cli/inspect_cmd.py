"""`status`, `resume`, `logs`: where a run stands (`contents list|show` live in contents_cmd)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import typer

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, print_json, run_async
from editorial_ai.cli.content_ref import UnknownIdError, resolve_content_id
from editorial_ai.cli.render import print_outcome
from editorial_ai.cli.terminal import plain

_DATA_DIR = typer.Option(None, "--data-dir", help=DATA_DIR_HELP)
_JSON = typer.Option(False, "--json", help="Print one JSON object.")


def status(thread_id: str = typer.Argument(...), data_dir: Path | None = _DATA_DIR, as_json: bool = _JSON) -> None:
    """Show where a pipeline run stands."""
    from editorial_ai.pipeline.runner import open_pipeline

    async def go() -> dict[str, Any]:
        async with open_pipeline(build_settings(data_dir=data_dir)) as pipeline:
            return (await pipeline.outcome(thread_id)).summary()

    summary = run_async(go())
    print_json(summary) if as_json else print_outcome(summary)


def resume(thread_id: str = typer.Argument(...), data_dir: Path | None = _DATA_DIR, as_json: bool = _JSON) -> None:
    """Continue a run that was cut off between nodes (crash, shutdown) from its last checkpoint.

    It runs here under the run's lease, as a worker would: a run still held by a live process is left to it.
    """
    from editorial_ai.cli.run_service import cli_runs

    async def go() -> dict[str, Any]:
        async with cli_runs(build_settings(data_dir=data_dir)) as runs:
            outcome = await runs.service.continue_here(thread_id)
            await runs.drain()
            return (await runs.pipeline.outcome(outcome.thread_id)).summary()

    summary = run_async(go())
    print_json(summary) if as_json else print_outcome(summary)


def logs(
    content_id: str = typer.Argument(..., help="Content id or thread id."),
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Per-node durations and tokens of a run."""
    from editorial_ai.pipeline.runner import open_pipeline

    async def go() -> dict[str, Any]:
        async with open_pipeline(build_settings(data_dir=data_dir)) as pipeline:
            contents = pipeline.deps.contents
            item = await contents.get(content_id)
            if item is None and await contents.get_by_thread(content_id) is None:
                with contextlib.suppress(UnknownIdError):  # not a content prefix either: try it as a thread id
                    item = await contents.get(await resolve_content_id(contents, content_id))
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
    from rich.table import Table

    from editorial_ai.observability.step_names import AttemptTracker, step_name

    table = Table(title=f"logs for {data['content_id']}")
    for col in ("draft", "step", "node", "result", "ms", "tokens", "models"):
        table.add_column(col, justify="right" if col in ("ms", "tokens") else "left")
    attempts, previous = AttemptTracker(), None
    for r in data["runs"]:
        attempt = attempts.enter(r["node_name"])
        if previous is not None and attempt != previous:
            table.add_section()
        models = ", ".join(sorted({u["model_name"] for u in r["token_usage"] if u.get("model_name")}))
        outcomes = {"pass": "passed", "fail": "did not pass", "replay": "already done (replay)"}
        result = outcomes.get(r.get("outcome") or "", r["status"])
        table.add_row(
            str(attempt or "") if attempt != previous else "",
            step_name(r["node_name"], attempt),
            r["node_name"],
            result,
            f"{r['duration_ms']:.0f}",
            str(r["total_tokens"]),
            models,
        )
        previous = attempt
    console.print(table)
    console.print(plain(data["summary"]))
