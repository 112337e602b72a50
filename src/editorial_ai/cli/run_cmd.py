"""`editorial-ai run KEYWORD`: the pipeline with a live per-node progress display."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import typer
from rich.live import Live
from rich.table import Table

from editorial_ai.cli._common import build_settings, console, print_json, run_async
from editorial_ai.cli.render import print_outcome
from editorial_ai.config import ConfigError, Settings
from editorial_ai.llm.scripted import ScenarioError
from editorial_ai.models.decisions import AdminDecision

MAX_KEYWORD_CHARS = 120


class NodeProgress:
    """Live table of node enter/complete events."""

    def __init__(self) -> None:
        self.rows: list[list[str]] = []
        self.live: Live | None = None

    def table(self) -> Table:
        table = Table(title="pipeline", expand=False)
        for col in ("node", "status", "ms", "tokens"):
            table.add_column(col)
        for row in self.rows:
            table.add_row(*row)
        return table

    def __call__(self, node: str, event: str, payload: dict[str, Any]) -> None:
        if event == "node_enter":
            self.rows.append([node, "[cyan]running[/]", "", ""])
        elif self.rows:
            style = {"success": "green", "error": "red", "interrupted": "yellow"}.get(payload["status"], "white")
            label = "waiting for human" if payload["status"] == "interrupted" else payload["status"]
            self.rows[-1] = [
                node,
                f"[{style}]{label}[/]",
                f"{payload['duration_ms']:.0f}",
                str(payload["total_tokens"]),
            ]
        if self.live is not None:
            self.live.update(self.table())


def check_run_options(settings: Settings, content_type: str) -> None:
    """Reject an unusable model or content type before any LLM call is spent."""
    from editorial_ai.llm.registry import get_client
    from editorial_ai.pipeline.graph import pipeline_content_types

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
    content_type: str = typer.Option(
        "fashion_magazine", "--content-type", envvar="EDITORIAL_AI_CONTENT_TYPE", help="Rubric / content type."
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
    """Run the pipeline for KEYWORD until it is published or waits for a human."""
    from editorial_ai.pipeline.runner import open_pipeline

    if not keyword.strip():
        raise typer.BadParameter("KEYWORD must not be empty")
    if len(keyword.strip()) > MAX_KEYWORD_CHARS:  # the API's limit too: a keyword, not a document
        raise typer.BadParameter(f"KEYWORD must be at most {MAX_KEYWORD_CHARS} characters "
                                 f"(got {len(keyword.strip())}); shorten it")
    if any(unicodedata.category(ch) == "Cc" for ch in keyword):
        raise typer.BadParameter("KEYWORD must not contain control characters (line breaks, tabs, ...)")
    settings = build_settings(model, data_dir)
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
            return summary

    if as_json:
        print_json(run_async(go()))
        return
    with Live(progress.table(), console=console, refresh_per_second=4) as live:
        progress.live = live
        summary = run_async(go())
    print_outcome(summary)
    if summary.get("published_path"):
        console.print(f"[bold green]published:[/] {summary['published_path']}")
    elif summary.get("waiting_for_human"):
        console.print(
            f"next: [bold]editorial-ai approve {summary['content_id']}[/] | reject --reason | revise --feedback"
        )


__all__ = ["run"]
