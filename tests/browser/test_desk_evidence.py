"""The desk at a phone's and a laptop's width: the decision stays in view while the article scrolls, and a marked
sentence's evidence opens beside it (the side column at 1280 px, under its paragraph at 390 px)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer
from .test_review_desk import SHOTS, _fits, _new_page, _run_to_gate

pytestmark = pytest.mark.browser

IN_VIEW = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
    return r.height > 0 && r.top < window.innerHeight && r.bottom > 0; }"""
SCROLL_TO_ARTICLE_END = """() => { const a = document.querySelector('.article-frame').getBoundingClientRect();
    window.scrollTo(0, window.scrollY + a.bottom - window.innerHeight + 40); }"""


def _shot(page: Any, name: str, screenshot_dir: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for folder in (SHOTS, screenshot_dir):
        page.screenshot(path=str(folder / name))  # what the editor sees on screen, not the whole page


@pytest.mark.parametrize("width", [390, 1280])
def test_decision_in_view_and_evidence_beside_the_sentence(
    live_server: Callable[..., LiveServer], browser: Any, screenshot_dir: Path, width: int
) -> None:
    with live_server() as server:
        content_id = _run_to_gate(server, "scripted:always_hallucinate")
        page, problems = _new_page(browser, width=width, height=844 if width == 390 else 800)
        page.goto(f"{server.url}/admin/contents/{content_id}")
        _shot(page, f"desk-{width}-first-screen.png", screenshot_dir)
        marks = page.locator(".article-frame a.mark")
        assert marks.count() >= 3
        flagged = ".article-frame a.mark-unsupported, .article-frame a.mark-not-stated"
        assert page.locator(flagged).count() >= 1 and page.locator(".article-frame a.mark-supported").count() >= 1
        page.evaluate(SCROLL_TO_ARTICLE_END)
        decision = "#decision-bar" if width == 390 else "#decide"
        assert page.evaluate(IN_VIEW, decision), f"{decision} scrolled away at {width}px"
        mark = page.locator(flagged).first
        mark.scroll_into_view_if_needed()
        mark.click()
        claim_text = page.locator(f"#{mark.get_attribute('data-claim-id')} .claim-text").inner_text()
        if width == 390:
            inline = page.locator(".article-frame .evidence-inline")
            assert inline.count() == 1 and inline.is_visible() and claim_text in inline.inner_text()
            assert any(words in inline.inner_text() for words in ("in no source", "ties", "states it"))
            # it sits right under the paragraph that holds the sentence
            assert page.evaluate("""() => { const i = document.querySelector('.evidence-inline');
                return !!i.previousElementSibling.querySelector('a.mark.selected'); }""")
            assert page.evaluate(IN_VIEW, "#decision-bar")
            _fits(page, width)
        else:
            beside = page.locator("#evidence-beside")
            assert beside.is_visible() and claim_text in beside.inner_text()
            assert page.evaluate(IN_VIEW, "#evidence-beside") and page.evaluate(IN_VIEW, "#decide")
        _shot(page, f"desk-{width}-evidence-beside.png", screenshot_dir)
        assert problems == []
