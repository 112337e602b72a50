"""`editorial-ai calibrate`: how well the reviewer agrees with humans (labels file or stored decisions)."""

from __future__ import annotations

from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer
from rich.table import Table

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, print_json, run_async

T = TypeVar("T")

if TYPE_CHECKING:
    from editorial_ai.evaluation.calibrate_run import CalibrationReport
    from editorial_ai.evaluation.reliability_fit import ReliabilityFit


def _f(value: Any, digits: int = 2) -> str:
    return "-" if value is None else (f"{value:.{digits}f}" if isinstance(value, float) else str(value))


def _metrics_row(label: str, m: dict[str, Any], skipped: int | None = None) -> list[str]:
    return [label, str(m["n"]), _f(m["accuracy"]), _f(m["precision"]), _f(m["recall"]), _f(m["kappa"]),
            f"{m['tp']}/{m['fp']}/{m['fn']}/{m['tn']}", "-" if skipped is None else str(skipped)]


def print_report(report: CalibrationReport) -> None:
    """Per content type: per-criterion agreement, overall agreement and the best weighted threshold."""
    for section in report.types:
        table = Table(title=f"{section.content_type}: {section.records} records (positive class = fail)")
        # Criterion names keep their width on an 80-column terminal ("hallucin..." said nothing); headers fold.
        widest = max([len("overall verdict"), *(len(c.criterion) for c in section.criteria)])
        table.add_column("criterion", no_wrap=True, min_width=widest)
        for col in ("n", "accuracy", "precision", "recall", "kappa", "tp/fp/fn/tn", "skipped"):
            table.add_column(col, overflow="fold")
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
    contradictions = report.contradictions
    console.print(f"split: {report.split}; records compared: {len(report.verdicts)}; "
                  f"seconds per record: {_f(report.seconds_per_record)}; "
                  f"verdicts whose reason contradicts their pass flag: [bold]{len(contradictions)}[/]")
    for line in contradictions[:10]:
        console.print(f"  [red]contradiction[/] {line}")
    for error in report.errors:
        console.print(f"[yellow]note:[/] {error}")
    if not report.types:
        console.print("[yellow]no record could be compared[/]")


def print_fit(fit: ReliabilityFit, backend: str, path: Path) -> None:
    """The measured judge criteria: threshold (tune), kappa (test) and whether they gate or are advisory."""
    table = Table(title=f"judge reliability on {backend} (threshold from tune, kappa on test) -> {path}")
    widest = max([len("criterion"), *(len(e.criterion) for e in fit.entries)])
    table.add_column("content type", overflow="fold")
    table.add_column("criterion", no_wrap=True, min_width=widest)
    for col in ("threshold", "kappa", "n", "status"):
        table.add_column(col, overflow="fold")
    for entry in fit.entries:
        policy = fit.table.policy(backend, entry.content_type, entry.criterion)
        table.add_row(entry.content_type, entry.criterion, f"{entry.threshold:.3f}", _f(entry.kappa), str(entry.n),
                      "[yellow]advisory[/]" if policy.advisory else "gates")
    console.print(table)
    if not fit.entries:
        console.print("[yellow]no judge criterion is labelled in both splits: nothing measured[/]")


def _with_progress(work: Coroutine[Any, Any, T], label: str, quiet: bool) -> T:
    """Run `work` with a spinner and the elapsed time on stderr (a judge on the embedded model takes minutes)."""
    if quiet:
        return run_async(work)
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from editorial_ai.cli._common import err_console

    with Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), console=err_console,
                  transient=True) as progress:
        progress.add_task(label, total=None)
        return run_async(work)


def calibrate(
    labels: Path | None = typer.Option(None, "--labels", help="JSONL of human-labelled drafts."),
    from_decisions: bool = typer.Option(False, "--from-decisions",
                                        help="Compare stored judge verdicts with the admins' decisions instead."),
    content_type: str | None = typer.Option(None, "--content-type", help="Only this content type (and the type "
                                                                         "of records that give none)."),
    model: str | None = typer.Option(None, "--model", help="Judge model (default: EDITORIAL_AI_MODEL)."),
    no_judge: bool = typer.Option(False, "--no-judge", help="Deterministic checks only (judge criteria skipped)."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help=DATA_DIR_HELP),
    split: str = typer.Option("all", "--split", help="Records of one split: tune | test | all."),
    write_reliability: bool = typer.Option(
        False, "--write-reliability", help="Choose each judge criterion's threshold on the tune split, measure its "
                                           "kappa on the test split and write both into the reliability table."),
    reliability_file: Path | None = typer.Option(
        None, "--reliability-file", help="Table to write (default: reliability.yaml in the data directory; the "
                                         "review reads the shipped review/reliability.yaml, named here to change "
                                         "it)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Accuracy, precision/recall, Cohen's kappa and confusion per criterion, plus the best weighted threshold."""
    from editorial_ai.content_types.registry import all_content_types
    from editorial_ai.evaluation.calibrate_run import calibrate_labels
    from editorial_ai.evaluation.decisions import calibrate_decisions
    from editorial_ai.llm.registry import fresh_client
    from editorial_ai.review.rubric import available_rubrics
    from editorial_ai.store.factory import close_stores, open_stores

    if (labels is None) == (not from_decisions):
        raise typer.BadParameter("give exactly one of --labels FILE or --from-decisions")
    if labels is not None and not labels.exists():
        raise typer.BadParameter(f"labels file or folder {labels} does not exist")
    if split not in ("tune", "test", "all"):
        raise typer.BadParameter(f"--split must be tune, test or all, not {split!r}")
    if write_reliability and (labels is None or no_judge or split == "test"):
        raise typer.BadParameter("--write-reliability needs --labels, a judge (drop --no-judge) and the tune split "
                                 "(--split tune): thresholds are chosen on tune and kappa is measured on test")
    rubric_names = sorted({*available_rubrics(), *(t.name for t in all_content_types())})
    if content_type and content_type not in rubric_names:
        known = ", ".join(rubric_names)
        raise typer.BadParameter(f"unknown content type {content_type!r}; choose one of {known}")
    settings = build_settings(model, data_dir)

    async def go() -> CalibrationReport:
        catalog, contents = await open_stores(settings)
        try:
            if from_decisions:
                return await calibrate_decisions(contents, content_type=content_type)
            assert labels is not None
            judge = None if no_judge else fresh_client(settings.model, settings)
            # Writing the table needs both halves: thresholds from tune, kappa from test.
            return await calibrate_labels(labels, judge, content_type=content_type,
                                          known_entities=await catalog.known_entities(),
                                          split="all" if write_reliability else split)  # type: ignore[arg-type]
        finally:
            await close_stores(catalog, contents)

    try:
        report = _with_progress(go(), f"judging {labels} with {settings.model}" if labels and not no_judge else
                                "comparing verdicts", as_json)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from exc
    if write_reliability:
        assert labels is not None
        # Never the packaged table by default: an experiment must not change every later review unasked.
        reliability_file = reliability_file or settings.data_dir / "reliability.yaml"
        reliability_file.parent.mkdir(parents=True, exist_ok=True)
        report, fit = _fit(report, settings.model, labels, reliability_file)
    if as_json:
        print_json(report.model_dump(mode="json"))
        return
    print_report(report)
    if write_reliability:
        from editorial_ai.review.reliability import SHIPPED_TABLE

        assert reliability_file is not None
        print_fit(fit, report.judge_model or settings.model, reliability_file)
        if reliability_file.resolve() != SHIPPED_TABLE.resolve():
            console.print(f"the review still reads the shipped table: to use these thresholds, pass "
                          f"--reliability-file {SHIPPED_TABLE} (and commit the change)")


def _fit(report: CalibrationReport, backend: str, labels: Path,
         path: Path | None) -> tuple[CalibrationReport, ReliabilityFit]:
    """Fit and write the reliability table; the returned report holds the re-decided test half."""
    from editorial_ai.evaluation.calibrate_run import agreement, seconds_per_record
    from editorial_ai.evaluation.reliability_fit import fit_reliability
    from editorial_ai.review.reliability import (
        SHIPPED_TABLE,
        load_reliability_file,
        write_reliability_file,
    )

    target = path or SHIPPED_TABLE
    table = load_reliability_file(target) if target.exists() else load_reliability_file(SHIPPED_TABLE)
    fit = fit_reliability(report.verdicts, backend=report.judge_model or backend, probability=report.probability_judge,
                          measured_on=f"{labels} (threshold: tune split, kappa: test split)", table=table)
    write_reliability_file(fit.table, target)
    test_report = report.model_copy(update={
        "split": "test", "verdicts": fit.test_verdicts, "types": agreement(fit.test_verdicts),
        "seconds_per_record": seconds_per_record(fit.test_verdicts)})
    return test_report, fit
