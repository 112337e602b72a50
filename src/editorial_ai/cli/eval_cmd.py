"""`editorial-ai eval`: models x keywords x runs, judged with the unified rubric -> results.json + report.pdf."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from editorial_ai.cli._common import build_settings, console, print_json, run_async

if TYPE_CHECKING:
    from editorial_ai.evaluation.cells import CellSpec
    from editorial_ai.evaluation.results import CellResult, EvalResults


def _fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _sd(variance: float | None) -> float | None:
    return None if variance is None else variance**0.5


def summary_table(results: EvalResults) -> Table:
    """Per-model means (and the standard deviation of the overall score, as the PDF report prints it).

    One column per model and one row per metric: eight metric columns cut every cell to "script..." on an
    80-column terminal, while two or three model columns fit with their full names."""
    table = Table(title=f"evaluation: {results.config.content_type}")
    table.add_column("metric", no_wrap=True)
    for s in results.summaries:
        leader = " [bold green]*[/]" if s.model in results.leaders else ""
        table.add_column(s.model + leader, justify="right", overflow="fold")
    rows: list[tuple[str, list[str]]] = [
        ("overall score", [_fmt(s.overall.mean) for s in results.summaries]),
        ("sd of overall", [_fmt(_sd(s.overall.variance)) for s in results.summaries]),
        ("pass rate", ["-" if s.pass_rate is None else f"{100 * s.pass_rate:.0f}%" for s in results.summaries]),
        ("revisions", [_fmt(s.revisions.mean, 1) for s in results.summaries]),
        ("seconds", [_fmt(s.duration_s.mean, 1) for s in results.summaries]),
        ("tokens", [_fmt(s.tokens.mean, 0) for s in results.summaries]),
        ("failed cells", [str(s.failed_cells) for s in results.summaries]),
        ("judge errors", [str(s.judge_failures) for s in results.summaries]),
    ]
    for label, values in rows:
        table.add_row(label, *values)
    return table


def _models(models: str, judge_model: str | None) -> list[str]:
    from editorial_ai.config import ConfigError
    from editorial_ai.llm.registry import parse_model_string

    model_list = [m.strip() for m in models.split(",") if m.strip()]
    if not model_list:
        raise typer.BadParameter("--models lists no model")
    try:
        for model in [*model_list, *([judge_model] if judge_model else [])]:
            parse_model_string(model)
    except ConfigError as exc:
        raise typer.BadParameter(str(exc)) from exc
    return model_list


def _cell_note(cell: CellResult | None) -> str:
    if cell is None or cell.status == "error":
        return f"[red]error: {cell.error if cell else 'no result'}[/]"
    note = f"overall {_fmt(cell.overall_score)}, revisions {cell.revisions}, {cell.duration_s:.1f} s"
    if cell.judge_error:
        note += f" [yellow](judge failed: {cell.judge_error[:120]})[/]"
    return note


def _quiet_cell_tracebacks() -> None:
    """Failures are recorded per cell and printed; keep node tracebacks out of the progress display."""
    if logging.getLogger().getEffectiveLevel() > logging.DEBUG:
        for name in ("editorial_ai.observability.node_wrapper", "editorial_ai.evaluation.harness"):
            logging.getLogger(name).setLevel(logging.CRITICAL)


def evaluate(
    models: str = typer.Option(..., "--models", help="Comma-separated provider:model list, e.g. scripted:good,local."),
    keywords: Path = typer.Option(..., "--keywords", help="File with one keyword per line ('kw | q1; q2' for briefs)."),
    runs: int = typer.Option(1, "--runs", min=1, max=20, help="Runs per model and keyword."),
    content_type: str = typer.Option("fashion_magazine", "--content-type",
                                     help="fashion_magazine (pipeline to the gate) or research_brief."),
    out: Path = typer.Option(Path("artifacts/eval"), "--out", help="Directory for results.json and report.pdf."),
    critic: bool = typer.Option(True, "--critic/--no-critic", help="Let the critic gate a revision pass."),
    judge_model: str | None = typer.Option(None, "--judge-model", help="Judge model (default: each model itself)."),
    pdf: bool = typer.Option(True, "--pdf/--no-pdf", help="Also render report.pdf."),
    as_json: bool = typer.Option(False, "--json", help="Print the results document as JSON."),
) -> None:
    """Generate, critique, revise and judge every model x keyword x run; aggregate mean and standard deviation."""
    from editorial_ai.evaluation.harness import CONTENT_TYPES, load_keywords, plan_cells, run_evaluation
    from editorial_ai.evaluation.results import EvalConfig

    model_list = _models(models, judge_model)
    if content_type not in CONTENT_TYPES:
        raise typer.BadParameter(f"--content-type must be one of {', '.join(CONTENT_TYPES)}")
    try:
        keyword_specs = load_keywords(keywords)
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(f"--keywords: {exc}") from exc
    config = EvalConfig(models=model_list, keywords=[k.keyword for k in keyword_specs], runs=runs,
                        content_type=content_type, judge_model=judge_model, critic=critic)
    settings = build_settings()
    _quiet_cell_tracebacks()

    with Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=as_json, disable=as_json) as progress:
        task = progress.add_task("evaluating", total=len(plan_cells(config, keyword_specs)))

        def on_start(spec: CellSpec) -> None:
            progress.update(task, description=f"{spec.model} | {spec.keyword.keyword} #{spec.run}")

        def on_cell(spec: CellSpec, cell: CellResult | None) -> None:
            if not as_json:
                progress.console.print(f"  {spec.model} | {spec.keyword.keyword} #{spec.run}: {_cell_note(cell)}",
                                       markup=True, highlight=False)
            progress.advance(task)

        results = run_async(run_evaluation(config, keyword_specs, settings, out, on_start=on_start,
                                           on_cell=on_cell, pdf=pdf))
    if as_json:
        print_json(results.model_dump(mode="json"))
        return
    console.print(summary_table(results))
    if results.leaders:
        console.print(f"quality leader(s): [bold]{', '.join(results.leaders)}[/]")
    console.print(f"results: {out / 'results.json'}")
    if results.report.pdf_path:
        console.print(f"report:  {results.report.pdf_path}")
    elif pdf:
        console.print(f"[yellow]report not written:[/] {results.report.error}")
