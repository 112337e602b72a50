"""`editorial-ai serve`: loopback only without a key, a loud dev-mode warning, uvicorn with the app."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from typer.testing import CliRunner

from editorial_ai.cli.main import app as cli
from editorial_ai.cli.serve_cmd import is_loopback

from .helpers import API_KEY


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append({"app": app, **kw}))
    return calls


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("127.8.9.1", True), ("localhost", True), ("::1", True), ("[::1]", True),
    ("0.0.0.0", False), ("192.168.1.5", False), ("::", False), ("example.com", False),
])
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_refuses_a_public_host_without_a_key(served: list[dict[str, Any]], tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "refusing to serve on 0.0.0.0" in result.output and "ADMIN_API_KEY" in result.output
    assert served == []


def test_dev_mode_on_loopback_warns_loudly(served: list[dict[str, Any]], tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["serve", "--port", "8123", "--model", "scripted:happy",
                                      "--data-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "DEV MODE" in result.output and "without authentication" in result.output
    (call,) = served
    assert call["host"] == "127.0.0.1" and call["port"] == 8123 and isinstance(call["app"], FastAPI)
    settings = call["app"].state.settings
    assert settings.model == "scripted:happy" and settings.data_dir == tmp_path


def test_a_key_allows_a_public_host(served: list[dict[str, Any]], tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADMIN_API_KEY", API_KEY)
    result = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--data-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "DEV MODE" not in result.output and served[0]["host"] == "0.0.0.0"


def test_a_short_key_is_a_clear_error(served: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADMIN_API_KEY", "short")
    result = CliRunner().invoke(cli, ["serve"])
    assert result.exit_code == 2 and "at least 12 characters" in result.output and served == []


def test_a_public_host_is_told_which_names_it_answers_to(served: list[dict[str, Any]], tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADMIN_API_KEY", API_KEY)
    result = CliRunner().invoke(cli, ["serve", "--host", "192.168.1.5", "--data-dir", str(tmp_path)])
    assert result.exit_code == 0 and "EDITORIAL_AI_ALLOWED_HOSTS" in result.output
    monkeypatch.setenv("EDITORIAL_AI_ALLOWED_HOSTS", "192.168.1.5")
    from editorial_ai.config import get_settings

    get_settings.cache_clear()
    listed = CliRunner().invoke(cli, ["serve", "--host", "192.168.1.5", "--data-dir", str(tmp_path)])
    assert listed.exit_code == 0 and "EDITORIAL_AI_ALLOWED_HOSTS" not in listed.output
