"""CLI start-up: wall and CPU time of `editorial-ai --help` and `editorial-ai contents list` as new processes.

Each command runs as its own process, exactly as a user types it, against a fresh data folder (so `contents list`
reads an empty, already created database: the first, untimed run creates it). A bare `python -c pass` is timed
beside them as the interpreter's own floor, and one more run under `python -X importtime` names the imports that
cost the most.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

TARGET_S = 0.3
MODULE_ENTRY = ["-m", "editorial_ai.cli.main"]


@dataclass
class StartupFigures:
    """One command's medians over the measured runs."""

    label: str
    wall_s: float
    cpu_s: float
    runs: int


def entry_command() -> list[str]:
    """The installed `editorial-ai` script next to this interpreter, else `python -m editorial_ai.cli.main`."""
    script = Path(sys.executable).with_name("editorial-ai")
    if script.exists():
        return [str(script)]
    found = shutil.which("editorial-ai")
    return [found] if found else [sys.executable, *MODULE_ENTRY]


def _clean_env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("EDITORIAL_AI_")}
    env["EDITORIAL_AI_DATA_DIR"] = str(data_dir)
    return env


def _timed(command: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child) of one run; a failing command raises with its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-500:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(command: list[str], label: str, env: dict[str, str], cwd: Path, runs: int) -> StartupFigures:
    """One untimed warm-up run (disk cache, database creation), then the median of `runs`."""
    _timed(command, env, cwd)
    samples = [_timed(command, env, cwd) for _ in range(runs)]
    return StartupFigures(label, statistics.median(w for w, _ in samples), statistics.median(c for _, c in samples),
                          runs)


def heaviest_imports(args: list[str], env: dict[str, str], cwd: Path, top: int = 6) -> list[tuple[str, float]]:
    """The top-level imports with the largest cumulative time under `python -X importtime` (name, seconds)."""
    done = subprocess.run([sys.executable, "-X", "importtime", *MODULE_ENTRY, *args], env=env, cwd=cwd,
                          capture_output=True, text=True, check=False)
    return parse_importtime(done.stderr)[:top]


def parse_importtime(stderr: str) -> list[tuple[str, float]]:
    """Top-level modules (no indentation) and their cumulative seconds, largest first."""
    rows: list[tuple[str, float]] = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.removeprefix("import time:").split("|", 2)
        if not cumulative.strip().isdigit() or name.startswith("  "):
            continue
        rows.append((name.strip(), int(cumulative) / 1e6))
    return sorted(rows, key=lambda row: -row[1])


def run_startup_bench(runs: int = 5) -> tuple[list[StartupFigures], list[tuple[str, float]]]:
    """Figures for the interpreter floor, `--help` and `contents list`, and the heaviest imports of the latter."""
    entry = entry_command()
    with tempfile.TemporaryDirectory(prefix="editorial_ai_bench_startup_") as tmp:
        folder = Path(tmp)
        env = _clean_env(folder / "data")
        contents = ["contents", "list", "--data-dir", str(folder / "data")]
        figures = [
            measure([sys.executable, "-c", "pass"], "python -c pass (floor)", env, folder, runs),
            measure([*entry, "--help"], "editorial-ai --help", env, folder, runs),
            measure([*entry, *contents], "editorial-ai contents list", env, folder, runs),
        ]
        return figures, heaviest_imports(contents, env, folder)
