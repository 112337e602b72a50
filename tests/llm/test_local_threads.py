"""How many threads the embedded model uses: the setting when given, else measured rules (no model needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from editorial_ai.config import Settings
from editorial_ai.llm import local


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    load = [0.0]
    monkeypatch.setattr(local, "physical_cores", lambda: 2)
    monkeypatch.setattr(local.os, "getloadavg", lambda: (load[0], load[0], load[0]))
    return load


def test_the_setting_wins(two_cores: list[float]) -> None:
    two_cores[0] = 9.0
    assert local.thread_count(Settings(EDITORIAL_AI_LOCAL_THREADS=2)) == 2


def test_every_core_when_calm_one_thread_when_another_process_holds_a_core(two_cores: list[float]) -> None:
    settings = Settings()
    assert settings.local_threads is None
    two_cores[0] = 0.3
    assert local.thread_count(settings) == 2
    two_cores[0] = 2.1  # our own two threads: still calm
    assert local.thread_count(settings, in_use=2) == 2
    two_cores[0] = 3.2  # one more runnable process than our threads
    assert local.thread_count(settings, in_use=2) == 1
    two_cores[0] = 2.2  # a burner beside our one thread: stay on one
    assert local.thread_count(settings, in_use=1) == 1


def test_physical_cores_read_from_cpuinfo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    info = tmp_path / "cpuinfo"
    info.write_text("".join(f"processor\t: {i}\nphysical id\t: 0\ncore id\t\t: {i // 2}\n\n" for i in range(4)))
    original = local.Path
    monkeypatch.setattr(local, "Path", lambda p: info if p == "/proc/cpuinfo" else original(p))
    assert local.physical_cores() == 2  # four hyper-threads on two cores
