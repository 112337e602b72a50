"""Aggregation: mean and variance per metric per model, and the quality leader(s)."""

from __future__ import annotations

import math
from collections.abc import Iterable

from editorial_ai.evaluation.results import CellResult, EvalResults, MetricStats, ModelSummary

LEADER_TOLERANCE = 1e-9


def mean(values: list[float]) -> float | None:
    """Arithmetic mean; None for no values."""
    return math.fsum(values) / len(values) if values else None


def variance(values: list[float]) -> float | None:
    """Sample variance (n-1 denominator); 0.0 for a single value, None for none."""
    if not values:
        return None
    if len(values) == 1:
        return 0.0
    centre = math.fsum(values) / len(values)
    return math.fsum((v - centre) ** 2 for v in values) / (len(values) - 1)


def describe(values: Iterable[float | None]) -> MetricStats:
    """n, mean, variance, min and max of the values that are present."""
    present = [float(v) for v in values if v is not None]
    if not present:
        return MetricStats()
    mu, var = mean(present), variance(present)
    return MetricStats(n=len(present), mean=None if mu is None else round(mu, 6),
                       variance=None if var is None else round(var, 6), min=min(present), max=max(present))


def summarize_model(model: str, cells: list[CellResult], criteria: list[str]) -> ModelSummary:
    """Aggregate one model's cells. Quality metrics use scored cells; cost metrics use every generated cell."""
    ok = [c for c in cells if c.status == "ok"]
    scored = [c for c in ok if c.overall_score is not None]
    verdicts = [c.passed for c in ok if c.passed is not None]
    return ModelSummary(
        model=model, cells=len(cells), failed_cells=len(cells) - len(ok),
        judge_failures=sum(1 for c in ok if c.judge_error),
        pass_rate=round(sum(verdicts) / len(verdicts), 6) if verdicts else None,
        overall=describe(c.overall_score for c in scored),
        criteria={name: describe(c.score_of(name) for c in ok) for name in criteria},
        duration_s=describe(c.duration_s for c in ok),
        tokens=describe(float(c.generation_tokens.total_tokens) for c in ok),
        judge_tokens=describe(float(c.judge_tokens.total_tokens) for c in ok),
        revisions=describe(float(c.revisions) for c in ok),
    )


def leaders(summaries: list[ModelSummary]) -> list[str]:
    """The model(s) with the highest mean overall score (ties are all leaders)."""
    means = [(s.model, s.overall.mean) for s in summaries if s.overall.mean is not None]
    if not means:
        return []
    best = max(m for _, m in means if m is not None)
    return [model for model, m in means if m is not None and best - m <= LEADER_TOLERANCE]


def aggregate(results: EvalResults) -> EvalResults:
    """Fill `summaries` and `leaders` from `cells` (models in configured order)."""
    criteria = results.criterion_names()
    models = list(dict.fromkeys([*results.config.models, *(c.model for c in results.cells)]))
    results.summaries = [summarize_model(m, [c for c in results.cells if c.model == m], criteria) for m in models]
    results.leaders = leaders(results.summaries)
    return results
