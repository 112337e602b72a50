"""`editorial-ai run KEYWORD`: the pipeline with a live per-node progress display."""

from __future__ import annotations

import time
import unicodedata
from pathlib import Path
from typing import Any

import typer
from rich.live import Live
from rich.table import Table

from editorial_ai.cli._common import build_settings, console, print_json, run_async
from editorial_ai.cli.content_ref import SHORT_ID
from editorial_ai.cli.exit_codes import exit_code_for_run
from editorial_ai.cli.render import print_outcome
from editorial_ai.config import ConfigError, Settings
from editorial_ai.llm.scripted import ScenarioError
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.models.status import status_of_run
from editorial_ai.observability.step_names import AttemptTracker, step_name

MAX_KEYWORD_CHARS = 120


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
                str(row["attempt"] or "") if first else "", row["step"], row["result"], f"{seconds:.1f}s", row["tokens"]
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
    return "[green]done[/]"


def check_run_options(settings: Settings, content_type: str) -> None:
    """Reject an unusable model or content type before any LLM call is spent."""
    from editorial_ai.content_types.registry import pipeline_content_types
    from editorial_ai.llm.registry import get_client

    if content_type not in pipeline_content_types():
        raise typer.BadParameter(
            f"unknown content type {content_type!r}; choose one of {', '.join(pipeline_content_types())}",
            param_hint="--content-type",
        )
    try:
        get_client(settings.model, settings)
    except (ConfigError, ScenarioError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--model") from exc


def run(
    keyword: str = typer.Argument(..., help="Seed keyword, e.g. 'Jennie Effect'."),
    category: str = typer.Option("fashion", help="Content category."),
    tone: str = typer.Option("sophisticated", help="Writing tone."),
    style: str = typer.Option("editorial", help="Editorial style."),
    target_celeb: str | None = typer.Option(None, "--target-celeb", help="Celebrity to focus on."),
    target_brand: str | None = typer.Option(None, "--target-brand", help="Brand to focus on."),
    content_type: str | None = typer.Option(
        None, "--content-type", help="Content type (default: EDITORIAL_AI_CONTENT_TYPE from the environment or .env)."
    ),
    tenant: str | None = typer.Option(None, "--tenant", help="Tenant whose review overrides apply."),
    slo: str | None = typer.Option(None, "--slo", help="exam_item: the learning objective to cover."),
    blooms_level: str | None = typer.Option(None, "--blooms-level", help="exam_item: target Bloom's level."),
    model: str | None = typer.Option(None, "--model", envvar="EDITORIAL_AI_MODEL", help="provider:model."),
    data_dir: Path | None = typer.Option(None, "--data-dir", envvar="EDITORIAL_AI_DATA_DIR"),
    auto_approve: bool = typer.Option(
        False, "--auto-approve", help="Approve as a human would when review passed cleanly (never when flagged)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one machine-readable JSON object."),
) -> None:
    """Run the pipeline for KEYWORD until it is published or waits for a human.

    Exit status: 0 published or waiting for an editor after a passing review; 1 the run failed;
    2 bad input (nothing run); 3 escalated: the draft still failed review and waits for an editor.
    """
    from editorial_ai.pipeline.runner import open_pipeline

    if not keyword.strip():
        raise typer.BadParameter("KEYWORD must not be empty")
    if len(keyword.strip()) > MAX_KEYWORD_CHARS:  # the API's limit too: a keyword, not a document
        raise typer.BadParameter(
            f"KEYWORD must be at most {MAX_KEYWORD_CHARS} characters (got {len(keyword.strip())}); shorten it"
        )
    if any(unicodedata.category(ch) == "Cc" for ch in keyword):
        raise typer.BadParameter("KEYWORD must not contain control characters (line breaks, tabs, ...)")
    settings = build_settings(model, data_dir)
    content_type = content_type or settings.content_type  # Settings reads .env too; typer's envvar= does not
    check_run_options(settings, content_type)
    progress = NodeProgress()
    curation_input = {
        "seed_keyword": keyword.strip(),
        "category": category,
        "tone": tone,
        "style": style,
        "target_celeb": target_celeb,
        "target_brand": target_brand,
        "model": settings.model,
        **{k: v for k, v in {"tenant": tenant, "slo": slo, "blooms_level": blooms_level}.items() if v},
    }

    async def go() -> dict[str, Any]:
        async with open_pipeline(settings, progress=None if as_json else progress) as pipeline:
            outcome = await pipeline.start(curation_input, content_type=content_type)
            if auto_approve and outcome.waiting_for_human and not outcome.state.get("flags"):
                outcome = await pipeline.decide(
                    str(outcome.state["current_draft_id"]), AdminDecision(decision="approved", reviewer="auto-approve")
                )
            summary = outcome.summary()
            content = await pipeline.deps.contents.get(str(summary["content_id"])) if summary["content_id"] else None
            summary["published_path"] = (content or {}).get("published_path")
            summary["status"] = (content or {}).get("status") or status_of_run(summary.get("pipeline_status"))
            return summary

    if as_json:
        summary = run_async(go())
        print_json(summary)
    else:
        console.print(f"[bold]{keyword.strip()}[/] on {settings.model}")
        with Live(get_renderable=progress.table, console=console, refresh_per_second=4) as live:
            progress.live = live
            summary = run_async(go())
        if not console.is_terminal:
            console.line()  # a piped Live leaves its last frame without a line end
        _print_next_step(summary)
    code = exit_code_for_run(summary.get("pipeline_status"))
    if code:
        raise typer.Exit(code=int(code))


def _print_next_step(summary: dict[str, Any]) -> None:
    print_outcome(summary)
    content_id = summary.get("content_id")
    if summary.get("published_path"):
        console.print(
            f"[bold green]published:[/] /articles/{content_id} (served by `editorial-ai serve`), "
            f"file {summary['published_path']}"
        )
    elif summary.get("waiting_for_human"):
        short = str(content_id)[:SHORT_ID]
        if summary.get("status") == "escalated":
            console.print(
                "[bold yellow]escalated:[/] the draft still failed review; read it before deciding "
                f"(editorial-ai contents show {short})"
            )
        console.print(
            f"next: [bold]editorial-ai approve {short}[/] | reject {short} --reason ... | "
            f"revise {short} --feedback ...   preview: /preview/{content_id}"
        )
    elif summary.get("pipeline_status") == "failed":
        console.print("[bold red]the run failed[/] (see the log lines above); nothing was stored for review")


__all__ = ["run"]
