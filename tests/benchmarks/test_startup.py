"""bench startup: each command runs as a new process and is timed; the import table is read right."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from editorial_ai.benchmarks.startup import parse_importtime, run_startup_bench
from editorial_ai.cli.main import app

IMPORTTIME = """\
import time: self [us] | cumulative | imported package
import time:       120 |        120 |   _io
import time:      1500 |      55000 | typer._adapters
import time:       300 |       9000 |     typer._click.core
import time:      2000 |      53000 | editorial_ai.cli._common
some other line
"""


def test_only_top_level_imports_are_ranked_by_cumulative_time() -> None:
    assert parse_importtime(IMPORTTIME) == [("typer._adapters", 0.055), ("editorial_ai.cli._common", 0.053)]
    assert parse_importtime("") == []


def test_every_command_runs_as_its_own_process_and_is_timed() -> None:
    figures, imports = run_startup_bench(runs=1)
    assert [f.label for f in figures] == ["python -c pass (floor)", "editorial-ai --help", "editorial-ai contents list"]
    assert all(f.wall_s > 0 and f.cpu_s > 0 and f.runs == 1 for f in figures)
    # The package costs more than the bare interpreter: the floor really is the floor.
    assert figures[0].cpu_s < figures[2].cpu_s
    assert imports and all(seconds > 0 for _, seconds in imports)
    assert any(name.startswith(("typer", "editorial_ai")) for name, _ in imports)


def test_the_command_prints_both_figures_against_the_target() -> None:
    result = CliRunner().invoke(app, ["bench", "startup", "--runs", "1"])
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1]
    assert re.search(r"--help \d+\.\d\ds, contents list \d+\.\d\ds \(target <= 0\.3s each\): (met|not met)", last)
