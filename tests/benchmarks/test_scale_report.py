"""`bench scale`'s summary: the queue's own cost counts the Redis job once (inside enqueue->start)."""

from __future__ import annotations

import re

from editorial_ai.benchmarks.scale_report import Batch, Probe, ScaleReport, summary_lines


def _single(pickup_ms: float) -> Batch:
    return Batch(1, 1, wall_s=1.0, enqueue_ms=[9.0], pickup_ms=[pickup_ms], lease_ms=[5.0], failed=0,
                 heartbeats=[3], cpu_s_per_run=0.1)  # fmt: skip


def test_queue_cost_adds_the_durable_row_pickup_lease_and_notes_but_not_the_job_twice() -> None:
    report = ScaleReport(100, Probe(row_ms=4.0, job_ms=1.5, acquire_ms=1.0, note_ms=0.5, release_ms=0.8))
    report.batches = [_single(6.0), Batch(1, 10, 5.0, [9.0], [50.0], [9.0], 0, [3] * 10, 0.2)]
    line = summary_lines(report)[-1]
    # 4.0 row + 6.0 enqueue->start (which holds the 1.5 ms job) + 1.0 + 3 x 0.5 + 0.8
    assert re.search(r"= \[bold\]13\.3 ms\[/\] \(target <= 20 ms\)$", line), line
    assert "of which the Redis job and wake-up 1.5" in line


def test_the_ratio_is_the_largest_batch_on_the_most_workers_against_one_run_there() -> None:
    report = ScaleReport(100)
    report.batches = [_single(6.0), Batch(1, 10, 4.0, [9.0], [50.0], [9.0], 0, [3] * 10, 0.2)]
    assert "10 runs on 1 workers: 4.00x one run's wall time" in summary_lines(report)[1]
