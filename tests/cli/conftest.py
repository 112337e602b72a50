"""CLI fixtures: a private data dir and the scripted model, through the environment as a user would set them."""

from __future__ import annotations

from pathlib import Path

import pytest

from editorial_ai.config import get_settings


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "data"
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(path))
    monkeypatch.setenv("EDITORIAL_AI_MODEL", "scripted:happy")
    monkeypatch.setenv("NO_COLOR", "1")
    get_settings.cache_clear()
    return path
