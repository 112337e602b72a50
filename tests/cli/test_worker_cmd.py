"""`editorial-ai worker` and `editorial-ai runs`: the broker requirement, listing runs, retrying them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from editorial_ai.cli.main import app
from editorial_ai.config import Settings
from editorial_ai.store.factory import open_run_store


def cli(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def test_worker_without_a_broker_exits_2_naming_the_setting(data_dir: Path) -> None:
    result = cli("worker")
    assert result.exit_code == 2
    assert "EDITORIAL_AI_BROKER_URL" in result.output and "editorial-ai serve" in result.output


def test_worker_with_a_broker_that_is_down_exits_2_with_the_fix(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EDITORIAL_AI_BROKER_URL", "redis://127.0.0.1:1/0")
    result = cli("worker")
    assert result.exit_code == 2 and "unreachable" in result.output and "start Redis" in result.output


def test_runs_list_shows_every_run_and_retry_refuses_a_run_at_the_gate(data_dir: Path) -> None:
    settings = Settings(EDITORIAL_AI_DATA_DIR=data_dir)

    async def register() -> None:  # `run` executes in its own process; a served run is registered like this
        store = await open_run_store(settings)
        await store.enqueue("t-gate", "start", keyword="Jennie Effect")
        lease = await store.acquire("t-gate", "server@elsewhere:1:x", 30)
        assert lease is not None
        await store.release(lease, "waiting", outcome="waiting")
        await store.close()

    asyncio.run(register())
    listed = cli("runs", "list", "--json")
    assert listed.exit_code == 0, listed.output
    body = json.loads(listed.output)
    assert body["total"] == 1 and body["items"][0]["status"] == "waiting"
    assert cli("runs", "list", "--status", "bogus").exit_code == 2
    table = cli("runs", "list")
    assert "t-gate" in table.output and "waiting" in table.output
    refused = cli("runs", "retry", "t-gate")
    assert refused.exit_code == 1 and "waits for a human decision" in refused.output
    unknown = cli("runs", "retry", "nope")
    assert unknown.exit_code == 1 and "no pipeline run" in unknown.output
