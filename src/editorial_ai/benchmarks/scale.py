"""`bench scale`: N concurrent runs on W worker processes over Redis and PostgreSQL, with a 100 ms model.

Each configuration starts W real `editorial-ai worker` processes (concurrency ceil(max N / W), so no run waits for
a free slot), warms them up, then for each N enqueues N runs exactly as the API does (run registry row + arq job)
and waits until all of them stop at the human gate. Wall time runs from the first enqueue to the last execution's
end (database clock). Figures printed side by side, measured in one invocation:

* wall time of N runs relative to one run's on the same workers (the median of SINGLE_RUNS runs made one at a
  time), and throughput in runs per minute;
* the queue's own cost per run: the registry row's durable commit (measured here), enqueue -> start in the worker
  (`pickup`: from just before the Redis job is written to the job function's start, so it holds the job's write
  and wake-up message), and the lease (acquire + release) and heartbeat statements (both measured in the worker
  and stored in the execution log).

Everything lives in a throw-away PostgreSQL schema and a Redis database the benchmark empties before and after.
"""

from __future__ import annotations

import asyncio
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import yaml

from editorial_ai.benchmarks.scale_report import (
    PROBE_CYCLES,
    SINGLE_RUNS,
    Batch,
    Probe,
    ScaleReport,
    report_table,
    summary_lines,
)
from editorial_ai.config import ConfigError, Settings
from editorial_ai.llm.scripted import load_scenario
from editorial_ai.store.factory import open_run_store
from editorial_ai.store.runs import RunStore
from editorial_ai.worker.queue import WORKER_KEY_PREFIX, ArqQueue

SCENARIO = "bench_scale"
KEYWORD = "Jennie Effect"
STOPPED = ("waiting", "done", "failed")
PROBE_QUEUE = "editorial_ai:bench-probe"


async def probe_queue(store: RunStore, queue: ArqQueue, cycles: int = PROBE_CYCLES) -> Probe:
    """What a run's own queue statements cost without a pipeline competing for the event loop: registry row +
    Redis job (to a probe queue no worker reads), lease acquisition, one node note, release."""
    pool = await queue.pool()
    figures: dict[str, list[float]] = {"row": [], "job": [], "acquire": [], "note": [], "release": []}
    for _ in range(cycles):
        thread_id = f"probe-{uuid.uuid4()}"
        begin = time.perf_counter()
        seq = await store.enqueue(thread_id, "probe", keyword=KEYWORD)
        figures["row"].append((time.perf_counter() - begin) * 1000)
        begin = time.perf_counter()
        await pool.enqueue_job(
            "advance_run", thread_id, time.time(), _job_id=f"run:{thread_id}:{seq}", _queue_name=PROBE_QUEUE
        )
        await pool.publish(PROBE_QUEUE, b"1")  # as ArqQueue.enqueue wakes the workers (nobody listens here)
        figures["job"].append((time.perf_counter() - begin) * 1000)
        begin = time.perf_counter()
        lease = await store.acquire(thread_id, "bench-probe", 30)
        figures["acquire"].append((time.perf_counter() - begin) * 1000)
        if lease is None:
            raise RuntimeError(f"probe thread {thread_id} could not be leased")
        begin = time.perf_counter()
        await store.heartbeat(lease, "curation", node_only=True)
        figures["note"].append((time.perf_counter() - begin) * 1000)
        begin = time.perf_counter()
        await store.release(lease, "done", outcome="done")
        figures["release"].append((time.perf_counter() - begin) * 1000)
    await pool.delete(PROBE_QUEUE)
    median = {k: statistics.median(v) for k, v in figures.items()}
    return Probe(median["row"], median["job"], median["acquire"], median["note"], median["release"])


def _scenario_dir(latency_ms: int) -> Path:
    directory = Path(tempfile.mkdtemp(prefix="editorial_ai_bench_scale_"))
    document = {"latency_ms": latency_ms, "responses": load_scenario("happy")}
    (directory / f"{SCENARIO}.yaml").write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    return directory


def _env(base: Settings, schema: str, broker_url: str, data_dir: Path, scenario_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("EDITORIAL_AI_") and k != "REDIS_URL"}
    env.update(
        DATABASE_URL=base.database_url or "",
        EDITORIAL_AI_DB_SCHEMA=schema,
        EDITORIAL_AI_BROKER_URL=broker_url,
        EDITORIAL_AI_DATA_DIR=str(data_dir),
        EDITORIAL_AI_MODEL=f"scripted:{SCENARIO}",
        EDITORIAL_AI_SCENARIO_DIR=str(scenario_dir),
        EDITORIAL_AI_LEASE_SECONDS=str(base.lease_seconds),
    )
    return env


class _Bench:
    def __init__(self, settings: Settings, store: RunStore, queue: ArqQueue, env: dict[str, str]) -> None:
        self.settings, self.store, self.queue, self.env = settings, store, queue, env
        self.processes: list[subprocess.Popen[bytes]] = []

    async def start_workers(self, count: int, concurrency: int, log_dir: Path) -> None:
        for index in range(count):
            log = (log_dir / f"worker-{count}-{index}.log").open("ab")
            self.processes.append(
                subprocess.Popen(
                    [sys.executable, "-m", "editorial_ai.cli.main", "worker", "--concurrency", str(concurrency)],
                    env=self.env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
        deadline = time.monotonic() + 120
        while await self._live_workers() < count:
            if any(p.poll() is not None for p in self.processes) or time.monotonic() > deadline:
                raise RuntimeError(f"worker processes did not start; see the logs in {log_dir}")
            await asyncio.sleep(0.2)

    async def _live_workers(self) -> int:
        pool = await self.queue.pool()
        return len([key async for key in pool.scan_iter(match=WORKER_KEY_PREFIX + "*")])

    def worker_cpu_s(self) -> float:
        """CPU seconds (user + system) the worker processes have used so far, from /proc (0 where unreadable)."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0.0
        for process in self.processes:
            try:
                fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
        return total

    def stop_workers(self) -> None:
        for process in self.processes:
            process.send_signal(signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.processes.clear()

    async def batch(self, workers: int, runs: int) -> Batch:
        threads = [str(uuid.uuid4()) for _ in range(runs)]
        curation = {
            "seed_keyword": KEYWORD,
            "category": "fashion",
            "tone": "sophisticated",
            "style": "editorial",
            "target_celeb": None,
            "target_brand": None,
            "model": f"scripted:{SCENARIO}",
        }
        enqueue_ms: list[float] = []
        cpu_before = self.worker_cpu_s()
        started = time.time()
        for thread_id in threads:
            begin = time.perf_counter()
            seq = await self.store.enqueue(
                thread_id,
                "start",
                keyword=KEYWORD,
                content_type="fashion_magazine",
                payload={"curation_input": curation},
            )
            await self.queue.enqueue(thread_id, seq)
            enqueue_ms.append((time.perf_counter() - begin) * 1000)
        rows = await self._wait(threads)
        executions = [e for t in threads for e in await self.store.executions(t)]
        ended = max(float(e["ended_at"]) for e in executions if e["ended_at"] is not None)
        return Batch(
            workers,
            runs,
            ended - started,
            enqueue_ms,
            [float(e["pickup_ms"]) for e in executions if e["pickup_ms"] is not None],
            [float(e["overhead_ms"]) for e in executions if e["overhead_ms"] is not None],
            sum(1 for r in rows if r["status"] == "failed"),
            [int(e["heartbeats"] or 0) for e in executions],
            (self.worker_cpu_s() - cpu_before) / runs,
        )

    async def _wait(self, threads: list[str], timeout_s: float = 600) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout_s
        while True:
            rows = [await self.store.get(t) for t in threads]
            if all(r is not None and r["status"] in STOPPED for r in rows):
                return [r for r in rows if r is not None]
            if time.monotonic() > deadline:
                raise RuntimeError(f"runs did not reach the gate within {timeout_s:.0f} s")
            await asyncio.sleep(0.05)


async def run_scale_bench(
    settings: Settings, *, runs: list[int], workers: list[int], latency_ms: int, broker_url: str
) -> ScaleReport:
    """Measure every (workers, runs) pair; see the module docstring."""
    import psycopg
    from psycopg import sql

    from editorial_ai.store.factory import open_stores

    if not settings.database_url:
        raise ConfigError(
            "bench scale needs PostgreSQL: set DATABASE_URL (postgresql://user@host:5432/db); it "
            "works in a throw-away schema it drops afterwards"
        )
    schema = f"bench_scale_{uuid.uuid4().hex[:8]}"
    scenario_dir = _scenario_dir(latency_ms)
    work_dir = Path(tempfile.mkdtemp(prefix="editorial_ai_bench_scale_data_"))
    bench_settings = settings.model_copy(
        update={
            "database_schema": schema,
            "data_dir": work_dir,
            "model": f"scripted:{SCENARIO}",
            "scenario_dir": scenario_dir,
        }
    )
    queue = ArqQueue(broker_url)
    pool = await queue.pool()
    if [key async for key in pool.scan_iter(match=WORKER_KEY_PREFIX + "*")]:
        raise ConfigError(
            f"workers are connected to {broker_url}; give the benchmark a Redis database of its own "
            "(--broker-url redis://host:6379/N)"
        )
    await pool.flushdb()
    await open_stores(bench_settings)  # schema, tables, seeded catalog (workers would race on it otherwise)
    store = await open_run_store(bench_settings)
    bench = _Bench(bench_settings, store, queue, _env(bench_settings, schema, broker_url, work_dir, scenario_dir))
    report = ScaleReport(latency_ms, probe=await probe_queue(store, queue))
    try:
        for count in workers:
            await bench.start_workers(count, math.ceil(max(runs) / count), work_dir)
            try:
                await bench.batch(count, count * 2)  # warm-up: imports, caches, first connections
                singles = [await bench.batch(count, 1) for _ in range(SINGLE_RUNS)]
                report.batches.append(_median_single(singles))
                for n in sorted(set(runs) - {1}):
                    report.batches.append(await bench.batch(count, n))
            finally:
                bench.stop_workers()
    finally:
        await store.close()
        await pool.flushdb()
        await queue.close()
        with psycopg.connect(settings.database_url, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))
    return report


def _median_single(singles: list[Batch]) -> Batch:
    """One run at a time on idle workers, SINGLE_RUNS times: the median run, with every run's queue figures."""
    ordered = sorted(singles, key=lambda b: b.wall_s)
    middle = ordered[len(ordered) // 2]
    return Batch(
        middle.workers,
        1,
        middle.wall_s,
        [m for b in singles for m in b.enqueue_ms],
        [m for b in singles for m in b.pickup_ms],
        [m for b in singles for m in b.lease_ms],
        sum(b.failed for b in singles),
        [n for b in singles for n in b.heartbeats],
        statistics.median(b.cpu_s_per_run for b in singles),
    )


__all__ = ["report_table", "run_scale_bench", "summary_lines"]
