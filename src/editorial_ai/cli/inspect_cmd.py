"""`status`, `resume`, `logs`: where a run stands (`contents list|show` live in contents_cmd)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, print_json, run_async
from editorial_ai.cli.render import print_outcome
from editorial_ai.cli.terminal import plain

_DATA_DIR = typer.Option(None, "--data-dir", help=DATA_DIR_HELP)
_JSON = typer.Option(False, "--json", help="Print one JSON object.")


_RUN_ID = typer.Argument(..., help="Thread id (or the first characters `runs list` shows), or a content id or prefix.")


def status(thread_id: str = _RUN_ID, data_dir: Path | None = _DATA_DIR, as_json: bool = _JSON) -> None:
    """Show where a pipeline run stands."""
    from editorial_ai.cli.thread_ref import resolve_thread_id
    from editorial_ai.pipeline.runner import open_pipeline

    settings = build_settings(data_dir=data_dir)

    async def go() -> dict[str, Any]:
        async with open_pipeline(settings) as pipeline:
            full_id, _ = await resolve_thread_id(settings, pipeline.deps.contents, thread_id)
            return (await pipeline.outcome(full_id)).summary()

    summary = run_async(go())
    print_json(summary) if as_json else print_outcome(summary)


def resume(thread_id: str = _RUN_ID, data_dir: Path | None = _DATA_DIR, as_json: bool = _JSON) -> None:
    """Continue a run that was cut off between nodes (crash, shutdown) from its last checkpoint.

    It runs here under the run's lease, as a worker would: a run still held by a live process is left to it.
    """
    from editorial_ai.cli.run_service import cli_runs
    from editorial_ai.cli.thread_ref import resolve_thread_id

    settings = build_settings(data_dir=data_dir)

    async def go() -> dict[str, Any]:
        async with cli_runs(settings) as runs:
            full_id, _ = await resolve_thread_id(settings, runs.pipeline.deps.contents, thread_id)
            outcome = await runs.service.continue_here(full_id)
            await runs.drain()
            return (await runs.pipeline.outcome(outcome.thread_id)).summary()

    summary = run_async(go())
    print_json(summary) if as_json else print_outcome(summary)


def logs(
    content_id: str = typer.Argument(..., help="Content id or prefix, or a thread id or prefix."),
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Per-node durations and tokens of a run."""
    from editorial_ai.cli.thread_ref import resolve_thread_id
    from editorial_ai.models.status import status_of_run
    from editorial_ai.pipeline.runner import open_pipeline

    settings = build_settings(data_dir=data_dir)

    async def go() -> dict[str, Any]:
        async with open_pipeline(settings) as pipeline:
            thread_id, owner = await resolve_thread_id(settings, pipeline.deps.contents, content_id)
            state = (await pipeline.outcome(thread_id)).state
            item = await pipeline.deps.contents.get(owner) if owner else None
            # The content's status in the one vocabulary (pending, not the run's awaiting_approval).
            status = item.status if item else str(status_of_run(state.get("pipeline_status")))
            return {"content_id": owner or state.get("current_draft_id"), **pipeline.logs(thread_id, status)}

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
    summary = data["summary"]
    console.print(plain(f"{summary['node_count']} steps, {summary['total_duration_ms'] / 1000:.1f} s, "
                        f"{summary['total_tokens']} tokens; status {summary['status']}"))
