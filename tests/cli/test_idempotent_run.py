"""`run --idempotency-key`: a repeated key reports the first run and starts nothing (the API's Idempotency-Key)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from editorial_ai.cli.main import app


def test_a_repeated_key_reports_the_first_run(data_dir: Path) -> None:
    runner = CliRunner()
    first = runner.invoke(app, ["run", "Jennie Effect", "--json", "--idempotency-key", "nightly-1"])
    again = runner.invoke(app, ["run", "Jennie Effect", "--json", "--idempotency-key", "nightly-1"])
    one, two = json.loads(first.output), json.loads(again.output)
    assert one["thread_id"] == two["thread_id"]
    assert (one["idempotent_replay"], two["idempotent_replay"]) == (False, True)
    assert first.exit_code == again.exit_code
    listed = json.loads(runner.invoke(app, ["runs", "list", "--json"]).output)
    assert listed["total"] == 1


def test_a_key_reused_for_another_keyword_exits_2(data_dir: Path) -> None:
    runner = CliRunner()
    runner.invoke(app, ["run", "Jennie Effect", "--json", "--idempotency-key", "k"])
    reused = runner.invoke(app, ["run", "Quiet Luxury", "--json", "--idempotency-key", "k"])
    assert reused.exit_code == 2 and "--idempotency-key" in reused.output
    bad = runner.invoke(app, ["run", "Jennie Effect", "--idempotency-key", " "])
    assert bad.exit_code == 2 and "printable ASCII" in bad.output
