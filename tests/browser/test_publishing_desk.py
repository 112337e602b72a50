"""Publishing from the desk in headless Chromium at a phone's and a laptop's width: approving publishes nothing,
the publish button does nothing public until its box is ticked, and a takedown makes the public page answer 410."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import LiveServer
from .test_review_desk import _fits, _new_page, _run_to_gate, _shot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [390, 1280])
def test_publish_needs_confirmation_and_unpublish_answers_410(
    live_server: Callable[..., LiveServer], browser: Any, screenshot_dir: Path, width: int
) -> None:
    with live_server() as server:
        content_id = _run_to_gate(server)
        page, problems = _new_page(browser, width=width, height=844 if width == 390 else 900)
        page.goto(f"{server.url}/admin/contents/{content_id}")
        page.click("#approve")
        page.wait_for_selector("#publish-form")
        assert "not public" in page.inner_text("#decided")
        _fits(page, width)
        _shot(page, f"publish-{width}-01-approved.png", screenshot_dir)
        with httpx.Client(base_url=server.url) as client:
            assert client.get(f"/articles/{content_id}").status_code == 404
        page.click("#publish")  # the box is not ticked: refused, nothing public
        page.wait_for_selector("#decided .field-error")
        assert "Tick the box" in page.inner_text("#decided")
        with httpx.Client(base_url=server.url) as client:
            assert client.get(f"/articles/{content_id}").status_code == 404
        page.check("#confirm-publish")
        page.click("#publish")
        page.wait_for_selector("#public-link")
        assert page.locator("#public-link").is_visible()
        _shot(page, f"publish-{width}-02-published.png", screenshot_dir)
        public = page.locator("#public-link").get_attribute("href")
        assert public == f"/articles/{content_id}"
        assert page.request.get(f"{server.url}{public}").status == 200
        page.click("#unpublish-block summary")
        page.fill("#unpublish-form textarea[name=reason]", "Price was wrong")
        page.check("#confirm-unpublish")
        page.click("#unpublish")
        page.wait_for_selector("#publish-form")
        assert "410 Gone" in page.inner_text(".notice") and "Price was wrong" in page.inner_text("#audit")
        assert page.request.get(f"{server.url}{public}").status == 410
        assert not (server.app.state.pipeline.deps.settings.resolved_publish_dir / f"{content_id}.html").exists()
        _shot(page, f"publish-{width}-03-unpublished.png", screenshot_dir)
        assert problems == []
