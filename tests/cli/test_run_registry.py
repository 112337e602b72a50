"""CLI runs and decisions go through the run registry like API runs: listed from the start, rows that follow each
decision, and a run whose CLI process dies is finished by the next server's recovery."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from editorial_ai.config import Settings, get_settings
from editorial_ai.llm.scripted import load_scenario
from editorial_ai.store.factory import open_run_store

from .test_cli import cli, cli_json, text


def _rows() -> dict[str, dict[str, Any]]:
    listing = cli_json("runs", "list", "--limit", "200")
    return {row["thread_id"]: row for row in listing["items"]}


def _executions(settings: Settings, thread_id: str) -> list[dict[str, Any]]:
    async def read() -> list[dict[str, Any]]:
        store = await open_run_store(settings)
        try:
            return await store.executions(thread_id)
        finally:
            await store.close()

    return asyncio.run(read())


def test_a_cli_run_is_in_the_registry_and_follows_each_decision(data_dir: Path) -> None:
    run = cli_json("run", "Jennie Effect")
    row = _rows()[run["thread_id"]]
    assert (row["status"], row["keyword"], row["content_type"]) == ("waiting", "Jennie Effect", "fashion_magazine")
    assert row["content_id"] == run["content_id"] and row["pipeline_status"] == "awaiting_approval"
    [execution] = _executions(get_settings(), run["thread_id"])
    assert execution["worker"].startswith("cli@") and execution["outcome"] == "waiting"

    revised = cli_json("revise", run["content_id"], "--feedback", "Name the designer in the first paragraph.")
    row = _rows()[run["thread_id"]]
    assert row["status"] == "waiting" and revised["draft_version"] == 2 and row["attempts"] == 2

    approved = cli_json("approve", run["content_id"])
    assert approved["content_status"] == "approved" and _rows()[run["thread_id"]]["status"] == "waiting"
    published = cli_json("publish", run["content_id"], "--yes")  # the run resumes only now, into publish
    row = _rows()[run["thread_id"]]
    assert published["content_status"] == "published"
    assert (row["status"], row["pipeline_status"]) == ("done", "published")
    assert [e["outcome"] for e in _executions(get_settings(), run["thread_id"])] == ["waiting", "waiting", "done"]


def test_a_cli_rejection_ends_the_registry_row(data_dir: Path) -> None:
    run = cli_json("run", "Jennie Effect")
    cli_json("reject", run["content_id"], "--reason", "Off brief.")
    assert _rows()[run["thread_id"]]["status"] == "done"


def test_auto_approve_is_recorded_like_an_editors_approval(data_dir: Path) -> None:
    run = cli_json("run", "Jennie Effect", "--auto-approve")
    assert run["status"] == "approved" and run["published_path"] is None
    assert _rows()[run["thread_id"]]["status"] == "waiting"  # the run stays paused until `publish`
    cli_json("publish", run["content_id"], "--yes")
    assert _rows()[run["thread_id"]]["status"] == "done"


def test_exam_options_reach_the_run_and_wrong_ones_are_refused(data_dir: Path) -> None:
    run = cli_json("run", "Acute coronary syndrome", "--content-type", "exam_item", "--model", "scripted:exam_good",
                   "--slo", "Diagnose an acute coronary syndrome", "--blooms-level", "Analyze")
    status = cli_json("status", run["thread_id"])
    assert status["pipeline_status"] == "awaiting_approval"
    assert _rows()[run["thread_id"]]["content_type"] == "exam_item"

    bad_level = cli("run", "k", "--content-type", "exam_item", "--blooms-level", "memorise")
    assert bad_level.exit_code == 2 and "choose one of remember, understand, apply" in text(bad_level)
    wrong_type = cli("run", "k", "--slo", "an objective")
    assert wrong_type.exit_code == 2 and "exam_item runs only" in text(wrong_type)
    unknown_tenant = cli("run", "k", "--tenant", "acme")
    assert unknown_tenant.exit_code == 2 and "unknown tenant 'acme'" in text(unknown_tenant)
    assert len(_rows()) == 1  # refused requests register nothing


def _envvar_options(name: str) -> list[str]:
    from editorial_ai.cli.main import LAZY_COMMANDS, _load

    def params(command: Any) -> list[Any]:  # typer's own click: a group holds `commands`, a command `params`
        subcommands = getattr(command, "commands", None)
        if subcommands is not None:
            return [p for sub in subcommands.values() for p in params(sub)]
        return list(command.params)

    return [str(param.name) for param in params(_load(name, LAZY_COMMANDS[name][0])) if param.envvar]


@pytest.mark.parametrize("name", list(__import__("editorial_ai.cli.main", fromlist=["LAZY_COMMANDS"]).LAZY_COMMANDS))
def test_no_command_reads_the_environment_itself(name: str) -> None:
    """Settings (config.py) is the only reader of the environment: no option carries typer's envvar=."""
    from editorial_ai.cli.main import LAZY_COMMANDS, _load

    loaded = _load(name, LAZY_COMMANDS[name][0])
    assert getattr(loaded, "commands", None) or loaded.params  # something was inspected
    assert _envvar_options(name) == []


def test_dotenv_model_and_data_dir_reach_every_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the options' envvar= used to read comes from Settings now, .env included."""
    monkeypatch.delenv("EDITORIAL_AI_MODEL", raising=False)
    monkeypatch.delenv("EDITORIAL_AI_DATA_DIR", raising=False)
    (tmp_path / ".env").write_text(
        f"EDITORIAL_AI_MODEL=scripted:happy\nEDITORIAL_AI_DATA_DIR={tmp_path / 'dotenv-data'}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    get_settings.cache_clear()
    run = cli_json("run", "Jennie Effect")
    assert run["pipeline_status"] == "awaiting_approval"
    assert (tmp_path / "dotenv-data" / "editorial.db").exists()
    assert run["thread_id"] in _rows()


def _kill_mid_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Settings, dict[str, Any]]:
    """Start `run` in a process with a slow model, SIGKILL it once the registry shows it past curation; the
    settings every process here shares (also set in the environment for in-process commands) and the run's row."""
    scenarios, name = tmp_path / "scenarios", "slow_happy"
    scenarios.mkdir()
    slow = {"latency_ms": 300, "responses": load_scenario("happy")}  # every model call takes 300 ms
    (scenarios / f"{name}.yaml").write_text(yaml.safe_dump(slow, allow_unicode=True), encoding="utf-8")
    values = {"EDITORIAL_AI_DATA_DIR": str(tmp_path / "data"), "EDITORIAL_AI_MODEL": f"scripted:{name}",
              "EDITORIAL_AI_SCENARIO_DIR": str(scenarios), "EDITORIAL_AI_LEASE_SECONDS": "3", "NO_COLOR": "1"}
    for key, value in values.items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    settings = get_settings()
    process = subprocess.Popen([sys.executable, "-m", "editorial_ai.cli.main", "run", "Jennie Effect", "--json"],
                               env=dict(os.environ), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        row = _wait_for_node(settings)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait(timeout=30)
    assert row["status"] == "running" and row["lease_owner"].startswith("cli@")
    return settings, row


def test_a_killed_cli_run_is_finished_by_the_next_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """kill -9 mid-run: the row shows the node it was in and its dead holder; `serve` finishes it on start-up."""
    settings, row = _kill_mid_run(tmp_path, monkeypatch)
    assert asyncio.run(_serve_start_up(settings, row["thread_id"])) == "waiting"


def test_resume_takes_over_a_killed_cli_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`resume` ends the dead process's lease (no waiting for its expiry) and finishes the run here."""
    _, row = _kill_mid_run(tmp_path, monkeypatch)
    resumed = cli_json("resume", row["thread_id"])
    assert resumed["pipeline_status"] == "awaiting_approval"
    after = _rows()[row["thread_id"]]
    assert after["status"] == "waiting" and after["attempts"] == 2
    again = cli("resume", row["thread_id"])
    assert again.exit_code == 2 and "waits for a human decision" in text(again)


def _wait_for_node(settings: Settings) -> dict[str, Any]:
    """The CLI run's row once it shows a node running after curation (polled from another connection)."""
    async def poll() -> dict[str, Any]:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            rows = await _runs(settings) if settings.resolved_db_path.exists() else []
            if rows and rows[0].get("current_node") not in (None, "curation"):
                return rows[0]
            await asyncio.sleep(0.1)
        raise AssertionError("the CLI run never showed a node past curation in the run registry")

    return asyncio.run(poll())


async def _runs(settings: Settings) -> list[dict[str, Any]]:
    """The registry's rows, or none while the CLI process is still creating its database."""
    try:
        store = await open_run_store(settings)
    except Exception:  # noqa: BLE001 - the other process may be half-way through creating the tables
        return []
    try:
        rows, _ = await store.list()
    finally:
        await store.close()
    return rows


async def _serve_start_up(settings: Settings, thread_id: str) -> str:
    """What `serve` does on start-up in embedded mode: resume the runs a dead process left; the row's status."""
    from editorial_ai.pipeline.runner import open_pipeline
    from editorial_ai.worker.service import open_run_service

    launched: list[Any] = []

    def launch(_thread: str, work: Any) -> bool:
        launched.append(work)
        return True

    async with open_pipeline(settings) as pipeline, open_run_service(settings, pipeline, launch) as service:
        assert len(launched) == 1, "the start-up sweep did not pick up the killed run"
        await launched[0]()
        row = await service.store.get(thread_id)
    assert row is not None
    return str(row["status"])


def test_a_failed_cli_run_is_listed_failed_and_retried_here(data_dir: Path) -> None:
    failed = cli("run", "Qxzvw Plorbt", "--json")  # the scripted sources know nothing about it: the run fails
    assert failed.exit_code == 1
    thread_id = json.loads(failed.stdout)["thread_id"]
    row = _rows()[thread_id]
    assert row["status"] == "failed" and row["pipeline_status"] == "failed"
    retried = cli_json("runs", "retry", thread_id)
    assert retried["attempts"] == 2 and retried["status"] == "failed"  # ran again here, and failed the same way
    assert [e["kind"] for e in _executions(get_settings(), thread_id)] == ["start", "retry"]


def test_a_decision_while_the_run_is_queued_is_refused(data_dir: Path) -> None:
    """The API's rule in the terminal too: no decision while the registry has the run queued or running."""
    run = cli_json("run", "Jennie Effect")

    async def queue_again() -> None:
        store = await open_run_store(get_settings())
        try:
            await store.enqueue(run["thread_id"], "retry")
        finally:
            await store.close()

    asyncio.run(queue_again())
    refused = cli("approve", run["content_id"])
    assert refused.exit_code == 2 and "still in progress" in text(refused)
    assert cli_json("contents", "show", run["content_id"])["status"] == "pending"  # nothing was recorded
