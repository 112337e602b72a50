"""Assignment on the desk: an item one editor has open shows "in review by NAME" to the others, and a second
editor's decision on it asks first (nothing changes until they tick "Decide anyway", or send `take_over`). The
readers are kept in the database, so every server process and the CLI see them."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from editorial_ai.pipeline.assignments import READING_TTL_S, Assignments
from editorial_ai.store.contents import SqliteContentRepository
from editorial_ai.store.reviewers import reviewer_store

from .helpers import API_KEY, CSRF_INPUT, post_form, run_to_gate


async def _logged_in(app: Any, key: str) -> httpx.AsyncClient:
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://localhost")
    page = await client.get("/admin/login")
    token = CSRF_INPUT.search(page.text)
    assert token is not None
    done = await client.post("/admin/login", data={"api_key": key, "csrf_token": token.group(1), "next": "/admin/"})
    assert done.status_code == 303
    return client


async def test_a_second_editor_sees_who_reviews_and_is_asked_first(client_for: Callable[..., Any]) -> None:
    async with client_for(api_key=API_KEY, headers={"X-API-Key": API_KEY}) as (app, admin):
        store = reviewer_store(app.state.pipeline.deps.settings.resolved_reviewers_file)
        _, mina_key = store.add("Mina")
        _, kim_key = store.add("Kim")
        content_id = (await run_to_gate(admin))["content_id"]
        mina, kim = await _logged_in(app, mina_key), await _logged_in(app, kim_key)
        try:
            assert "in review by" not in (await kim.get("/admin/")).text
            await mina.get(f"/admin/contents/{content_id}")  # Mina opens the item
            assert "in review by Mina" in (await kim.get("/admin/")).text
            page = (await kim.get(f"/admin/contents/{content_id}")).text
            assert 'id="in-review"' in page and "<strong>Mina</strong>" in page
            asked = await post_form(kim, f"/admin/contents/{content_id}/approve", page=f"/admin/contents/{content_id}")
            assert asked.status_code == 409 and "Mina is reviewing this item" in asked.text
            assert (await admin.get(f"/api/contents/{content_id}")).json()["status"] == "pending"  # nothing changed
            done = await post_form(kim, f"/admin/contents/{content_id}/approve", {"take_over": "on"},
                                   page=f"/admin/contents/{content_id}")
            assert done.status_code == 303
            events = (await admin.get(f"/api/contents/{content_id}")).json()["events"]
            assert [(e["decision"], e["reviewer"]) for e in events] == [("approved", "Kim")]
            # Kim decided and left the item: Mina's page names nobody (she is never asked about herself).
            page = (await mina.get(f"/admin/contents/{content_id}")).text
            assert 'id="in-review"' not in page and 'id="publish-form"' in page
        finally:
            await mina.aclose()
            await kim.aclose()


async def test_a_reader_who_left_frees_the_item_after_the_ttl(tmp_path: Path) -> None:
    contents = SqliteContentRepository(tmp_path / "editorial.db")
    await contents.initialize()
    registry = Assignments(contents, ttl_s=60)
    await registry.touch("c1", "Mina", now=1000.0)
    assert [r.name for r in await registry.others("c1", "Kim", now=1030.0)] == ["Mina"]
    assert await registry.others("c1", "Mina", now=1030.0) == []
    assert await registry.others("c1", "Kim", now=1100.0) == []  # a closed tab stops counting
    await registry.touch("c1", "Mina", now=1050.0)  # a heartbeat before the end keeps the first `since`
    assert [(r.since, r.until) for r in await registry.others("c1", "Kim", now=1100.0)] == [(1000.0, 1110.0)]
    await registry.touch("c1", "Mina", now=1200.0)  # back after the claim lapsed: a new claim
    assert [r.since for r in await registry.others("c1", "Kim", now=1200.0)] == [1200.0]
    await registry.leave("c1", "Mina")
    assert await registry.others("c1", "Kim", now=1200.0) == []
    contents.close()


async def test_two_servers_on_one_database_see_each_others_readers(client_for: Callable[..., Any]) -> None:
    """Two app instances (two server workers) sharing one database: a reader on one is seen by the other, whose
    decisions (desk and API) ask first; the claim lapses by itself."""
    async with client_for(api_key=API_KEY, headers={"X-API-Key": API_KEY}) as (first, admin):
        store = reviewer_store(first.state.pipeline.deps.settings.resolved_reviewers_file)
        _, mina_key = store.add("Mina")
        _, kim_key = store.add("Kim")
        content_id = (await run_to_gate(admin))["content_id"]
        async with client_for(api_key=API_KEY, headers={"X-API-Key": API_KEY}) as (second, admin_two):
            assert first.state.pipeline is not second.state.pipeline
            mina, kim = await _logged_in(first, mina_key), await _logged_in(second, kim_key)
            try:
                await mina.get(f"/admin/contents/{content_id}")  # Mina opens the item on the first server
                assert "in review by Mina" in (await kim.get("/admin/")).text  # Kim's queue, on the second
                page = (await kim.get(f"/admin/contents/{content_id}")).text
                assert 'id="in-review"' in page and "<strong>Mina</strong>" in page
                asked = await post_form(kim, f"/admin/contents/{content_id}/approve",
                                        page=f"/admin/contents/{content_id}")
                assert asked.status_code == 409 and "Mina is reviewing this item" in asked.text

                detail = (await admin_two.get(f"/api/contents/{content_id}")).json()
                assert [r["name"] for r in detail["in_review_by"]] == ["Mina", "Kim"]  # first come first
                refused = await admin_two.post(f"/api/contents/{content_id}/approve", json={"reviewer": "Lee"})
                assert refused.status_code == 409 and "reviewing this item" in refused.json()["detail"]
                assert "take_over" in refused.json()["fix"]
                assert (await admin.get(f"/api/contents/{content_id}")).json()["status"] == "pending"
                done = await admin_two.post(f"/api/contents/{content_id}/approve",
                                            json={"reviewer": "Lee", "take_over": True})
                assert done.status_code == 200, done.text
                events = (await admin.get(f"/api/contents/{content_id}")).json()["events"]
                assert [(e["decision"], e["reviewer"]) for e in events] == [("approved", "Lee")]
            finally:
                await mina.aclose()
                await kim.aclose()


async def test_an_abandoned_claim_lapses_for_every_server(client_for: Callable[..., Any]) -> None:
    async with client_for(api_key=API_KEY, headers={"X-API-Key": API_KEY}) as (first, admin):
        settings = first.state.pipeline.deps.settings
        _, mina_key = reviewer_store(settings.resolved_reviewers_file).add("Mina")
        content_id = (await run_to_gate(admin))["content_id"]
        async with client_for(api_key=API_KEY, headers={"X-API-Key": API_KEY}) as (second, admin_two):
            mina = await _logged_in(first, mina_key)
            try:
                await mina.get(f"/admin/contents/{content_id}")  # opened, then the tab is closed
                readers = (await admin_two.get(f"/api/contents/{content_id}")).json()["in_review_by"]
                assert [r["name"] for r in readers] == ["Mina"]
                later = time.time() + READING_TTL_S + 1  # no heartbeat came: the claim has lapsed by then
                assert await Assignments(second.state.pipeline.deps.contents).others(content_id, "", now=later) == []
                with sqlite3.connect(settings.resolved_db_path) as conn:  # the clock moves past the expiry
                    conn.execute("UPDATE content_readers SET expires_at = '2000-01-01T00:00:00+00:00'")
                assert (await admin_two.get(f"/api/contents/{content_id}")).json()["in_review_by"] == []
                rejected = await admin_two.post(f"/api/contents/{content_id}/reject", json={"reason": "Off brief."})
                assert rejected.status_code == 200, rejected.text
            finally:
                await mina.aclose()


def _cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`editorial-ai ARGS` in a process of its own on the same database, with no terminal to ask at."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("EDITORIAL_AI_") and k != "ADMIN_API_KEY"}
    env.update(EDITORIAL_AI_DATA_DIR=str(data_dir), EDITORIAL_AI_MODEL="scripted:happy", NO_COLOR="1",
               COLUMNS="200")
    return subprocess.run([sys.executable, "-m", "editorial_ai.cli.main", *args], capture_output=True, text=True,
                          timeout=120, env=env, stdin=subprocess.DEVNULL, check=False)


async def test_the_cli_in_another_process_sees_the_reader_and_asks_first(client_for: Callable[..., Any]) -> None:
    async with client_for(api_key=API_KEY, headers={"X-API-Key": API_KEY}) as (app, admin):
        data_dir = app.state.pipeline.deps.settings.data_dir
        _, mina_key = reviewer_store(app.state.pipeline.deps.settings.resolved_reviewers_file).add("Mina")
        content_id = (await run_to_gate(admin))["content_id"]
        mina = await _logged_in(app, mina_key)
        try:
            await mina.get(f"/admin/contents/{content_id}")
            shown = await asyncio.to_thread(_cli, data_dir, "contents", "show", content_id[:8], "--json")
            assert shown.returncode == 0, shown.stderr
            assert [r["name"] for r in json.loads(shown.stdout)["in_review_by"]] == ["Mina"]
            human = await asyncio.to_thread(_cli, data_dir, "contents", "show", content_id[:8])
            assert "in review by Mina" in human.stdout

            asked = await asyncio.to_thread(_cli, data_dir, "approve", content_id[:8], "--json")
            assert asked.returncode == 2 and "Mina is reviewing this item" in asked.stderr, asked.stderr
            assert "--take-over" in asked.stderr
            assert (await admin.get(f"/api/contents/{content_id}")).json()["status"] == "pending"

            done = await asyncio.to_thread(_cli, data_dir, "approve", content_id[:8], "--take-over", "--json",
                                           "--reviewer", "Kim")
            assert done.returncode == 0, done.stderr
            events = (await admin.get(f"/api/contents/{content_id}")).json()["events"]
            assert [(e["decision"], e["reviewer"]) for e in events] == [("approved", "Kim")]
        finally:
            await mina.aclose()
