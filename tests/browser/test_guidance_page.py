"""The guidance page in headless Chromium at 390 and 1280 px: approve a reviewer's note, see the run it shaped,
switch it off, and the next run's prompt goes without it."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import LiveServer
from .test_review_desk import _fits, _new_page, _run_to_gate, _shot

pytestmark = pytest.mark.browser
NOTE = "Name the bag in the first paragraph"


def _revise(server: LiveServer, content_id: str) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        accepted = client.post(f"/api/contents/{content_id}/revise", json={"feedback": NOTE})
        assert accepted.status_code == 202, accepted.text
        thread = accepted.json()["thread_id"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            status = client.get(f"/api/pipeline/status/{thread}").json()
            if not status["running"] and status["pipeline_status"] != "queued":
                return
            time.sleep(0.05)
    raise AssertionError("the revision did not stop")


@pytest.mark.parametrize("width", [390, 1280])
def test_a_switched_off_note_leaves_the_next_prompt(
    live_server: Callable[..., LiveServer], browser: Any, screenshot_dir: Path, width: int
) -> None:
    with live_server() as server:
        _revise(server, _run_to_gate(server))
        page, problems = _new_page(browser, width=width, height=844 if width == 390 else 900)
        page.goto(f"{server.url}/admin/guidance")
        note = page.locator(".note").first
        assert "waiting for approval" in note.inner_text() and NOTE not in page.inner_text("#in-force")
        note.locator("button:has-text('Approve')").click()
        page.wait_for_url("**/admin/guidance?**done=approve**")
        assert NOTE in page.inner_text("#in-force")
        _run_to_gate(server)  # this run's prompt carries the note
        page.reload()
        assert "Shaped 1 run" in page.locator(".note").first.inner_text()
        assert NOTE[:40] in page.locator("#injections li").first.inner_text()
        _fits(page, width)
        _shot(page, f"guidance-{width}.png", screenshot_dir)
        page.locator(".note").first.locator("button:has-text('Switch off')").click()
        page.wait_for_url("**done=off**")
        assert NOTE not in page.inner_text("#in-force") and "switched off" in page.locator(".note").first.inner_text()
        _run_to_gate(server)  # the next run goes without it
        page.reload()
        latest = page.locator("#injections li").first.inner_text()
        assert NOTE[:40] not in latest, latest
        assert "Shaped 1 run" in page.locator(".note").first.inner_text()
        assert problems == []
