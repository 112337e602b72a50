"""JSONL run logs: append, read past corrupt lines, never raise on write."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.observability.run_log import RunLog, summarize_runs


def test_append_and_read_round_trip(tmp_path: Path) -> None:
    log = RunLog(tmp_path / "logs")
    log.append("thread-1", {"kind": "node", "node_name": "curation", "note": "Rosé"})
    log.append("thread-1", {"kind": "node", "node_name": "editorial"})
    assert [r["node_name"] for r in log.read("thread-1")] == ["curation", "editorial"]
    assert log.read("thread-1")[0]["note"] == "Rosé"
    assert log.read("other") == []


def test_a_log_folder_removed_while_running_is_made_again(tmp_path: Path) -> None:
    import shutil

    log = RunLog(tmp_path / "logs")
    log.append("t", {"node_name": "a"})
    shutil.rmtree(tmp_path / "logs")
    log.append("t", {"node_name": "b"})
    assert [r["node_name"] for r in log.read("t")] == ["b"]


def test_corrupt_lines_are_skipped(tmp_path: Path) -> None:
    log = RunLog(tmp_path)
    log.append("t", {"node_name": "a"})
    with log.path("t").open("a", encoding="utf-8") as fh:
        fh.write('{"node_name": "half\n')
        fh.write("not json at all\n\n")
    log.append("t", {"node_name": "b"})
    assert [r["node_name"] for r in log.read("t")] == ["a", "b"]


def test_write_failure_is_logged_not_raised(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the log directory should be", encoding="utf-8")
    log = RunLog(blocker / "logs")
    with caplog.at_level(logging.WARNING):
        log.append("t", {"node_name": "a"})
    assert "could not write run log" in caplog.text
    assert log.read("t") == []


def test_unserializable_values_are_stringified(tmp_path: Path) -> None:
    log = RunLog(tmp_path)
    log.append("t", {"path": tmp_path})
    assert log.read("t")[0]["path"] == str(tmp_path)


def test_thread_ids_cannot_escape_the_log_dir(tmp_path: Path) -> None:
    log = RunLog(tmp_path / "logs")
    path = log.path("../../etc/passwd")
    assert path.parent == tmp_path / "logs" and "/" not in path.name and ".." not in path.name
    assert log.path("").name == "unknown.jsonl"


def test_summarize_runs() -> None:
    records: list[dict[str, Any]] = [
        {"kind": "node", "node_name": "curation", "status": "success", "duration_ms": 10.0, "total_tokens": 30,
         "token_usage": [{"prompt_tokens": 20, "completion_tokens": 10, "model_name": "m", "purpose": "x"}]},
        {"kind": "other", "node_name": "ignored"},
        {"kind": "node", "node_name": "review", "status": "error", "duration_ms": 5.5, "total_tokens": 0,
         "error": "boom"},
    ]
    data = summarize_runs(records, "failed")
    assert [r["node_name"] for r in data["runs"]] == ["curation", "review"]
    assert data["runs"][0]["token_usage"] == [{"prompt_tokens": 20, "completion_tokens": 10, "model_name": "m"}]
    assert data["summary"] == {"node_count": 2, "total_duration_ms": 15.5, "total_tokens": 30, "status": "failed"}
