"""The admin UI in headless Chromium: trigger, watch live, review, request a revision, approve, then publish."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser

GATE_NODES = 8  # curation .. human_decision for a draft that passes on its first review


def _hold_runs(server: LiveServer) -> threading.Event:
    """Make new runs wait (in the server's loop) until the returned event is set, like a slow LLM would."""
    pipeline = server.app.state.pipeline
    original, release = pipeline.start, threading.Event()

    async def held(*args: Any, **kwargs: Any) -> Any:
        while not release.is_set():
            await asyncio.sleep(0.02)
        return await original(*args, **kwargs)

    pipeline.start = held
    return release


def test_trigger_review_revise_approve_publish(
    live_server: Callable[..., LiveServer], browser: Any, screenshot_dir: Path
) -> None:
    with live_server() as server:
        page = browser.new_page(viewport={"width": 1360, "height": 900})
        problems: list[str] = []
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
        page.set_default_timeout(20_000)

        # 1. Start a run from the queue page; it is held so the page sees it running and follows it live.
        page.goto(f"{server.url}/admin/")
        assert "No contents" in page.inner_text("main")
        release = _hold_runs(server)
        page.fill("input[name=seed_keyword]", "Jennie Effect")
        page.select_option("select[name=model]", "scripted:hallucinate_then_fix")
        page.click("text=Start run")
        page.wait_for_url("**/admin/runs/*")
        assert page.get_attribute("#run", "data-running") == "true"
        assert page.locator("#run-state .spinner").count() == 1
        release.set()
        page.wait_for_selector("#run-next:not([hidden])")
        assert page.inner_text("#run-state").startswith("Waiting for a decision")
        rows = page.locator("#timeline tbody tr")
        assert rows.count() >= GATE_NODES  # appended by the event stream, without a reload
        assert rows.last.locator("td").all_text_contents()[1:3] == ["human_decision", "waiting for human"]
        assert page.inner_text("#run-badge") == "pending"  # one status vocabulary: the run waits as "pending"
        # The same steps in words, grouped by draft; reviews read pass/fail, never "success".
        groups = page.locator("#progress .progress-group h3").all_inner_texts()
        assert groups[:3] == ["Preparing", "Draft 1", "Draft 2"], groups
        assert page.locator("#progress .step-name").first.inner_text() == "Finding trends"
        assert page.locator("#progress .step-fail .step-name").first.inner_text() == "Reviewing draft 1"
        assert page.locator("#progress .step-pass .step-name").first.inner_text() == "Reviewing draft 2"
        assert "“Jennie Effect”" in page.inner_text("h1")
        assert page.text_content("#timeline tfoot .sum-nodes") == str(rows.count())
        assert "scripted:hallucinate_then_fix" in page.text_content("#timeline tbody tr:first-child")
        page.screenshot(path=str(screenshot_dir / "01-run-progress.png"), full_page=True)

        # 2. The content: rendered article, verdicts, both attempts and the diff between them.
        page.click("#open-content")
        page.wait_for_url("**/admin/contents/*")
        assert page.locator(".ea-article .ea-hero h1").inner_text().startswith("The Jennie Effect")
        assert page.locator(".ea-article .ea-body p").count() >= 2
        criteria = page.locator("aside table.criteria tbody tr")
        assert criteria.count() >= 4
        assert "hallucination" in page.inner_text("aside table.criteria")
        assert page.locator("#attempt-2 .sbs .w-add").count() >= 1
        assert "Hermès" in page.inner_text("#attempt-1 .feedback")
        page.screenshot(path=str(screenshot_dir / "02-content-review.png"), full_page=True)

        # 3. Request a revision with the structured form.
        page.click("summary:has-text('Request a revision')")
        page.check("input[name=wrong_information]")
        page.fill("input[name=missing_spec_fields]", "material, price")
        page.fill("textarea[name=feedback]", "Lead with the airport look.")
        page.click("#revise")
        page.wait_for_url("**/admin/runs/*")
        page.wait_for_selector("#run-next:not([hidden])")
        # The run stopped at the gate: no step is left "running" (a stale gate row used to tick on until reload).
        assert page.locator("#progress .step-running").count() == 0
        assert page.locator("#progress .step-waiting-for-an-editor").count() == 1
        page.click("#open-content")
        page.wait_for_url("**/admin/contents/*")
        content_url = page.url
        assert page.locator("#attempt-3").is_visible()
        assert "Lead with the airport look." in page.inner_text("#attempt-2 .feedback-admin")
        assert "revision requested" in page.inner_text("ul.events")
        page.screenshot(path=str(screenshot_dir / "03-second-review.png"), full_page=True)

        # 4. Approve (nothing public yet), then publish with the box ticked. Whether the revised scripted draft
        # ends flagged depends on the writer's scenario: a flagged one is confirmed with a note.
        if page.locator("#confirm").count():
            page.check("#confirm")
            page.fill("#approve-note", "Checked the revised draft.")
        page.click("#approve")
        page.wait_for_selector(".notice")
        assert "It is not public yet" in page.inner_text(".notice")
        page.check("#confirm-publish")
        page.click("#publish")
        page.wait_for_selector("#public-link")
        page.goto(content_url)
        assert page.locator("#published a").get_attribute("href").startswith("/articles/")
        assert page.locator(".content-head .status-published").is_visible()
        assert page.locator("#decide").count() == 0
        page.screenshot(path=str(screenshot_dir / "04-published.png"), full_page=True)
        page.goto(f"{server.url}/admin/?status=published")
        assert page.locator("table.queue tbody tr").count() == 1
        page.screenshot(path=str(screenshot_dir / "05-queue-published.png"), full_page=True)
        assert problems == []
        published = list(server.app.state.pipeline.deps.settings.resolved_publish_dir.glob("*.html"))
        assert len(published) == 1


def test_login_then_reject(live_server: Callable[..., LiveServer], browser: Any, screenshot_dir: Path) -> None:
    key = "browser-admin-key-42"
    with live_server(model="scripted:happy", ADMIN_API_KEY=key) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(20_000)
        page.goto(f"{server.url}/admin/")
        page.wait_for_url("**/admin/login**")
        page.fill("input[name=api_key]", "not-the-key-at-all")
        page.click("main form button")
        assert "not the admin key" in page.inner_text("main")
        page.fill("input[name=api_key]", key)
        page.click("main form button")
        page.wait_for_url(f"{server.url}/admin/")
        page.fill("input[name=seed_keyword]", "Jennie Effect")
        page.click("text=Start run")
        page.wait_for_selector("#run-next:not([hidden])")
        page.click("#open-content")
        page.click("summary:has-text('Reject')")
        page.fill("textarea[name=reason]", "Not our season.")
        page.click("#reject-form button")
        page.wait_for_selector(".notice")
        assert "— Rejected." in page.inner_text(".notice")  # the desk stays on the rejected item
        page.go_back()
        page.reload()
        page.wait_for_selector("text=Rejected: Not our season.")
        page.screenshot(path=str(screenshot_dir / "06-rejected-with-login.png"), full_page=True)
        page.click("text=Log out")
        page.wait_for_url("**/admin/login**")
