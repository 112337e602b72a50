"""The evaluation matrix: models x keywords x runs -> results.json (+ report.pdf).

Every cell runs in its own throwaway data dir. A failing cell is recorded with its error and the matrix goes
on; the results JSON is rewritten after every cell, so an interrupted run keeps what it measured.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from editorial_ai.config import Settings
from editorial_ai.content_types.registry import content_type_for, evaluable_content_types
from editorial_ai.evaluation.cells import CellSpec, KeywordSpec, run_cell
from editorial_ai.evaluation.results import CellResult, EvalConfig, EvalResults, RubricEntry
from editorial_ai.evaluation.stats import aggregate
from editorial_ai.review.rubric import Rubric

log = logging.getLogger(__name__)

# The types the harness can generate and judge, as registered (content_types/); kept as a name for the CLI.
CONTENT_TYPES = tuple(evaluable_content_types())
RESULTS_FILE = "results.json"
REPORT_FILE = "report.pdf"

OnCell = Callable[[CellSpec, CellResult | None], None]


def load_keywords(path: Path) -> list[KeywordSpec]:
    """One keyword per line; `keyword | sub-question; sub-question` adds research-brief sub-questions.

    Blank lines and lines starting with `#` are ignored.
    """
    specs: list[KeywordSpec] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, questions = line.partition("|")
        subs = tuple(q.strip() for q in questions.split(";") if q.strip())
        if keyword.strip():
            specs.append(KeywordSpec(keyword.strip(), subs))
    if not specs:
        raise ValueError(f"keywords file {path} lists no keywords")
    return specs


def rubric_entries(rubric: Rubric) -> list[RubricEntry]:
    """The rubric as the results document records it."""
    return [RubricEntry(name=c.name, check=c.check, importance=c.importance, weight=c.weight,
                        description=c.description) for c in rubric.criteria]


def plan_cells(config: EvalConfig, keywords: list[KeywordSpec]) -> list[CellSpec]:
    """The matrix in execution order: model by model, keyword by keyword, run by run."""
    return [CellSpec(model=model, keyword=keyword, run=run, content_type=config.content_type,
                     judge_model=config.judge_model or model, critic=config.critic)
            for model in config.models for keyword in keywords for run in range(1, config.runs + 1)]


def failed_cell(spec: CellSpec, exc: BaseException) -> CellResult:
    """A cell whose generation failed: recorded with its error, never scored."""
    return CellResult(model=spec.model, keyword=spec.keyword.keyword, run=spec.run, content_type=spec.content_type,
                      judge_model=spec.judge_model, status="error", error=f"{type(exc).__name__}: {exc}"[:1000])


def write_pdf(results: EvalResults, path: Path) -> None:
    """Render the PDF; any failure is recorded in `results.report`, never raised."""
    try:
        from editorial_ai.evaluation.report_pdf import create_pdf_report

        create_pdf_report(results, path)
        results.report.pdf_path, results.report.error = str(path), None
    except Exception as exc:  # noqa: BLE001 - the PDF is a by-product: it must never fail the evaluation
        log.warning("PDF report failed: %s", exc)
        results.report.pdf_path, results.report.error = None, f"{type(exc).__name__}: {exc}"


async def run_evaluation(config: EvalConfig, keywords: list[KeywordSpec], settings: Settings, out_dir: Path, *,
                         on_start: Callable[[CellSpec], None] | None = None, on_cell: OnCell | None = None,
                         pdf: bool = True) -> EvalResults:
    """Run every cell, aggregate, write results.json and (unless `pdf=False`) report.pdf into `out_dir`."""
    evaluable = evaluable_content_types()
    if config.content_type not in evaluable:
        raise ValueError(f"content type {config.content_type!r} cannot be evaluated; choose one of "
                         f"{', '.join(evaluable)}")
    rubric = content_type_for(config.content_type).rubric()
    out_dir.mkdir(parents=True, exist_ok=True)
    results = EvalResults(config=config.model_copy(update={"out_dir": str(out_dir)}), rubric=rubric_entries(rubric))
    results_path = out_dir / RESULTS_FILE
    work_dir = Path(tempfile.mkdtemp(prefix="editorial-eval-"))
    try:
        for spec in plan_cells(config, keywords):
            if on_start:
                on_start(spec)
            try:
                cell = await run_cell(spec, settings, rubric, work_dir)
            except Exception as exc:  # noqa: BLE001 - one bad cell must not stop the matrix
                log.warning("cell %s failed: %s", spec.slug, exc)
                cell = failed_cell(spec, exc)
            finally:
                shutil.rmtree(work_dir / spec.slug, ignore_errors=True)
            results.cells.append(cell)
            aggregate(results).save(results_path)
            if on_cell:
                on_cell(spec, cell)
    finally:
        shutil.rmtree(work_dir, ignore_errors=True)
    aggregate(results)
    results.finished_at = datetime.now(UTC)
    if pdf:
        write_pdf(results, out_dir / REPORT_FILE)
    results.save(results_path)
    return results
