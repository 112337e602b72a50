"""`python -m editorial_ai.migrations`: upgrade the configured database ahead of time, or only check it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from editorial_ai.migrations import HEAD
from editorial_ai.migrations.__main__ import main
from editorial_ai.migrations.runner import upgrade_sqlite


def _revision(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[0] for row in conn.execute("SELECT version_num FROM alembic_version")]


def test_check_reports_a_database_behind_and_upgrade_brings_it_to_head(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(tmp_path))
    db = tmp_path / "editorial.db"
    upgrade_sqlite(db, "0001_baseline")
    assert main(["--check"]) == 1
    assert f"at 0001_baseline; newest is {HEAD}" in capsys.readouterr().out
    assert _revision(db) == ["0001_baseline"]  # --check changes nothing
    assert main([]) == 0
    assert f"upgraded from 0001_baseline to {HEAD}" in capsys.readouterr().out
    assert _revision(db) == [HEAD]
    assert main(["--check"]) == 0


def test_a_missing_file_is_created_at_head(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(tmp_path / "new"))
    assert main(["--check"]) == 1
    assert not (tmp_path / "new" / "editorial.db").exists()
    assert main([]) == 0
    assert _revision(tmp_path / "new" / "editorial.db") == [HEAD]


def test_a_database_from_a_newer_release_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(tmp_path))
    upgrade_sqlite(tmp_path / "editorial.db")
    with sqlite3.connect(tmp_path / "editorial.db") as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099_later'")
    assert main([]) == 2
    assert "newer release" in capsys.readouterr().err
