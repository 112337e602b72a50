"""Racing approvals from several OS processes: exactly one wins, publishes once and records one event.

    python scripts/reliability/decision_race.py [--trials 20] [--processes 4] [--per-process 25]
                                                [--backend sqlite --backend postgres]

Each trial parks a fresh scripted run at the human gate, then every worker process fires `--per-process`
concurrent approvals of it at the same moment (the parent releases them together). Afterwards the durable state
is audited: approvals that succeeded, publish node runs (run log), decision events, and whether the thread's
status matches the content's. Prints one line per trial, the totals, and a final `RESULT {json}` line.
Exit status 1 when any trial broke an invariant.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from typing import Any

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))

from _support import Backend, audit, available_backends, emit, isolated_backend, park_runs, python

WORKER_TIMEOUT_S = 120.0


async def _worker(per_process: int) -> None:
    """Worker mode: open the pipeline once, then for every `go CONTENT_ID` line race `per_process` approvals."""
    from editorial_ai.models.decisions import AdminDecision
    from editorial_ai.pipeline.runner import ConflictError, open_pipeline

    async with open_pipeline() as pipeline:
        print("ready", flush=True)
        loop = asyncio.get_running_loop()
        while line := (await loop.run_in_executor(None, sys.stdin.readline)).strip():
            content_id = line.split()[1]

            async def approve(index: int, content_id: str = content_id) -> str:
                try:
                    outcome = await pipeline.decide(content_id, AdminDecision(decision="approved",
                                                                              reviewer=f"racer-{index}"))
                except ConflictError:
                    return "conflict"
                except Exception as exc:  # noqa: BLE001 - counted and reported, never hidden
                    return f"error: {type(exc).__name__}: {exc}"
                return f"won:{outcome.state.get('pipeline_status')}"

            results = await asyncio.gather(*(approve(i) for i in range(per_process)))
            print(json.dumps({"won": sum(r.startswith("won") for r in results),
                              "conflicts": results.count("conflict"),
                              "errors": [r for r in results if r.startswith("error")][:3],
                              "winner_status": [r[4:] for r in results if r.startswith("won")]}), flush=True)


def _spawn(backend: Backend, processes: int, per_process: int) -> list[subprocess.Popen[str]]:
    workers = [subprocess.Popen([python(), __file__, "--worker", "--per-process", str(per_process)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=backend.process_env())
               for _ in range(processes)]
    for worker in workers:
        assert worker.stdout is not None
        if worker.stdout.readline().strip() != "ready":
            raise RuntimeError(f"a race worker failed to start (exit {worker.poll()})")
    return workers


def _read_reply(worker: subprocess.Popen[str], deadline: float) -> dict[str, Any] | None:
    """The worker's JSON reply, or None when it died or hung past the deadline."""
    assert worker.stdout is not None
    import selectors

    with selectors.DefaultSelector() as sel:
        sel.register(worker.stdout, selectors.EVENT_READ)
        if not sel.select(timeout=max(0.0, deadline - time.monotonic())):
            return None
    line = worker.stdout.readline()
    return json.loads(line) if line.strip() else None


async def run_backend(name: str, trials: int, processes: int, per_process: int) -> dict[str, int]:
    """All trials on one backend; totals of every failure kind."""
    totals = {"trials": 0, "failed_trials": 0, "double_publishes": 0, "lost_events": 0, "duplicate_events": 0,
              "inconsistent_threads": 0, "crashes": 0, "hangs": 0}
    with isolated_backend(name) as backend:
        parked = await park_runs(backend, trials)
        workers = _spawn(backend, processes, per_process)
        try:
            for trial, (content_id, thread_id) in enumerate(parked, 1):
                started = time.monotonic()
                for worker in workers:
                    assert worker.stdin is not None
                    worker.stdin.write(f"go {content_id}\n")
                    worker.stdin.flush()
                replies = [_read_reply(w, started + WORKER_TIMEOUT_S) for w in workers]
                seconds = time.monotonic() - started
                state = await audit(backend, content_id, thread_id)
                hung = sum(r is None for r in replies)
                got = [r for r in replies if r is not None]
                won = sum(r["won"] for r in got)
                errors = [e for r in got for e in r["errors"]]
                problems = {
                    "double_publishes": int(won > 1 or state.publish_runs > 1),
                    "lost_events": int(state.events.count("approved") == 0),
                    "duplicate_events": int(len(state.events) > 1),
                    "inconsistent_threads": int(not state.consistent() or state.status != "published"),
                    "crashes": len(errors), "hangs": hung,
                }
                for key, value in problems.items():
                    totals[key] += value
                totals["trials"] += 1
                totals["failed_trials"] += int(any(problems.values()))
                print(f"  {name} trial {trial:2d}: {won} won, {sum(r['conflicts'] for r in got)} conflicts, "
                      f"{len(errors)} errors, publish runs {state.publish_runs}, events {state.events}, content "
                      f"{state.status}, thread {state.pipeline_status} ({seconds:.1f} s)"
                      + (f" ERRORS {errors[:2]}" if errors else ""), flush=True)
        finally:
            for worker in workers:
                if worker.stdin:
                    worker.stdin.close()
            for worker in workers:
                try:
                    worker.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    worker.kill()
                    totals["hangs"] += 1
                if worker.returncode not in (0, None):
                    totals["crashes"] += 1
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--per-process", type=int, default=25)
    parser.add_argument("--backend", action="append", choices=["sqlite", "postgres"])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        asyncio.run(_worker(args.per_process))
        return 0
    backends, notes = available_backends(args.backend or ["sqlite", "postgres"])
    for note in notes:
        print(note)
    results: dict[str, Any] = {"check": "decision_race", "skipped": notes}
    for name in backends:
        print(f"{name}: {args.trials} trials, {args.processes} processes x {args.per_process} approvals", flush=True)
        results[name] = asyncio.run(run_backend(name, args.trials, args.processes, args.per_process))
        print(f"{name}: {json.dumps(results[name])}", flush=True)
    emit(results)
    failed = sum(r["failed_trials"] for k, r in results.items() if k in backends)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
