"""Sentence comments in headless Chromium at 390 and 1280 px: click a sentence, comment on it, request the
revision; the next draft says which comment was followed and which was not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer
from .test_review_desk import _fits, _new_page, _run_to_gate, _shot

pytestmark = pytest.mark.browser


def _comment(page: Any, starts: str, words: str) -> None:
    mark = page.locator(".article-frame a.mark", has_text=starts).first
    mark.scroll_into_view_if_needed()
    mark.click()
    page.locator(".comment-this:visible").first.click()
    field = page.locator("#sentence-comments .comment-text:focus")
    assert field.count() == 1
    field.fill(words)


@pytest.mark.parametrize("width", [390, 1280])
def test_one_comment_followed_and_one_not(
    live_server: Callable[..., LiveServer], browser: Any, screenshot_dir: Path, width: int
) -> None:
    with live_server() as server:
        content_id = _run_to_gate(server)
        page, problems = _new_page(browser, width=width, height=844 if width == 390 else 900)
        page.goto(f"{server.url}/admin/contents/{content_id}")
        _comment(page, "The Jennie Effect describes", "Say which shop ran out, or cut the claim.")
        _comment(page, "Jennie set the tone", "Name the campaign's year.")
        sentences = page.locator("#sentence-comments .comment-sentence")
        assert sentences.nth(0).input_value().startswith("The Jennie Effect describes")
        assert sentences.nth(1).input_value().startswith("Jennie set the tone")
        page.click("#revise")
        page.wait_for_url("**/admin/runs/*")
        page.wait_for_selector("#run-next:not([hidden])")
        page.click("#open-content")
        page.wait_for_selector("#comments-2")
        outcome = page.inner_text("#comments-2")
        assert "1 of 2 followed" in outcome and "still there, word for word" in outcome
        page.locator("#comments-2").scroll_into_view_if_needed()
        _fits(page, width)
        _shot(page, f"comments-{width}.png", screenshot_dir)
        assert problems == []
