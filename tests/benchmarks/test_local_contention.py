"""The contention benchmark's burners: separate programs (own session) or children sharing this session."""

from __future__ import annotations

import multiprocessing
import os
import time

import pytest

from editorial_ai.benchmarks.local_contention import ContentionFigures, _burn


@pytest.mark.parametrize("own_session", [True, False])
def test_burner_runs_in_the_session_asked_for_and_stops_when_terminated(own_session: bool) -> None:
    context = multiprocessing.get_context("spawn")
    proc = context.Process(target=_burn, args=(os.getpid(), own_session), daemon=True)
    proc.start()
    try:
        assert proc.pid is not None
        deadline = time.monotonic() + 30
        expected = proc.pid if own_session else os.getsid(0)
        while os.getsid(proc.pid) != expected and time.monotonic() < deadline:
            time.sleep(0.05)  # setsid() runs once the spawned interpreter has started
        assert os.getsid(proc.pid) == expected
        assert proc.is_alive()
    finally:
        proc.terminate()
        proc.join(timeout=10)
    assert not proc.is_alive()


def test_ratios_compare_each_contended_time_with_the_calm_one() -> None:
    figures = ContentionFigures(1, calm_s=2.0, busy_s=3.0, calm_load="", busy_load="", shared_s=7.0)
    assert figures.ratio == pytest.approx(1.5)
    assert figures.shared_ratio == pytest.approx(3.5)
