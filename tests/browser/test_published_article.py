"""The published article in headless Chromium: no sideways scroll on a phone, the hero title never cut off."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots")
WIDTHS = (360, 390, 1280)


def _publish_one(server: LiveServer) -> str:
    """Run the scripted pipeline to the gate through the API, approve and publish it, return the content id."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        thread_id = client.post("/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect"}).json()["thread_id"]
        deadline = time.monotonic() + 60
        while True:
            status = client.get(f"/api/pipeline/status/{thread_id}").json()
            if status.get("waiting_for_human"):
                break
            assert time.monotonic() < deadline, status
            time.sleep(0.05)
        content_id = str(status["content_id"])
        assert client.post(f"/api/contents/{content_id}/approve").status_code == 200
        assert client.post(f"/api/contents/{content_id}/publish", json={"confirm": True}).status_code == 200
    return content_id


def _layout_figures(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate("""() => {
        const title = document.querySelector('.ea-title').getBoundingClientRect();
        const hero = document.querySelector('.ea-hero').getBoundingClientRect();
        const h1 = document.querySelector('.ea-title');
        return {doc: document.documentElement.scrollWidth, body: document.body.scrollWidth,
                viewport: window.innerWidth, viewportHeight: window.innerHeight,
                titleLeft: title.left, titleRight: title.right,
                titleTop: title.top, titleBottom: title.bottom, heroTop: hero.top, heroBottom: hero.bottom,
                titleOverflow: h1.scrollWidth - h1.clientWidth,
                images: [...document.images].filter(i => !i.complete || i.naturalWidth === 0).length};
    }""")
    )


@pytest.mark.parametrize("width", WIDTHS)
def test_published_article_fits_the_viewport(live_server: Callable[..., LiveServer], browser: Any, width: int) -> None:
    with live_server() as server:
        content_id = _publish_one(server)
        page = browser.new_page(viewport={"width": width, "height": 844 if width < 800 else 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        response = page.goto(f"{server.url}/articles/{content_id}")
        assert response is not None and response.status == 200
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # lazy images load when reached
        page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
        page.evaluate("window.scrollTo(0, 0)")
        figures = _layout_figures(page)
        assert figures["doc"] == figures["viewport"] == width, figures  # no horizontal scroll
        assert figures["body"] <= width, figures
        assert figures["titleLeft"] >= 0 and figures["titleRight"] <= width, figures  # hero title not clipped
        assert figures["heroTop"] <= figures["titleTop"] and figures["titleBottom"] <= figures["heroBottom"]
        assert figures["titleOverflow"] <= 0, figures
        assert figures["titleBottom"] <= figures["viewportHeight"], figures  # the headline is above the fold
        assert figures["images"] == 0, "every image (inline placeholders) decodes"
        assert not errors
        assert "--" not in page.inner_text("article")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"article-{width}.png"), full_page=True)
        page.screenshot(path=str(SHOTS / f"article-{width}-first-screen.png"))
        page.close()
