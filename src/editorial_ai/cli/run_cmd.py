"""`editorial-ai run KEYWORD`: the pipeline with a live per-node progress display."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer
from pydantic import ValidationError
from rich.live import Live
from rich.table import Table

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, print_json, run_async
from editorial_ai.cli.content_ref import SHORT_ID
from editorial_ai.cli.exit_codes import exit_code_for_run
from editorial_ai.cli.render import print_outcome
from editorial_ai.cli.terminal import plain, safe
from editorial_ai.config import Settings
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.models.status import ContentStatus, PipelineStatus, status_of_run
from editorial_ai.observability.step_names import AttemptTracker, step_name
from editorial_ai.prompts.sanitize import MAX_TONES, TONES
from editorial_ai.worker.run_request import RunRequest, RunRequestError


class NodeProgress:
    """Live table of the run's steps in words, grouped by draft, with the running step's elapsed time."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []
        self.attempts = AttemptTracker()
        self.live: Live | None = None

    def table(self) -> Table:
        table = Table(title="pipeline", expand=False)
        for col in ("draft", "step", "result", "time", "tokens"):
            table.add_column(col, justify="right" if col in ("time", "tokens") else "left")
        previous = None
        for row in self.rows:
            if previous is not None and row["attempt"] != previous:
                table.add_section()
            first = row["attempt"] != previous
            previous = row["attempt"]
            seconds = row["seconds"] if row["seconds"] is not None else time.monotonic() - row["started"]
            table.add_row(
                str(row["attempt"] or "") if first else "", plain(row["step"]), row["result"], f"{seconds:.1f}s",
                row["tokens"],
            )
        return table

    def __call__(self, node: str, event: str, payload: dict[str, Any]) -> None:
        if event == "node_enter":
            attempt = self.attempts.enter(node)
            self.rows.append(
                {
                    "attempt": attempt,
                    "step": step_name(node, attempt),
                    "result": "[cyan]running[/]",
                    "started": time.monotonic(),
                    "seconds": None,
                    "tokens": "",
                }
            )
        elif self.rows:
            self.rows[-1].update(
                result=_result_label(payload),
                seconds=payload["duration_ms"] / 1000,
                tokens=str(payload["total_tokens"] or ""),
            )
        if self.live is not None:
            self.live.refresh()


def _result_label(payload: dict[str, Any]) -> str:
    """A finished step's result as an editor reads it: a review passes or fails, other steps are done."""
    if payload["status"] == "interrupted":
        return "[yellow]waiting for an editor[/]"
    if payload["status"] == "error":
        return "[red]failed[/]"
    outcome = payload.get("outcome")
    if outcome == "pass":
        return "[green]passed[/]"
    if outcome == "fail":
        return "[red]did not pass[/]"
    if outcome == "replay":
        return "[green]already done[/] (replayed, nothing repeated)"
    return "[green]done[/]"


# RunRequest fields as the CLI names them, for error messages.
OPTION_NAMES = {"seed_keyword": "KEYWORD", "content_type": "--content-type", "model": "--model", "tenant": "--tenant",
                "slo": "--slo", "blooms_level": "--blooms-level", "category": "--category", "tone": "--tone",
                "style": "--style", "target_celeb": "--target-celeb", "target_brand": "--target-brand",
                "judge_model": "--judge-model", "max_revisions": "--max-revisions"}


def _option_problem(error: Any) -> typer.BadParameter:
    """One RunRequest validation error in the CLI's words: the option, what is wrong, the fix."""
    field = str(error["loc"][0]) if error.get("loc") else "input"
    name, given = OPTION_NAMES.get(field, field), error.get("input")
    if error["type"] == "string_too_short":
        message = f"{name} must not be empty"
    elif error["type"] == "string_too_long":
        got = f" (got {len(str(given).strip())})" if isinstance(given, str) else ""
        message = f"{name} must be at most {error['ctx']['max_length']} characters{got}; shorten it"
    else:
        message = f"{name}: {str(error['msg']).removeprefix('Value error, ')}"
    return typer.BadParameter(message)


def build_run_request(settings: Settings, **options: Any) -> RunRequest:
    """The run request of `editorial-ai run`, resolved against Settings (the API's rules, without the model
    allowlist: the operator's own --model is not limited); typer.BadParameter (exit 2) naming the option."""
    from editorial_ai.prompts.sanitize import option_fix, run_request_problem

    try:
        request = RunRequest.model_validate(options)
        refused = run_request_problem(request.model_dump())
        if refused is not None:  # tone is a choice; the other options plain words (prompts/sanitize.py)
            name = OPTION_NAMES.get(refused[0], refused[0])
            raise typer.BadParameter(f"{name} {refused[1]}; {option_fix(refused[0])}", param_hint=name)
        return request.resolved(settings, enforce_allowlist=False)
    except ValidationError as exc:
        raise _option_problem(exc.errors()[0]) from None
    except RunRequestError as exc:
        raise typer.BadParameter(f"{exc.detail}; {exc.fix}", param_hint=OPTION_NAMES.get(exc.field)) from None


def run(
    keyword: str = typer.Argument(..., help="Seed keyword, e.g. 'Jennie Effect'."),
    category: str = typer.Option("fashion", help="Content category."),
    tone: str = typer.Option("sophisticated", help=f"Writing tone: one of {', '.join(TONES)}, or up to "
                             f"{MAX_TONES} of them separated by commas."),
    style: str = typer.Option("editorial", help="Editorial style."),
    target_celeb: str | None = typer.Option(None, "--target-celeb", help="Celebrity to focus on."),
    target_brand: str | None = typer.Option(None, "--target-brand", help="Brand to focus on."),
    content_type: str | None = typer.Option(
        None, "--content-type", help="Content type (default: EDITORIAL_AI_CONTENT_TYPE from the environment or .env)."
    ),
    tenant: str | None = typer.Option(None, "--tenant", help="Tenant whose review overrides apply."),
    slo: str | None = typer.Option(None, "--slo", help="exam_item: the learning objective to cover."),
    blooms_level: str | None = typer.Option(None, "--blooms-level", help="exam_item: target Bloom's level."),
    model: str | None = typer.Option(
        None, "--model", help="provider:model (default: EDITORIAL_AI_MODEL from the environment or .env)."
    ),
    judge_model: str | None = typer.Option(
        None, "--judge-model", help="provider:model of the judge (default: --model)."
    ),
    max_revisions: int | None = typer.Option(
        None, "--max-revisions", help="Failed reviews before a human takes over (default: EDITORIAL_AI_MAX_REVISIONS)."
    ),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP),
    auto_approve: bool = typer.Option(
        False, "--auto-approve", help="Approve when the review passed cleanly (never when flagged). Nothing is "
        "published: `editorial-ai publish ID --yes` is the second step, as for an editor's approval."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one machine-readable JSON object."),
    idempotency_key: str | None = typer.Option(
        None, "--idempotency-key", help="Any unique string (a UUID): run again with the same key and the first run "
        "is reported instead of a second one started (also the API's Idempotency-Key)."
    ),
) -> None:
    """Run the pipeline for KEYWORD until it waits for a human (or, with --auto-approve, is approved; publishing
    is always a step of its own: `editorial-ai publish ID`).

    The run is registered like an API-triggered one (`editorial-ai runs list` shows it from its first node) and
    executes here under its lease; if this process dies, a worker or the next `serve` finishes it.

    Exit status: 0 published or waiting for an editor after a passing review; 1 the run failed;
    2 bad input (nothing run); 3 escalated: the draft still failed review and waits for an editor.
    """
    from editorial_ai.cli.run_service import cli_runs

    settings = build_settings(model, data_dir)
    request = build_run_request(
        settings, seed_keyword=keyword, category=category, tone=tone, style=style, target_celeb=target_celeb,
        target_brand=target_brand, content_type=content_type, tenant=tenant, slo=slo, blooms_level=blooms_level,
        model=model, judge_model=judge_model, max_revisions=max_revisions,
    )
    if idempotency_key is not None:
        from editorial_ai.worker.service import check_idempotency_key

        try:
            check_idempotency_key(idempotency_key)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--idempotency-key") from None
    progress = NodeProgress()

    async def go() -> dict[str, Any]:
        async with cli_runs(settings, None if as_json else progress) as runs:
            repeated = False
            if idempotency_key is None:
                thread_id, started = await runs.service.start(request, inline=True)
            else:
                thread_id, started, repeated = await _start_once(runs.service, request, idempotency_key)
            outcome = started or await runs.pipeline.outcome(thread_id)
            if auto_approve and not repeated and outcome.waiting_for_human and not outcome.state.get("flags"):
                from editorial_ai.pipeline import publishing

                # Approved as an editor approves: the run stays paused at the gate and nothing becomes public.
                decision = AdminDecision(decision="approved", reviewer="auto-approve")
                await publishing.approve(runs.pipeline, str(outcome.state["current_draft_id"]), decision)
            await runs.drain()
            outcome = await runs.pipeline.outcome(thread_id)
            summary = outcome.summary()
            contents = runs.pipeline.deps.contents
            content = await contents.get(str(summary["content_id"])) if summary["content_id"] else None
            summary["published_path"] = content.published_path if content else None
            summary["status"] = (content.status if content else "") or status_of_run(summary.get("pipeline_status"))
            summary["idempotent_replay"] = repeated
            return summary

    if as_json:
        summary = run_async(go())
        print_json(summary)
    else:
        console.print(f"[bold]{safe(request.seed_keyword)}[/] on {safe(request.model)}")
        with Live(get_renderable=progress.table, console=console, refresh_per_second=4) as live:
            progress.live = live
            summary = run_async(go())
        if not console.is_terminal:
            console.line()  # a piped Live leaves its last frame without a line end
        if summary.get("idempotent_replay"):
            console.print(f"[bold]already started[/] by an earlier run with this --idempotency-key: thread "
                          f"{safe(summary['thread_id'])}; nothing new was run")
        _print_next_step(summary)
    code = exit_code_for_run(summary.get("pipeline_status"))
    if code:
        raise typer.Exit(code=int(code))


async def _start_once(service: Any, request: RunRequest, key: str) -> tuple[str, Any, bool]:
    """`start_once` in the CLI's words: a key reused for another request exits 2 naming the option."""
    from editorial_ai.worker.service import IdempotencyConflict

    try:
        started: tuple[str, Any, bool] = await service.start_once(request, key, inline=True)
    except IdempotencyConflict as exc:
        raise typer.BadParameter(f"{exc}; use a new key for a different run", param_hint="--idempotency-key") \
            from None
    return started


def _print_next_step(summary: dict[str, Any]) -> None:
    print_outcome(summary)
    content_id = summary.get("content_id")
    if summary.get("published_path"):
        console.print(
            f"[bold green]published:[/] /articles/{safe(content_id)} (served by `editorial-ai serve`), "
            f"file {safe(summary['published_path'])}"
        )
    elif summary.get("status") == ContentStatus.APPROVED:
        short = str(content_id)[:SHORT_ID]
        console.print(f"[bold]approved[/] (--auto-approve): not public yet. Publish it with `editorial-ai publish "
                      f"{short} --yes`, or take it back with `editorial-ai revert {short}`.")
    elif summary.get("waiting_for_human"):
        short = str(content_id)[:SHORT_ID]
        if summary.get("status") == ContentStatus.ESCALATED:
            console.print(
                "[bold yellow]escalated:[/] the draft still failed review; read it before deciding "
                f"(editorial-ai contents show {short})"
            )
        console.print(
            f"next: [bold]editorial-ai approve {short}[/] | reject {short} --reason ... | "
            f"revise {short} --feedback ...   preview: /preview/{content_id}"
        )
    elif summary.get("pipeline_status") == PipelineStatus.FAILED:
        console.print("[bold red]the run failed[/] (see the log lines above); nothing was stored for review")


__all__ = ["run"]
