"""Aggregation maths: mean, sample variance, per-model summaries and leaders."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest

from editorial_ai.evaluation.results import (
    CellResult,
    CriterionScore,
    EvalConfig,
    EvalResults,
    RubricEntry,
    TokenCounts,
)
from editorial_ai.evaluation.stats import aggregate, describe, leaders, mean, variance


def test_mean_and_sample_variance_by_hand() -> None:
    # values 0.2, 0.4, 0.9: mean 0.5; squared deviations 0.09, 0.01, 0.16 -> 0.26 / (3 - 1) = 0.13
    assert mean([0.2, 0.4, 0.9]) == pytest.approx(0.5)
    assert variance([0.2, 0.4, 0.9]) == pytest.approx(0.13)
    # 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sum of squares 32 -> 32 / 7
    assert variance([2, 4, 4, 4, 5, 5, 7, 9]) == pytest.approx(32 / 7)


def test_degenerate_inputs() -> None:
    assert mean([]) is None and variance([]) is None
    assert variance([0.7]) == 0.0
    stats = describe([None, None])
    assert stats.n == 0 and stats.mean is None and stats.variance is None


def test_describe_skips_missing_values() -> None:
    stats = describe([1.0, None, 0.5])
    assert (stats.n, stats.mean, stats.variance, stats.min, stats.max) == (2, 0.75, 0.125, 0.5, 1.0)


def _cell(model: str, overall: float | None, *, fact: float | None = None, status: Literal["ok", "error"] = "ok",
          judge_error: str | None = None, tokens: int = 100, duration: float = 1.0, passed: bool | None = None,
          revisions: int = 0) -> CellResult:
    criteria = [] if fact is None else [CriterionScore(name="fact_accuracy", score=fact, passed=fact >= 0.5)]
    return CellResult(model=model, keyword="k", run=1, content_type="fashion_magazine", judge_model=model,
                      status=status, overall_score=overall, criteria=criteria, judge_error=judge_error,
                      generation_tokens=TokenCounts(total_tokens=tokens), duration_s=duration,
                      passed=passed if passed is not None else (None if overall is None else overall >= 0.7),
                      revisions=revisions)


def _results(cells: list[CellResult]) -> EvalResults:
    return EvalResults(config=EvalConfig(models=["a", "b", "c"], keywords=["k"], runs=2), cells=cells,
                       rubric=[RubricEntry(name="fact_accuracy", check="judge", importance="important", weight=1.0)])


def test_aggregate_per_model() -> None:
    results = aggregate(_results([
        _cell("a", 0.9, fact=0.8, tokens=100, duration=2.0, revisions=1),
        _cell("a", 0.7, fact=0.6, tokens=300, duration=4.0),
        _cell("b", 0.5, fact=0.4),
        _cell("b", None, status="error"),
        _cell("b", None, fact=None, judge_error="judge down"),
    ]))
    a, b, c = results.summaries
    assert a.overall.mean == pytest.approx(0.8) and a.overall.variance == pytest.approx(0.02)
    assert a.criteria["fact_accuracy"].mean == pytest.approx(0.7)
    assert a.tokens.mean == 200 and a.tokens.variance == pytest.approx(20000)
    assert a.duration_s.mean == 3.0 and a.revisions.mean == 0.5 and a.pass_rate == 1.0
    assert (b.cells, b.failed_cells, b.judge_failures, b.overall.n) == (3, 1, 1, 1)
    assert b.overall.variance == 0.0 and b.pass_rate == 0.0
    assert c.cells == 0 and c.overall.mean is None
    assert results.leaders == ["a"]


def test_leaders_ties_and_empty() -> None:
    results = aggregate(_results([_cell("a", 0.8), _cell("b", 0.8), _cell("c", 0.3)]))
    assert results.leaders == ["a", "b"]
    assert leaders([]) == []


def test_results_round_trip(tmp_path: Path) -> None:
    results = aggregate(_results([_cell("a", 0.9, fact=0.8)]))
    loaded = EvalResults.load(results.save(tmp_path / "r.json"))
    assert loaded == results
