"""Framework overhead of a pipeline run, and concurrent runs in one process, with a model of fixed latency.

Every model call answers from the `happy` scripted scenario after exactly `delay_s` of waiting (an asyncio sleep,
as a remote model would take). The model's share of a run is the union of those nominal intervals, so calls that
overlap (curation's topics) count once; everything else on the wall clock - graph steps, checkpoints, catalog
queries, review, parsing, logs, and the time the event loop needed to notice a finished call - is overhead.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.llm.base import LLMClient, LLMRequest, LLMResult
from editorial_ai.llm.retry import RetryingClient
from editorial_ai.llm.scripted import ScriptedClient, load_scenario
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.observability.tokens import current_thread_id

SCENARIO = "happy"
KEYWORD = "Jennie Effect"
DEFAULT_DELAY_S = 0.100
APPROVE = AdminDecision(decision="approved", reviewer="bench")


@dataclass
class CallLog:
    """Nominal model intervals and node spans, per run (thread id)."""

    delay_s: float
    calls: dict[str, list[tuple[float, float]]] = field(default_factory=lambda: defaultdict(list))
    nodes: dict[str, list[tuple[str, float, float]]] = field(default_factory=lambda: defaultdict(list))
    _open: dict[tuple[str, str], float] = field(default_factory=dict)

    def progress(self, node: str, event: str, payload: dict[str, Any]) -> None:
        """Progress hook: remember when each node started and finished."""
        thread_id = str(payload.get("thread_id") or "")
        now = time.perf_counter()
        if event == "node_enter":
            self._open[(thread_id, node)] = now
        elif event == "node_complete" and (thread_id, node) in self._open:
            self.nodes[thread_id].append((node, self._open.pop((thread_id, node)), now))


class FixedLatencyClient:
    """A scripted answer after exactly `delay_s`; the call's nominal interval is logged for its run."""

    def __init__(self, inner: ScriptedClient, log: CallLog, thread_id: str) -> None:
        self.inner = inner
        self.name = inner.name
        self.log = log
        self.thread_id = thread_id

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        """Wait like a remote model would, then answer from the scenario."""
        started = time.perf_counter()
        self.log.calls[self.thread_id].append((started, started + self.log.delay_s))
        await asyncio.sleep(self.log.delay_s)
        return await self.inner.generate(request)


def union_seconds(
    intervals: list[tuple[float, float]], start: float = float("-inf"), end: float = float("inf")
) -> float:
    """Length of the union of `intervals`, clipped to [start, end]."""
    total, reach = 0.0, start
    for lo, hi in sorted(intervals):
        lo, hi = max(lo, reach), min(hi, end)
        if hi > lo:
            total += hi - lo
            reach = hi
    return total


def client_factory(settings: Settings, log: CallLog) -> Callable[[str], LLMClient]:
    """One fixed-latency scripted client per run, wrapped in the production retry and token accounting."""
    responses = load_scenario(SCENARIO, settings.scenario_dir)
    clients: dict[str, LLMClient] = {}

    def factory(model: str) -> LLMClient:
        thread_id = current_thread_id.get() or "unknown"
        if thread_id not in clients:
            scripted = ScriptedClient(responses, name=f"scripted:{SCENARIO}")
            clients[thread_id] = RetryingClient(FixedLatencyClient(scripted, log, thread_id))
        return clients[thread_id]

    return factory


@dataclass
class RunFigures:
    """One run: wall and model seconds to the human gate and through publishing, per node."""

    gate_wall: float
    gate_model: float
    total_wall: float
    total_model: float
    calls: int
    cpu_s: float
    per_node: dict[str, tuple[float, float]]  # node -> (wall seconds, model seconds), summed over visits

    @property
    def gate_overhead(self) -> float:
        """Overhead to the gate as a fraction of model time."""
        return (self.gate_wall - self.gate_model) / self.gate_model

    @property
    def total_overhead(self) -> float:
        """Overhead through publishing as a fraction of model time."""
        return (self.total_wall - self.total_model) / self.total_model


async def _one_run(pipeline: Any, log: CallLog) -> tuple[str, float, float, float]:
    """Start a run, approve it at the gate; (thread id, start, gate, end) on the perf counter."""
    started = time.perf_counter()
    outcome = await pipeline.start({"seed_keyword": KEYWORD, "model": f"scripted:{SCENARIO}"})
    gate = time.perf_counter()
    content_id = outcome.state.get("current_draft_id")
    if not outcome.waiting_for_human or not content_id:
        raise RuntimeError(f"benchmark run did not reach the human gate: {outcome.state.get('error_log')}")
    final = await pipeline.decide(str(content_id), APPROVE)
    if final.state.get("pipeline_status") != "published":
        raise RuntimeError(f"benchmark run was not published: {final.state.get('pipeline_status')}")
    return outcome.thread_id, started, gate, time.perf_counter()


def _figures(log: CallLog, thread_id: str, started: float, gate: float, end: float, cpu_s: float) -> RunFigures:
    calls = log.calls[thread_id]
    per_node: dict[str, tuple[float, float]] = {}
    for node, lo, hi in log.nodes[thread_id]:
        wall, model = per_node.get(node, (0.0, 0.0))
        per_node[node] = (wall + hi - lo, model + union_seconds(calls, lo, hi))
    return RunFigures(
        gate - started,
        union_seconds(calls, started, gate),
        end - started,
        union_seconds(calls, started, end),
        len(calls),
        cpu_s,
        per_node,
    )


def bench_settings(base: Settings, data_dir: Path) -> Settings:
    """`base` writing into `data_dir` (a fresh folder: the benchmark adds nothing to the user's contents)."""
    return base.model_copy(
        update={
            "data_dir": data_dir,
            "db_path": None,
            "checkpoint_path": None,
            "log_dir": None,
            "publish_dir": None,
            "model": f"scripted:{SCENARIO}",
        }
    )


async def measure_overhead(base: Settings, *, runs: int = 5, delay_s: float = DEFAULT_DELAY_S) -> list[RunFigures]:
    """`runs` sequential runs after one warm-up run (imports, graph compile, database creation are not counted)."""
    from editorial_ai.pipeline.runner import open_pipeline

    log = CallLog(delay_s)
    with tempfile.TemporaryDirectory(prefix="bench-overhead-") as tmp:
        settings = bench_settings(base, Path(tmp))
        async with open_pipeline(settings, progress=log.progress, llm_factory=client_factory(settings, log)) as pipe:
            await _one_run(pipe, log)
            results = []
            for _ in range(runs):
                cpu = time.process_time()
                thread_id, started, gate, end = await _one_run(pipe, log)
                results.append(_figures(log, thread_id, started, gate, end, time.process_time() - cpu))
    return results


@dataclass
class ConcurrencyFigures:
    """N runs started together in one process, against one run measured in the same invocation."""

    runs: int
    wall_s: float
    single_s: float
    cpu_s: float

    @property
    def ratio(self) -> float:
        """Wall time of the N concurrent runs relative to one run's."""
        return self.wall_s / self.single_s


async def measure_concurrency(
    base: Settings, counts: tuple[int, ...] = (50, 100), delay_s: float = DEFAULT_DELAY_S
) -> list[ConcurrencyFigures]:
    """Wall time of 1 run and of each N concurrent full runs (start -> gate -> approve -> publish)."""
    from editorial_ai.pipeline.runner import open_pipeline

    log = CallLog(delay_s)
    with tempfile.TemporaryDirectory(prefix="bench-concurrency-") as tmp:
        settings = bench_settings(base, Path(tmp))
        async with open_pipeline(settings, progress=log.progress, llm_factory=client_factory(settings, log)) as pipe:
            await _one_run(pipe, log)  # warm-up

            async def one() -> float:
                _, started, _, end = await _one_run(pipe, log)
                return end - started

            return await time_concurrency(one, counts)


async def time_concurrency(one: Callable[[], Awaitable[float]], counts: tuple[int, ...]) -> list[ConcurrencyFigures]:
    """Each N runs started together against one run (the median of three, one after the other); `one` runs once
    and returns its wall seconds."""
    single = sorted([await one() for _ in range(3)])[1]
    results = []
    for n in counts:
        cpu, started = time.process_time(), time.perf_counter()
        await asyncio.gather(*(one() for _ in range(n)))
        results.append(ConcurrencyFigures(n, time.perf_counter() - started, single, time.process_time() - cpu))
    return results


def load_average() -> str:
    """The 1-minute load average and the CPU count, for the figures' context."""
    try:
        one, five, _ = os.getloadavg()
    except OSError:  # pragma: no cover - not available on every platform
        return "load average unknown"
    return f"load {one:.2f} (5 min {five:.2f}) on {os.cpu_count()} CPUs"
