"""The evaluation matrix on scripted models: scores, failures, judge outages, aggregation, JSON, PDF status."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.evaluation import harness
from editorial_ai.evaluation.cells import KeywordSpec
from editorial_ai.evaluation.harness import load_keywords, run_evaluation
from editorial_ai.evaluation.results import EvalConfig, EvalResults

KEYWORDS = [KeywordSpec("Jennie Effect")]


async def _run(settings: Settings, tmp_path: Path, models: list[str], **config: Any) -> EvalResults:
    pdf = config.pop("pdf", False)
    runs = config.pop("runs", 1)
    cfg = EvalConfig(models=models, keywords=[k.keyword for k in KEYWORDS], runs=runs, **config)
    return await run_evaluation(cfg, KEYWORDS, settings, tmp_path / "out", pdf=pdf)


async def test_fashion_matrix_scores_failures_and_judge_outages(settings: Settings, tmp_path: Path) -> None:
    seen: list[str] = []
    cfg = EvalConfig(models=["scripted:good", "scripted:weak", "scripted:eval_broken", "scripted:eval_judge_down"],
                     keywords=["Jennie Effect"], runs=2)
    results = await run_evaluation(cfg, KEYWORDS, settings, tmp_path / "out", pdf=False,
                                   on_cell=lambda spec, cell: seen.append(f"{spec.model}#{spec.run}"))
    assert len(results.cells) == 8 and len(seen) == 8
    by_model = {s.model: s for s in results.summaries}
    good, weak = by_model["scripted:good"], by_model["scripted:weak"]
    assert good.overall.mean is not None and weak.overall.mean is not None
    # weak drafts pass the counted checks a weak writer can still meet, but never the gate
    assert good.overall.mean > 0.85 and weak.overall.mean < good.overall.mean
    assert good.overall.variance == 0.0 and good.pass_rate == 1.0 and weak.pass_rate == 0.0
    assert weak.revisions.mean is not None and weak.revisions.mean >= 1  # the critic made the writer revise
    assert results.leaders == ["scripted:good"]
    good_cell = next(c for c in results.cells if c.model == "scripted:good")
    assert [c.name for c in good_cell.criteria] == results.criterion_names()
    assert good_cell.score_of("fact_accuracy") == 1.0 and good_cell.justification  # counted: every claim sourced
    assert good_cell.generation_tokens.total_tokens > 0 and good_cell.judge_tokens.llm_calls == 1
    broken = [c for c in results.cells if c.model == "scripted:eval_broken"]
    assert all(c.status == "error" and "writer model unavailable" in (c.error or "") for c in broken)
    assert by_model["scripted:eval_broken"].failed_cells == 2 and by_model["scripted:eval_broken"].overall.n == 0
    down = [c for c in results.cells if c.model == "scripted:eval_judge_down"]
    assert all(c.status == "ok" and c.judge_error and c.overall_score is None for c in down)
    assert all(c.score_of("hallucination") == 1.0 for c in down)  # deterministic checks still recorded
    assert by_model["scripted:eval_judge_down"].judge_failures == 2
    saved = EvalResults.load(tmp_path / "out" / "results.json")
    assert saved.summaries == results.summaries and saved.finished_at is not None


async def test_research_brief_matrix(settings: Settings, tmp_path: Path) -> None:
    results = await _run(settings, tmp_path, ["scripted:good", "scripted:weak", "scripted:eval_broken"],
                         content_type="research_brief")
    good, weak, broken = results.cells
    assert results.criterion_names() == ["format", "comprehensiveness", "synthesis", "clarity", "hallucination",
                                         "faithfulness", "repetition", "originality"]
    assert good.passed and good.revisions == 1 and good.overall_score is not None and good.overall_score > 0.85
    assert not weak.passed and weak.revisions == 2 and "revision_cap_reached" in weak.flags
    assert weak.overall_score is not None and weak.overall_score < 0.65  # the counted checks it passes raise it
    assert (weak.score_of("faithfulness") or 0.0) < 1.0  # "It is popular." says what no passage does
    assert good.title == "The airport uniform: who wears it and why"
    assert broken.status == "error"


async def test_no_critic_means_a_single_pass(settings: Settings, tmp_path: Path) -> None:
    fashion = await _run(settings, tmp_path, ["scripted:weak"], critic=False)
    assert fashion.cells[0].revisions == 0 and "escalated" in fashion.cells[0].flags
    brief = await _run(settings, tmp_path, ["scripted:weak"], critic=False, content_type="research_brief")
    assert brief.cells[0].revisions == 0 and brief.cells[0].status == "ok"


async def test_separate_judge_model(settings: Settings, tmp_path: Path) -> None:
    results = await _run(settings, tmp_path, ["scripted:good"], judge_model="scripted:weak",
                         content_type="research_brief")
    cell = results.cells[0]
    # the weak judge's scores pull the composite down; the counted checks the brief passes lift it a little
    assert cell.judge_model == "scripted:weak" and cell.overall_score is not None and cell.overall_score < 0.65


async def test_pdf_failure_is_recorded_not_raised(settings: Settings, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(results: EvalResults, path: Path) -> Path:
        raise RuntimeError("disk full")

    monkeypatch.setattr("editorial_ai.evaluation.report_pdf.create_pdf_report", boom)
    results = await _run(settings, tmp_path, ["scripted:good"], pdf=True)
    assert results.report.pdf_path is None and results.report.error == "RuntimeError: disk full"
    assert EvalResults.load(tmp_path / "out" / "results.json").report.error == "RuntimeError: disk full"


async def test_pdf_is_written(settings: Settings, tmp_path: Path) -> None:
    results = await _run(settings, tmp_path, ["scripted:good", "scripted:weak"], pdf=True)
    assert results.report.error is None and Path(str(results.report.pdf_path)).read_bytes().startswith(b"%PDF")


async def test_unknown_content_type_is_rejected(settings: Settings, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot be evaluated"):
        await _run(settings, tmp_path, ["scripted:good"], content_type="lifestyle")


def test_load_keywords(tmp_path: Path) -> None:
    path = tmp_path / "kw.txt"
    path.write_text("# comment\n\nJennie Effect\nLisa airport fashion | Who? ; Which brands?\n", encoding="utf-8")
    assert load_keywords(path) == [KeywordSpec("Jennie Effect"),
                                   KeywordSpec("Lisa airport fashion", ("Who?", "Which brands?"))]
    path.write_text("# nothing\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no keywords"):
        load_keywords(path)


def test_shipped_keywords_file() -> None:
    keywords = load_keywords(Path(__file__).parents[2] / "examples" / "keywords.txt")
    assert [k.keyword for k in keywords] == ["Jennie Effect", "Lisa airport fashion"]


def test_plan_order() -> None:
    cfg = EvalConfig(models=["a:x", "b:y"], keywords=["k1", "k2"], runs=2)
    cells = harness.plan_cells(cfg, [KeywordSpec("k1"), KeywordSpec("k2")])
    assert [(c.model, c.keyword.keyword, c.run) for c in cells[:3]] == [("a:x", "k1", 1), ("a:x", "k1", 2),
                                                                         ("a:x", "k2", 1)]
    assert len(cells) == 8 and all(c.judge_model == c.model for c in cells)


def test_cells_never_use_the_configured_database(make_settings: Any, tmp_path: Path) -> None:
    from editorial_ai.evaluation.cells import CellSpec, cell_settings
    from editorial_ai.store.factory import storage_plan

    base = make_settings(DATABASE_URL="postgresql://user:pw@db.example:5432/prod", EDITORIAL_AI_MAX_REVISIONS=3)
    spec = CellSpec(model="scripted:good", keyword=KeywordSpec("Jennie Effect"), run=1,
                    content_type="fashion_magazine", judge_model="scripted:good", critic=False)
    cell = cell_settings(base, spec, tmp_path)
    plan = storage_plan(cell)
    assert (plan.catalog, plan.contents, plan.database_url) == ("sqlite", "sqlite", None)
    assert cell.resolved_db_path.is_relative_to(tmp_path) and cell.max_revisions == 1
