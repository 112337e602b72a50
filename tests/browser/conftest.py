"""A real uvicorn server in a background thread and Debian's headless Chromium (never a downloaded one)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

from editorial_ai.api import create_app
from editorial_ai.config import Settings

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """uvicorn serving the app on 127.0.0.1 in a daemon thread (signal handlers stay with the main thread)."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.port = _free_port()
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", timeout_graceful_shutdown=5)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="uvicorn", daemon=True)

    @property
    def url(self) -> str:
        """Base URL."""
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


@pytest.fixture
def live_server(make_settings: Callable[..., Settings]) -> Callable[..., LiveServer]:
    """`with live_server(**settings overrides) as server:`"""

    def start(**overrides: Any) -> LiveServer:
        overrides.setdefault("EDITORIAL_AI_TEST_MODE", True)  # the model select offers the scripted scenarios
        return LiveServer(create_app(make_settings(**overrides)))

    return start


@pytest.fixture
def browser() -> Iterator[Any]:
    """Headless Chromium driven by Playwright."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield instance
        finally:
            instance.close()


@pytest.fixture
def screenshot_dir() -> Path:
    """artifacts/screenshots/ (created)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
