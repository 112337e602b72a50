"""`bench scale`'s figures: one batch of N runs on W workers, the queue probe, the table and the two targets."""

from __future__ import annotations

import os
import statistics
from dataclasses import dataclass, field

from rich.table import Table

PROBE_CYCLES = 50
SINGLE_RUNS = 5  # one run at a time: the baseline wall time and the queue's cost on idle workers (medians)


@dataclass
class Batch:
    """N runs on W workers."""

    workers: int
    runs: int
    wall_s: float
    enqueue_ms: list[float]
    pickup_ms: list[float]
    lease_ms: list[float]
    failed: int
    heartbeats: list[int] = field(default_factory=list)
    cpu_s_per_run: float = 0.0

    @property
    def runs_per_minute(self) -> float:
        return self.runs / self.wall_s * 60


@dataclass
class Probe:
    """The queue's statements one at a time on this otherwise idle process (medians, milliseconds)."""

    row_ms: float  # the run's registry row, committed durably before the API answers
    job_ms: float  # the Redis job and the wake-up message (part of enqueue->start, not added again)
    acquire_ms: float
    note_ms: float
    release_ms: float


@dataclass
class ScaleReport:
    latency_ms: int
    probe: Probe | None = None
    batches: list[Batch] = field(default_factory=list)

    def baseline(self, workers: int) -> Batch:
        return next(b for b in self.batches if b.workers == workers and b.runs == 1)


def report_table(report: ScaleReport) -> Table:
    """One row per (workers, runs): wall time, ratio to one run, throughput and the queue's figures."""
    table = Table(title=f"scale: worker processes over Redis + PostgreSQL, model {report.latency_ms} ms per call")
    for column in (
        "workers",
        "runs",
        "wall s",
        "x 1 run",
        "runs/min",
        "enq ms",
        "start ms p50/95",
        "lease ms",
        "cpu s/run",
        "failed",
    ):
        table.add_column(column, justify="right")
    for batch in report.batches:
        base = report.baseline(batch.workers)
        pickups = sorted(batch.pickup_ms) or [0.0]
        table.add_row(
            str(batch.workers),
            str(batch.runs),
            f"{batch.wall_s:.2f}",
            f"{batch.wall_s / base.wall_s:.2f}",
            f"{batch.runs_per_minute:.0f}",
            f"{statistics.median(batch.enqueue_ms):.1f}",
            f"{statistics.median(pickups):.0f}/{pickups[int(0.95 * (len(pickups) - 1))]:.0f}",
            f"{statistics.mean(batch.lease_ms or [0.0]):.1f}",
            f"{batch.cpu_s_per_run:.2f}",
            str(batch.failed),
        )
    return table


def summary_lines(report: ScaleReport) -> list[str]:
    """The two targets in words, from figures measured in this invocation."""
    lines = [
        f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} now (other processes share "
        "these cores: ratios above 1 here are CPU-bound, see docs/scaling.md)"
    ]
    widest = max(b.workers for b in report.batches)
    largest = max((b for b in report.batches if b.workers == widest), key=lambda b: b.runs)
    ratio = largest.wall_s / report.baseline(widest).wall_s
    lines.append(
        f"{largest.runs} runs on {widest} workers: {ratio:.2f}x one run's wall time (target <= 1.5x), "
        f"{largest.runs_per_minute:.0f} runs/min"
    )
    cores = min(os.cpu_count() or 1, widest)
    floor = largest.runs * largest.cpu_s_per_run / cores / report.baseline(widest).wall_s
    lines.append(
        f"CPU bound: {largest.cpu_s_per_run:.2f} CPU s per run x {largest.runs} runs on {cores} usable cores = at "
        f"least {floor:.2f}x one run's wall time, whatever the queue does"
    )
    singles = [b for b in report.batches if b.runs == 1]
    pickup = statistics.median([m for b in singles for m in b.pickup_ms])
    in_run = statistics.median([m for b in singles for m in b.lease_ms])
    notes = statistics.mean([n for b in singles for n in b.heartbeats] or [0])
    lines.append(
        f"queue's own cost per run inside the workers (medians of {len(singles) * SINGLE_RUNS} single runs): "
        f"enqueue->start {pickup:.1f} ms, lease and {notes:.1f} node notes {in_run:.1f} ms (wall time of awaits "
        "that share the event loop with the run)"
    )
    probe = report.probe
    if probe is not None:
        total = probe.row_ms + pickup + probe.acquire_ms + notes * probe.note_ms + probe.release_ms
        lines.append(
            f"queue's own cost per run, statements alone ({PROBE_CYCLES} cycles): run row {probe.row_ms:.1f} + "
            f"enqueue->start {pickup:.1f} (of which the Redis job and wake-up {probe.job_ms:.1f}) + acquire "
            f"{probe.acquire_ms:.1f} + {notes:.1f} x note {probe.note_ms:.1f} + release {probe.release_ms:.1f} = "
            f"[bold]{total:.1f} ms[/] (target <= 20 ms)"
        )
    return lines
