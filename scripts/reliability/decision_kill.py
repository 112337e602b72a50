"""kill -9 at each step of a decision: the event is never lost and `resume` finishes the job exactly once.

    python scripts/reliability/decision_kill.py [--backend sqlite --backend postgres]

For every (decision, kill point) a scripted run is parked at the human gate, a worker process applies the
decision and sends itself SIGKILL at that point, and then this process recovers with `Pipeline.resume` (what
`editorial-ai resume` runs), deciding again only when the kill undid the decision, and resumes once more to
check that nothing is left to run. The audit afterwards counts lost and duplicate decision events, double
publishes, and threads whose status disagrees with the content. Prints a final `RESULT {json}` line; exit
status 1 when any scenario broke an invariant.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import Backend, audit, available_backends, emit, isolated_backend, park_runs, python

# (decision, kill point, what `resume` must do afterwards)
SCENARIOS: tuple[tuple[str, str], ...] = (
    ("approved", "in_claim"),            # status changed inside the transaction, event not yet written
    ("approved", "after_claim"),         # status + event + claim committed, graph not resumed
    ("approved", "after_decision_writes"),  # the decision node's writes saved, not the checkpoint after it
    ("approved", "after_decision_node"),  # the graph consumed the decision, publish not started
    ("approved", "in_publish"),          # page being written, status not yet published
    ("approved", "after_publish_status"),  # status published, the publish node not finished
    ("rejected", "after_claim"),
    ("revision_requested", "in_claim"),
    ("revision_requested", "after_claim"),
    ("revision_requested", "in_resume"),  # the revision's new draft being written
)
WORKER_TIMEOUT_S = 180


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def _die_in_claim() -> None:
    """Inside the claim transaction: status updated, event not yet written."""
    from editorial_ai.store import contents, postgres_contents

    def die_before_event(*_args: Any, **_kwargs: Any) -> Any:
        _die()

    contents.SqliteContentRepository._insert_event = staticmethod(die_before_event)  # type: ignore[method-assign]
    postgres_contents.PostgresContentRepository._insert_event = die_before_event  # type: ignore[method-assign]


def _die_after_claim() -> None:
    from editorial_ai.pipeline import runner

    original_claim = runner.Pipeline._claim  # what `claim` and `decide` both record the decision with

    async def claim_then_die(self: Any, *args: Any, **kwargs: Any) -> Any:
        await original_claim(self, *args, **kwargs)
        _die()

    runner.Pipeline._claim = claim_then_die  # type: ignore[method-assign]


def _die_after_decision_writes() -> None:
    """The decision node's writes are saved, the checkpoint after it is not (its next step may be running)."""
    from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    from editorial_ai.store.sqlite_checkpoints import ThreadedSqliteSaver

    for saver in (AsyncSqliteSaver, ThreadedSqliteSaver, AsyncPostgresSaver):
        def wrap(original: Any) -> Any:
            async def put_then_die(self: Any, config: Any, writes: Any, task_id: str, task_path: str = "") -> None:
                await original(self, config, writes, task_id, task_path)
                if any(channel == "admin_decision" for channel, _value in writes):
                    _die()
            return put_then_die

        saver.aput_writes = wrap(saver.aput_writes)  # type: ignore[method-assign]


def _die_in_publish() -> None:
    from editorial_ai.services import publish  # the article type's publisher calls it at publish time

    def die_writing(*_args: Any, **_kwargs: Any) -> Any:
        _die()

    publish.write_published_article = die_writing  # type: ignore[assignment]


def _die_after_publish_status() -> None:
    from editorial_ai.store import contents, postgres_contents

    for cls in (contents.SqliteContentRepository, postgres_contents.PostgresContentRepository):
        def wrap(original: Any) -> Any:
            async def transition_then_die(self: Any, *args: Any, **kwargs: Any) -> bool:
                moved = await original(self, *args, **kwargs)
                if moved and kwargs.get("new_status") == "published":
                    _die()
                return bool(moved)
            return transition_then_die

        cls.transition = wrap(cls.transition)  # type: ignore[method-assign]


_PATCHES = {"in_claim": _die_in_claim, "after_claim": _die_after_claim,
            "after_decision_writes": _die_after_decision_writes, "in_publish": _die_in_publish,
            "after_publish_status": _die_after_publish_status}
# Points reached through the progress hook: (node, event) at which the worker dies.
_NODE_POINTS = {"after_decision_node": ("publish", "node_enter"), "in_resume": ("editorial", "node_enter")}


def _install(point: str) -> Any:
    """Patch the step where this worker dies; returns the progress hook for node-level points (or None)."""
    if point in _PATCHES:
        _PATCHES[point]()
        return None
    target = _NODE_POINTS[point]
    return lambda node, event, _payload: _die() if (node, event) == target else None


async def _worker(content_id: str, decision: str, point: str) -> None:
    from editorial_ai.models.decisions import AdminDecision
    from editorial_ai.pipeline.runner import open_pipeline

    hook = _install(point)
    extra = {"reason": "off brand"} if decision == "rejected" else \
        {"feedback": "lead with the airport look"} if decision == "revision_requested" else {}
    async with open_pipeline(progress=hook) as pipeline:
        await pipeline.decide(content_id, AdminDecision(decision=decision, **extra))  # type: ignore[arg-type]


async def _recover(backend: Backend, thread_id: str) -> str:
    """`resume` from this process (not the killed one): 'ok', 'conflict: ...' (nothing to finish) or 'error: ...'."""
    from editorial_ai.pipeline.runner import ConflictError, open_pipeline

    try:
        async with open_pipeline(backend.settings()) as pipeline:
            await pipeline.resume(thread_id)
    except ConflictError as exc:
        return f"conflict: {exc}"
    except Exception as exc:  # noqa: BLE001 - counted as a crash and shown
        return f"error: {type(exc).__name__}: {exc}"
    return "ok"


async def _decide(backend: Backend, content_id: str, decision: str) -> str:
    from editorial_ai.models.decisions import AdminDecision
    from editorial_ai.pipeline.runner import open_pipeline

    extra = {"feedback": "lead with the airport look"} if decision == "revision_requested" else {}
    try:
        async with open_pipeline(backend.settings()) as pipeline:
            await pipeline.decide(content_id, AdminDecision(decision=decision, **extra))  # type: ignore[arg-type]
    except Exception as exc:  # noqa: BLE001 - counted as a crash and shown
        return f"error: {type(exc).__name__}: {exc}"
    return "ok"


def _expected_events(decision: str) -> list[str]:
    return [decision] if decision != "revision_requested" else ["revision_requested", "approved"]


async def run_scenario(backend: Backend, decision: str, point: str) -> dict[str, Any]:
    """One kill and its recovery; the problems found (all zero when the invariants held)."""
    (content_id, thread_id), = await park_runs(backend, 1)
    worker = subprocess.run([python(), __file__, "--worker", content_id, decision, point], capture_output=True,
                            text=True, env=backend.process_env(), timeout=WORKER_TIMEOUT_S, check=False)
    killed = worker.returncode == -signal.SIGKILL
    steps = [f"worker exit {worker.returncode}"]
    resumed = await _recover(backend, thread_id)
    steps.append(f"resume: {resumed[:60]}")
    outcomes = [resumed]
    if point == "in_claim":  # the transaction was rolled back: nothing recorded, the decision can be made again
        outcomes.append(await _decide(backend, content_id, decision))
        steps.append(f"{decision} again: {outcomes[-1]}")
    if decision == "revision_requested":  # the revised draft is back at the gate: approve it to finish
        outcomes.append(await _decide(backend, content_id, "approved"))
        steps.append(f"approve: {outcomes[-1]}")
    second = await _recover(backend, thread_id)  # must find nothing left to do
    steps.append(f"second resume: {second[:60]}")
    state = await audit(backend, content_id, thread_id)
    expected = _expected_events(decision)
    problems = {
        "lost_events": sum(max(0, expected.count(d) - state.events.count(d)) for d in set(expected)),
        "duplicate_events": max(0, len(state.events) - len(expected)),
        "double_publishes": int(state.publish_runs > 1),
        "inconsistent_threads": int(not state.consistent()),
        "kill_not_reached": int(not killed),
        "crashes": sum(o.startswith("error") for o in outcomes) + int(not second.startswith("conflict")),
    }
    print(f"  {backend.name} {decision:18s} kill {point:20s}: events {state.events}, publish runs "
          f"{state.publish_runs}, content {state.status}, thread {state.pipeline_status}; {'; '.join(steps)}"
          + ("" if not any(problems.values()) else f"  PROBLEMS {problems} {worker.stderr[-400:]}"), flush=True)
    return problems


async def run_backend(name: str) -> dict[str, int]:
    totals = {"scenarios": 0, "failed_scenarios": 0, "lost_events": 0, "duplicate_events": 0, "double_publishes": 0,
              "inconsistent_threads": 0, "kill_not_reached": 0, "crashes": 0}
    with isolated_backend(name) as backend:
        for decision, point in SCENARIOS:
            problems = await run_scenario(backend, decision, point)
            totals["scenarios"] += 1
            totals["failed_scenarios"] += int(any(problems.values()))
            for key, value in problems.items():
                totals[key] += value
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", action="append", choices=["sqlite", "postgres"])
    parser.add_argument("--worker", nargs=3, metavar=("CONTENT_ID", "DECISION", "POINT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        asyncio.run(_worker(*args.worker))
        return 0
    backends, notes = available_backends(args.backend or ["sqlite", "postgres"])
    for note in notes:
        print(note)
    results: dict[str, Any] = {"check": "decision_kill", "skipped": notes}
    for name in backends:
        print(f"{name}: {len(SCENARIOS)} kill scenarios", flush=True)
        results[name] = asyncio.run(run_backend(name))
        print(f"{name}: {json.dumps(results[name])}", flush=True)
    emit(results)
    return 1 if any(results[name]["failed_scenarios"] for name in backends) else 0


if __name__ == "__main__":
    sys.exit(main())
