"""`editorial-ai calibrate`: how well the reviewer agrees with humans (labels file or stored decisions)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.table import Table

from editorial_ai.cli._common import build_settings, console, print_json, run_async

if TYPE_CHECKING:
    from editorial_ai.evaluation.calibrate_run import CalibrationReport


def _f(value: Any, digits: int = 2) -> str:
    return "-" if value is None else (f"{value:.{digits}f}" if isinstance(value, float) else str(value))


def _metrics_row(label: str, m: dict[str, Any], skipped: int | None = None) -> list[str]:
    return [label, str(m["n"]), _f(m["accuracy"]), _f(m["precision"]), _f(m["recall"]), _f(m["kappa"]),
            f"{m['tp']}/{m['fp']}/{m['fn']}/{m['tn']}", "-" if skipped is None else str(skipped)]


def print_report(report: CalibrationReport) -> None:
    """Per content type: per-criterion agreement, overall agreement and the best weighted threshold."""
    for section in report.types:
        table = Table(title=f"{section.content_type}: {section.records} records (positive class = fail)")
        for col in ("criterion", "n", "accuracy", "precision", "recall", "kappa", "tp/fp/fn/tn", "skipped"):
            table.add_column(col)
        for c in section.criteria:
            table.add_row(*_metrics_row(c.criterion, c.metrics, c.skipped))
        table.add_row(*_metrics_row("[bold]overall verdict[/]", section.overall))
        console.print(table)
        search = section.threshold
        if search.best is not None:
            now = search.current
            console.print(
                f"weighted_threshold: best [bold]{search.best.threshold:.3f}[/] (accuracy {_f(search.best.accuracy)}, "
                f"kappa {_f(search.best.kappa)}); current {_f(search.current_threshold)} "
                f"(accuracy {_f(now.accuracy if now else None)}, kappa {_f(now.kappa if now else None)})")
    for error in report.errors:
        console.print(f"[yellow]note:[/] {error}")
    if not report.types:
        console.print("[yellow]no record could be compared[/]")


def calibrate(
    labels: Path | None = typer.Option(None, "--labels", help="JSONL of human-labelled drafts."),
    from_decisions: bool = typer.Option(False, "--from-decisions",
                                        help="Compare stored judge verdicts with the admins' decisions instead."),
    content_type: str | None = typer.Option(None, "--content-type", help="Only this content type (and the type "
                                                                         "of records that give none)."),
    model: str | None = typer.Option(None, "--model", envvar="EDITORIAL_AI_MODEL", help="Judge model."),
    no_judge: bool = typer.Option(False, "--no-judge", help="Deterministic checks only (judge criteria skipped)."),
    data_dir: Path | None = typer.Option(None, "--data-dir", envvar="EDITORIAL_AI_DATA_DIR"),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Accuracy, precision/recall, Cohen's kappa and confusion per criterion, plus the best weighted threshold."""
    from editorial_ai.evaluation.calibrate_run import calibrate_labels
    from editorial_ai.evaluation.clients import fresh_client
    from editorial_ai.evaluation.decisions import calibrate_decisions
    from editorial_ai.review.rubric import available_rubrics
    from editorial_ai.store.factory import open_stores

    if (labels is None) == (not from_decisions):
        raise typer.BadParameter("give exactly one of --labels FILE or --from-decisions")
    if labels is not None and not labels.is_file():
        raise typer.BadParameter(f"labels file {labels} does not exist")
    if content_type and content_type not in available_rubrics():
        known = ", ".join(available_rubrics())
        raise typer.BadParameter(f"unknown content type {content_type!r}; choose one of {known}")
    settings = build_settings(model, data_dir)

    async def go() -> CalibrationReport:
        catalog, contents = await open_stores(settings)
        if from_decisions:
            return await calibrate_decisions(contents, content_type=content_type)
        assert labels is not None
        judge = None if no_judge else fresh_client(settings.model, settings)
        return await calibrate_labels(labels, judge, content_type=content_type,
                                      known_entities=await catalog.known_entities())

    report = run_async(go())
    if as_json:
        print_json(report.model_dump(mode="json"))
        return
    print_report(report)
