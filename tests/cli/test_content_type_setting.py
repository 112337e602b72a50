"""EDITORIAL_AI_CONTENT_TYPE set in `.env` chooses the content type of `run` (it used to be ignored there)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from editorial_ai.cli.main import app
from editorial_ai.config import get_settings
from editorial_ai.llm.registry import clear_client_cache


def test_content_type_from_dotenv_takes_the_exam_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".env").write_text(
        f"EDITORIAL_AI_CONTENT_TYPE=exam_item\nEDITORIAL_AI_DATA_DIR={tmp_path / 'data'}\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    get_settings.cache_clear()
    clear_client_cache()
    assert get_settings().content_type == "exam_item"
    result = CliRunner().invoke(app, ["run", "Acute coronary syndrome", "--model", "scripted:exam_good", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["title"] == "Which of the following is the most likely diagnosis?"  # the exam item's stem
    assert summary["waiting_for_human"] and summary["pipeline_status"] == "awaiting_approval"


def test_the_option_still_wins_over_the_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".env").write_text("EDITORIAL_AI_CONTENT_TYPE=exam_item\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    get_settings.cache_clear()
    result = CliRunner().invoke(
        app, ["run", "x", "--content-type", "poem", "--data-dir", str(tmp_path / "d"), "--model", "scripted:exam_good"]
    )
    assert result.exit_code == 2 and "unknown content type 'poem'" in " ".join(result.output.split())
