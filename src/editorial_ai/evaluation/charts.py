"""Charts for the PDF report (matplotlib, Agg backend, PNG bytes)."""

from __future__ import annotations

import io
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from editorial_ai.evaluation.results import EvalResults, MetricStats, ModelSummary

PALETTE = ["#1f4e79", "#b3122e", "#2e7d32", "#ef8f00", "#6a1b9a", "#00838f", "#5d4037"]
DPI = 150
plt.rcParams.update({"font.family": "DejaVu Sans", "font.size": 9})


def _sd(stats: MetricStats) -> float:
    return math.sqrt(stats.variance) if stats.variance else 0.0


def _png(fig: plt.Figure) -> io.BytesIO:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight", facecolor="white")
    plt.close(fig)
    buffer.seek(0)
    return buffer


def overall_chart(results: EvalResults) -> io.BytesIO:
    """Mean overall score per model, with one standard deviation as the error bar."""
    summaries = [s for s in results.summaries]
    labels = [s.model for s in summaries]
    means = [s.overall.mean or 0.0 for s in summaries]
    errors = [_sd(s.overall) for s in summaries]
    fig, ax = plt.subplots(figsize=(7.0, max(1.6, 0.6 * len(labels) + 0.8)))
    colors = [PALETTE[0] if s.model in results.leaders else "#8fa9c4" for s in summaries]
    bars = ax.barh(labels, means, xerr=errors, color=colors, capsize=4, height=0.55)
    for bar, s, err in zip(bars, summaries, errors, strict=True):
        text = "no scored cells" if s.overall.mean is None else f"{s.overall.mean:.2f}"
        ax.text(min(bar.get_width() + err + 0.015, 1.02), bar.get_y() + bar.get_height() / 2, text, va="center",
                fontsize=9)
    ax.set_xlim(0, 1.1)
    ax.invert_yaxis()
    ax.set_xlabel("mean overall score (0-1, weighted by the rubric); bars: +/- 1 sd")
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def model_chart(summary: ModelSummary, criteria: list[str], color_index: int = 0) -> io.BytesIO:
    """A model's mean score per criterion (horizontal bars, +/- 1 sd)."""
    names = ["overall", *criteria]
    stats = [summary.overall, *(summary.criteria.get(c, MetricStats()) for c in criteria)]
    means = [s.mean if s.mean is not None else 0.0 for s in stats]
    errors = [_sd(s) for s in stats]
    fig, ax = plt.subplots(figsize=(7.0, 0.45 * len(names) + 1.0))
    color = PALETTE[color_index % len(PALETTE)]
    bars = ax.barh(names, means, xerr=errors, color=[color] + ["#9e9e9e" if s.mean is None else color
                                                                for s in stats[1:]],
                   alpha=0.9, capsize=3, height=0.6)
    bars[0].set_alpha(1.0)
    for bar, s, err in zip(bars, stats, errors, strict=True):
        label = "n/a" if s.mean is None else f"{s.mean:.2f}"
        ax.text(min(bar.get_width() + err + 0.015, 1.02), bar.get_y() + bar.get_height() / 2, label, va="center",
                fontsize=8)
    ax.set_xlim(0, 1.1)
    ax.invert_yaxis()
    ax.set_xlabel("mean score (0-1); bars: +/- 1 sd")
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)
