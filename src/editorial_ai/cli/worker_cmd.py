"""`editorial-ai worker` (execute queued runs) and `editorial-ai runs` (every run, its live state, retry)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, err_console, print_json, run_async
from editorial_ai.cli.terminal import plain, safe

runs_app = typer.Typer(help="Every pipeline run from its first node: state, worker, retry.", no_args_is_help=True)

_DATA_DIR = typer.Option(None, "--data-dir", help=DATA_DIR_HELP)
_JSON = typer.Option(False, "--json", help="Print one JSON object.")
RUN_STATUSES = ("queued", "running", "waiting", "done", "failed")


def worker(
    concurrency: int | None = typer.Option(
        None,
        "--concurrency",
        "-c",
        min=1,
        max=256,
        help="Runs executed at once (default EDITORIAL_AI_WORKER_CONCURRENCY).",
    ),
    burst: bool = typer.Option(False, "--burst", help="Exit once the queue is empty."),
    model: str | None = typer.Option(
        None, "--model", help="Default provider:model of runs that name none (default: EDITORIAL_AI_MODEL)."
    ),
    data_dir: Path | None = _DATA_DIR,
) -> None:
    """Execute queued runs from the Redis task queue (needs EDITORIAL_AI_BROKER_URL or REDIS_URL)."""
    import logging

    from editorial_ai.config import ConfigError
    from editorial_ai.worker.process import run_worker
    from editorial_ai.worker.queue import BrokerUnavailableError

    settings = build_settings(model, data_dir)
    slots = concurrency or settings.worker_concurrency
    logging.getLogger("editorial_ai.worker").setLevel(logging.INFO)
    logging.getLogger("arq").setLevel(logging.INFO)
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    console.print(f"worker: {slots} concurrent run(s), model {settings.model}")
    try:
        done = run_async(run_worker(settings, concurrency=slots, burst=burst))
    except (ConfigError, BrokerUnavailableError) as exc:
        err_console.print(f"[bold red]error:[/] {safe(exc)}")
        raise typer.Exit(code=2) from None
    console.print(f"worker stopped after {done} work item(s)")


def _age(row: dict[str, Any]) -> str:
    seconds = float(row["now"]) - float(row["created_at"])
    if seconds < 120:
        return f"{seconds:.0f}s"
    return f"{seconds / 60:.0f}m" if seconds < 7200 else f"{seconds / 3600:.0f}h"


@runs_app.command("list")
def list_runs(
    status: str | None = typer.Option(None, "--status", help=f"One of {', '.join(RUN_STATUSES)}."),
    limit: int = typer.Option(20, min=1, max=200),
    offset: int = typer.Option(0, min=0),
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Runs, newest first: status, the node running now, the worker holding it, attempts and errors."""
    from rich.table import Table

    from editorial_ai.models.status import RunState
    from editorial_ai.store.factory import open_run_store

    if status is not None and status not in RUN_STATUSES:
        raise typer.BadParameter(
            f"unknown run status {status!r}; choose one of {', '.join(RUN_STATUSES)}", param_hint="--status"
        )
    settings = build_settings(data_dir=data_dir)

    async def go() -> tuple[list[dict[str, Any]], int]:
        store = await open_run_store(settings)
        try:
            return await store.list(status, limit, offset)
        finally:
            await store.close()

    rows, total = run_async(go())
    if as_json:
        print_json({"total": total, "items": rows})
        return
    table = Table(title=f"runs ({total})")
    for column in ("thread", "status", "node", "keyword", "worker", "tries", "age", "error"):
        table.add_column(column, overflow="fold", min_width=len("human_decision") if column == "node" else None)
    for row in rows:
        waiting = row["status"] == RunState.WAITING
        table.add_row(
            row["thread_id"],
            # The run registry's "waiting" is the desk's pending/escalated: say for whom, and where it stopped.
            "waiting for editor" if waiting else row["status"],
            row.get("current_node") or ("human_decision" if waiting else "-"),
            plain(row.get("keyword") or ""),
            (row.get("lease_owner") or "").split(":")[0],
            str(row["attempts"]),
            _age(row),
            plain((row.get("error") or "")[:80]),
        )
    console.print(table)


@runs_app.command("retry")
def retry(thread_id: str = typer.Argument(...), data_dir: Path | None = _DATA_DIR, as_json: bool = _JSON) -> None:
    """Run a failed or stuck run again from its last checkpoint (queued for a worker when a broker is set,
    else executed here)."""
    from editorial_ai.cli.run_service import cli_runs
    from editorial_ai.pipeline.runner import NotFoundError
    from editorial_ai.worker.queue import BrokerUnavailableError
    from editorial_ai.worker.service import RetryRefused

    settings = build_settings(data_dir=data_dir)

    async def go() -> dict[str, Any]:
        async with cli_runs(settings) as runs:
            started = time.perf_counter()
            try:
                row = await runs.service.retry(thread_id)
            except (RetryRefused, NotFoundError, BrokerUnavailableError) as exc:
                return {"refused": str(exc)}
            await runs.drain()  # embedded: this process is the worker
            row = await runs.service.store.get(thread_id) or row
            return {**row, "seconds": round(time.perf_counter() - started, 2)}

    row = run_async(go())
    if "refused" in row:
        err_console.print(f"[bold red]error:[/] {safe(row['refused'])}")
        raise typer.Exit(code=1)
    if as_json:
        print_json(row)
        return
    console.print(f"run {safe(thread_id)}: {row['status']}" + (f" ({safe(row['error'])})" if row.get("error") else ""))
