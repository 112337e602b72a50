"""CLI start-up time: `editorial-ai --help` and `contents list`, wall and CPU, runs interleaved.

    python scripts/startup_time.py [--runs 15] [--compare-src /path/to/older/src]

`--compare-src` times another source tree with the same interpreter (e.g. an older commit unpacked with
`git archive <commit> src | tar -x -C /tmp/before`), so both figures come from one run on one machine.
The machine's load average is printed first: on a busy machine wall times stretch, CPU times much less.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS = (["--help"], ["contents", "list"])


def _time(argv: list[str], env: dict[str, str], cwd: str) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--compare-src", type=Path, help="another source tree to time side by side")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="startup-")
    base = {k: v for k, v in os.environ.items() if not k.startswith("EDITORIAL_AI_")}
    base["EDITORIAL_AI_DATA_DIR"] = str(Path(work) / "data")
    trees = {"this tree": base}
    if args.compare_src:
        trees = {"compared": {**base, "PYTHONPATH": str(args.compare_src.resolve())}, **trees}
    cases: dict[tuple[str, str], tuple[list[str], dict[str, str]]] = {}
    for label, env in trees.items():
        for command in COMMANDS:
            cases[(label, " ".join(command))] = ([sys.executable, "-m", "editorial_ai.cli.main", *command], env)
    cases[("bare python", "-c pass")] = ([sys.executable, "-c", "pass"], base)
    subprocess.run(cases[("this tree", "contents list")][0], env=base, cwd=work, capture_output=True, check=True)
    walls: dict[tuple[str, str], list[float]] = {key: [] for key in cases}
    cpus: dict[tuple[str, str], list[float]] = {key: [] for key in cases}
    for _ in range(args.runs):
        for key, (argv, env) in cases.items():
            wall, cpu = _time(argv, env, work)
            walls[key].append(wall)
            cpus[key].append(cpu)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; {args.runs} interleaved runs each")
    for (label, command), values in walls.items():
        cpu = cpus[(label, command)]
        print(
            f"{label:12} {command:14} wall min {min(values):.3f}s median {statistics.median(values):.3f}s | "
            f"CPU min {min(cpu):.3f}s median {statistics.median(cpu):.3f}s"
        )


if __name__ == "__main__":
    main()
