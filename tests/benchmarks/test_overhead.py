"""bench overhead / concurrency: the figures add up (speed targets are checked by the commands, not here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from editorial_ai.benchmarks.overhead import measure_concurrency, measure_overhead, union_seconds
from editorial_ai.cli.main import app
from editorial_ai.config import Settings


def test_union_counts_overlapping_calls_once() -> None:
    assert union_seconds([(0.0, 1.0), (0.5, 1.5), (3.0, 4.0)]) == pytest.approx(2.5)
    assert union_seconds([(0.0, 1.0), (0.5, 1.5)], start=0.25, end=1.25) == pytest.approx(1.0)
    assert union_seconds([]) == 0.0


async def test_overhead_figures_add_up(settings: Settings) -> None:
    delay = 0.01
    (run,) = await measure_overhead(settings, runs=1, delay_s=delay)
    assert run.calls >= 6
    # Sequential calls count whole; curation's concurrent topics overlap, so the model time is at most calls x delay.
    assert (run.calls - 2) * delay <= run.total_model <= run.calls * delay + 1e-9
    assert run.gate_wall > run.gate_model and run.total_wall >= run.gate_wall and run.cpu_s > 0
    assert {"curation", "source", "editorial", "review", "admin_gate", "publish"} <= set(run.per_node)
    wall, model = run.per_node["editorial"]
    assert model > 0 and wall >= model
    assert run.per_node["source"][1] == 0  # no model call in the source step


async def test_concurrent_runs_all_publish(settings: Settings) -> None:
    (figures,) = await measure_concurrency(settings, (3,), delay_s=0.005)
    assert figures.runs == 3 and figures.wall_s > 0 and figures.single_s > 0 and figures.ratio > 0


def test_cli_prints_the_overhead_last_and_per_node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(tmp_path / "untouched"))
    result = CliRunner().invoke(app, ["bench", "overhead", "--runs", "1", "--delay-ms", "5"])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert re.search(r"start -> human gate: wall [\d.]+s, model [\d.]+s, overhead -?[\d.]+%", flat)
    assert re.search(r"\(target <= 2%; framework floor -?[\d.]+%\)$", flat)  # the figure that matters is last
    assert "framework floor (the run's 9 steps" in flat
    assert "editorial" in flat and "review" in flat and "publish" in flat
    assert not (tmp_path / "untouched").exists()  # runs are stored in a temporary folder
