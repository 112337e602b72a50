"""Handled failures print one clear `error:` line and no traceback (real processes, real stderr)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CLI = [sys.executable, "-m", "editorial_ai.cli.main"]


def _cli(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("EDITORIAL_AI_") and k != "ADMIN_API_KEY"}
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env={**clean, "EDITORIAL_AI_DATA_DIR": str(tmp_path / "data"), "COLUMNS": "80", **env})


@pytest.mark.parametrize(("variable", "value", "expected"), [
    ("EDITORIAL_AI_MAX_REVISIONS", "0", "a value between 1 and 10"),
    ("EDITORIAL_AI_TOKEN_BUDGET", "5", "at least 100"),
])
def test_a_bad_setting_is_one_line_naming_the_variable_and_range(tmp_path: Path, variable: str, value: str,
                                                                 expected: str) -> None:
    result = _cli(["contents", "list"], tmp_path, **{variable: value})
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert variable in lines[0] and expected in lines[0] and lines[0].startswith("error:")
    assert "Traceback" not in result.stderr and "pydantic" not in result.stderr


def test_a_secret_setting_is_never_echoed(tmp_path: Path) -> None:
    result = _cli(["contents", "list"], tmp_path, ADMIN_API_KEY="sekrit")
    assert result.returncode == 2 and "ADMIN_API_KEY" in result.stderr and "sekrit" not in result.stderr


@pytest.mark.parametrize("args", [["status", "no-such-thread"], ["approve", "no-such-content"],
                                  ["run", "x" * 10_000], ["run", "Jennie\nEffect"],
                                  ["run", "k", "--model", "scripted:/etc/passwd"]])
def test_handled_failures_print_no_traceback(tmp_path: Path, args: list[str]) -> None:
    result = _cli(args, tmp_path, EDITORIAL_AI_MODEL="scripted:happy")
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    assert result.stderr.strip(), "the failure is explained"
