"""The framework's floor: a run's steps and state through LangGraph and the checkpointer, with no application code.

One real run (the `happy` scenario, as `bench overhead` runs it) is recorded: each node visit's update, read back
from the checkpointer's history, and how many model calls the node waited for one after the other, from the call
log. A chain graph over the same state schema replays it on the same SQLite checkpointer: each step waits as the
real node waited (the same number of `delay_s` sleeps) and returns the update the real node returned; the human
decision step pauses with `interrupt` and is resumed as the runner resumes it (the same `ainvoke` and `aget_state`
calls, pipeline/runner.py). What such a run costs beyond its model waits is LangGraph's step handling, the
checkpoints and the event loop: the least a run of this shape can cost on this machine with this framework,
whatever the nodes do. The overhead and concurrency targets are compared with it (docs/benchmarks.md).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from editorial_ai.benchmarks.overhead import (
    APPROVE,
    CallLog,
    ConcurrencyFigures,
    RunFigures,
    _one_run,
    bench_settings,
    client_factory,
    time_concurrency,
)
from editorial_ai.config import Settings

GATE = "human_decision"


@dataclass(frozen=True)
class ReplayStep:
    """One node visit of the recorded run."""

    node: str
    update: dict[str, Any]
    waits: int  # model calls the node waited for, one after the other
    pauses: bool = False  # the human decision: interrupt, then the update


@dataclass(frozen=True)
class Recording:
    """A real run as the floor replays it: its input, each step, and the state it ended with."""

    initial: dict[str, Any]
    steps: tuple[ReplayStep, ...]
    final: dict[str, Any]

    @property
    def model_calls(self) -> int:
        """Sequential model waits of the whole run."""
        return sum(step.waits for step in self.steps)


async def record_run(base: Settings, delay_s: float) -> Recording:
    """Run the pipeline once after a warm-up and record what each node visit wrote and waited for."""
    from editorial_ai.pipeline.runner import open_pipeline

    log = CallLog(delay_s)
    with tempfile.TemporaryDirectory(prefix="bench-floor-record-") as tmp:
        settings = bench_settings(base, Path(tmp))
        async with open_pipeline(settings, progress=log.progress, llm_factory=client_factory(settings, log)) as pipe:
            await _one_run(pipe, log)
            thread_id, *_ = await _one_run(pipe, log)
            history = [s async for s in pipe.graph.aget_state_history({"configurable": {"thread_id": thread_id}})]
    initial: dict[str, Any] = {}
    writes: list[tuple[str, dict[str, Any], bool]] = []
    for snapshot in reversed(history):  # oldest first
        for task in snapshot.tasks:
            if task.name == "__start__":
                initial = dict(task.result or {})
            elif task.result is not None:
                writes.append((task.name, dict(task.result), task.name == GATE))
    # The human decision is logged twice, paused then resumed: its step is the resumed visit.
    logged = log.nodes[thread_id]
    visits = [v for i, v in enumerate(logged) if i + 1 == len(logged) or logged[i + 1][0] != v[0]]
    recorded, logged_names = [name for name, *_ in writes], [name for name, *_ in visits]
    if recorded != logged_names:
        raise RuntimeError(f"recorded steps {recorded} do not match the node log {logged_names}")
    calls = log.calls[thread_id]
    steps = tuple(
        ReplayStep(name, update, sequential_waits([c for c in calls if lo <= c[0] <= hi]), pauses)
        for (name, update, pauses), (_, lo, hi) in zip(writes, visits, strict=True)
    )
    return Recording(initial, steps, dict(history[0].values))


def sequential_waits(calls: list[tuple[float, float]]) -> int:
    """How many waits one after the other the calls make: calls that start while another runs share its wait."""
    waits, reach = 0, float("-inf")
    for lo, hi in sorted(calls):
        if lo >= reach:
            waits += 1
        reach = max(reach, hi)
    return waits


def build_floor_graph(recording: Recording, delay_s: float) -> Any:
    """A chain of replay steps over the pipeline's state schema (uncompiled)."""
    from langgraph.graph import END, START, StateGraph
    from langgraph.types import interrupt

    from editorial_ai.pipeline.graph import graph_state

    def replay(step: ReplayStep) -> Any:
        async def node(state: dict[str, Any]) -> dict[str, Any]:
            for _ in range(step.waits):
                await asyncio.sleep(delay_s)
            if step.pauses:
                interrupt({"thread_id": state.get("thread_id"), "flags": state.get("flags", [])})
            return step.update

        return node

    graph = StateGraph(graph_state())  # the gate state joined with every registered flow's
    previous = START
    for i, step in enumerate(recording.steps):
        name = f"{i:02d}_{step.node}"
        graph.add_node(name, replay(step))
        graph.add_edge(previous, name)
        previous = name
    graph.add_edge(previous, END)
    return graph


async def _floor_run(graph: Any, recording: Recording, *, check: bool = False) -> tuple[float, float, float]:
    """One replayed run, with the runner's calls: (start, gate, end) on the perf counter.

    With `check`, the replay must stop at the human decision and end in the state the recorded run ended in
    (its thread id aside): a replay that diverged would measure some other run."""
    from langgraph.types import Command

    thread_id = str(uuid.uuid4())
    config = {"configurable": {"thread_id": thread_id}}
    started = time.perf_counter()
    await graph.ainvoke({**recording.initial, "thread_id": thread_id}, config)  # start's outcome is what it returns
    gate = time.perf_counter()
    paused = await graph.aget_state(config)  # the decision's claim reads the run
    final = await graph.ainvoke(Command(resume=APPROVE.model_dump(mode="json")), config, durability="sync")
    end = time.perf_counter()
    if check:
        if not any(GATE in name for name in paused.next):
            raise RuntimeError(f"the replay did not stop at the human decision (next: {paused.next})")
        expected = {**recording.final, "thread_id": thread_id}
        if final != expected:
            differing = sorted(k for k in expected.keys() | final.keys() if expected.get(k) != final.get(k))
            raise RuntimeError(f"the replay ended in another state than the recorded run: {differing}")
    return started, gate, end


def _model_seconds(recording: Recording, delay_s: float) -> tuple[float, float]:
    """Model seconds to the gate and in the whole run."""
    gate = next(i for i, step in enumerate(recording.steps) if step.pauses)
    before = sum(step.waits for step in recording.steps[:gate]) * delay_s
    return before, recording.model_calls * delay_s


async def measure_floor(recording: Recording, base: Settings, *, runs: int = 5,
                        delay_s: float) -> list[RunFigures]:
    """`runs` replayed runs after one warm-up, on a fresh SQLite checkpointer like the pipeline's."""
    from editorial_ai.store.factory import open_checkpointer

    gate_model, total_model = _model_seconds(recording, delay_s)
    with tempfile.TemporaryDirectory(prefix="bench-floor-") as tmp:
        async with open_checkpointer(bench_settings(base, Path(tmp))) as saver:
            graph = build_floor_graph(recording, delay_s).compile(checkpointer=saver)
            await _floor_run(graph, recording, check=True)
            results = []
            for _ in range(runs):
                cpu = time.process_time()
                started, gate, end = await _floor_run(graph, recording)
                results.append(RunFigures(gate - started, gate_model, end - started, total_model,
                                          recording.model_calls, time.process_time() - cpu, {}))
    return results


async def measure_floor_concurrency(recording: Recording, base: Settings, counts: tuple[int, ...],
                                    delay_s: float) -> list[ConcurrencyFigures]:
    """N replayed runs started together against one replayed run, as `measure_concurrency` does for real runs."""
    from editorial_ai.store.factory import open_checkpointer

    with tempfile.TemporaryDirectory(prefix="bench-floor-") as tmp:
        async with open_checkpointer(bench_settings(base, Path(tmp))) as saver:
            graph = build_floor_graph(recording, delay_s).compile(checkpointer=saver)
            await _floor_run(graph, recording, check=True)

            async def one() -> float:
                started, _, end = await _floor_run(graph, recording)
                return end - started

            return await time_concurrency(one, counts)
