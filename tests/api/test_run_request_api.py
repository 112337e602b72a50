"""The API trigger takes the CLI's run request: tenant, SLO and Bloom's level reach the run; bad ones are 422s."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .helpers import run_to_gate


@pytest.fixture
def tenants_file(tmp_path: Path) -> Path:
    path = tmp_path / "tenants.yaml"
    path.write_text("tenants:\n  acme:\n    max_loops: 1\n", encoding="utf-8")
    return path


async def test_tenant_slo_and_blooms_level_reach_the_run(client_for: Callable[..., Any], tenants_file: Path) -> None:
    async with client_for(model="scripted:exam_good", EDITORIAL_AI_TENANTS_FILE=tenants_file) as (app, client):
        status = await run_to_gate(client, seed_keyword="Acute coronary syndrome", content_type="exam_item",
                                   tenant="acme", slo="Diagnose an acute coronary syndrome", blooms_level="Analyze")
        state = (await app.state.pipeline.outcome(status["thread_id"])).state
        assert state["content_type"] == "exam_item"
        assert {k: state["curation_input"].get(k) for k in ("tenant", "slo", "blooms_level", "model")} == {
            "tenant": "acme", "slo": "Diagnose an acute coronary syndrome", "blooms_level": "analyze",
            "model": "scripted:exam_good"}


@pytest.mark.parametrize(("body", "field", "needles"), [
    ({"tenant": "globex"}, "tenant", ("unknown tenant 'globex'", "one of acme")),
    ({"slo": "Diagnose it"}, "slo", ("exam_item runs only", "content_type exam_item")),
    ({"content_type": "exam_item", "blooms_level": "memorise"}, "blooms_level",
     ("unknown Bloom's level 'memorise'", "remember, understand, apply, analyze, evaluate, create")),
])
async def test_bad_run_options_are_422s_naming_the_field(client_for: Callable[..., Any], tenants_file: Path,
                                                         body: dict[str, Any], field: str,
                                                         needles: tuple[str, ...]) -> None:
    async with client_for(EDITORIAL_AI_TENANTS_FILE=tenants_file) as (_app, client):
        response = await client.post("/api/pipeline/trigger", json={"seed_keyword": "k", **body})
        assert response.status_code == 422, response.text
        error = response.json()
        assert error["errors"][0]["field"].endswith(field)
        text = " ".join([error["detail"], error.get("fix") or "", *(e["message"] for e in error["errors"])])
        assert all(needle in text for needle in needles), text
        assert (await client.get("/api/runs/")).json()["total"] == 0  # nothing registered


async def test_the_content_type_setting_is_the_default(client_for: Callable[..., Any]) -> None:
    async with client_for(model="scripted:exam_good", EDITORIAL_AI_CONTENT_TYPE="exam_item") as (app, client):
        status = await run_to_gate(client, seed_keyword="Acute coronary syndrome", blooms_level="apply")
        state = (await app.state.pipeline.outcome(status["thread_id"])).state
        assert state["content_type"] == "exam_item" and state["curation_input"]["blooms_level"] == "apply"
        runs = (await client.get("/api/runs/")).json()["items"]
        assert [r["content_type"] for r in runs] == ["exam_item"]



async def test_the_admin_form_offers_and_passes_every_run_option(client_for: Callable[..., Any],
                                                                 tenants_file: Path) -> None:
    from .helpers import post_form, wait_until_stopped

    async with client_for(model="scripted:exam_good", EDITORIAL_AI_TENANTS_FILE=tenants_file) as (app, client):
        page = (await client.get("/admin/")).text
        for name in ("judge_model", "max_revisions", "tenant", "slo", "blooms_level"):
            assert f'name="{name}"' in page, name
        assert '<option value="acme"' in page and '<option value="analyze"' in page
        form = {"seed_keyword": "Acute coronary syndrome", "content_type": "exam_item", "model": "scripted:exam_good",
                "judge_model": "scripted:exam_good", "max_revisions": "2", "tenant": "acme",
                "slo": "Diagnose an acute coronary syndrome", "blooms_level": "analyze"}
        response = await post_form(client, "/admin/runs", form)
        assert response.status_code == 303, response.text
        thread_id = response.headers["location"].rsplit("/", 1)[-1]
        await wait_until_stopped(client, thread_id)
        state = (await app.state.pipeline.outcome(thread_id)).state
        assert {k: state["curation_input"].get(k) for k in ("tenant", "slo", "blooms_level", "judge_model",
                                                            "max_revisions")} == {
            "tenant": "acme", "slo": "Diagnose an acute coronary syndrome", "blooms_level": "analyze",
            "judge_model": "scripted:exam_good", "max_revisions": 2}


async def test_the_admin_form_shows_a_bad_option_next_to_its_field(client_for: Callable[..., Any],
                                                                   tenants_file: Path) -> None:
    from .helpers import post_form

    async with client_for(EDITORIAL_AI_TENANTS_FILE=tenants_file) as (_app, client):
        form = {"seed_keyword": "Jennie Effect", "content_type": "fashion_magazine", "model": "scripted:happy",
                "slo": "Diagnose it", "max_revisions": ""}
        page = await post_form(client, "/admin/runs", form)
        assert page.status_code == 422
        assert "exam_item runs only" in page.text and "Diagnose it" in page.text  # the typed text is kept
        page = await post_form(client, "/admin/runs", {**form, "slo": "", "max_revisions": "11"})
        assert page.status_code == 422 and "less than or equal to 10" in page.text
        assert (await client.get("/api/runs/")).json()["total"] == 0
