"""The editor's terminal: exit codes, id prefixes, one status vocabulary, the article as text, reviewers."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

from .test_cli import cli, cli_json, text


def _run(*extra: str) -> tuple[Result, dict[str, Any]]:
    result = cli("run", "Jennie Effect", *extra, "--json")
    return result, json.loads(result.stdout)


def test_run_exit_codes_follow_the_outcome(data_dir: Path) -> None:
    ok, out = _run()
    assert ok.exit_code == 0 and out["status"] == "pending" and out["pipeline_status"] == "awaiting_approval"
    failed, out = cli("run", "Qxzvw Plorbt", "--json"), None
    assert failed.exit_code == 1 and json.loads(failed.stdout)["pipeline_status"] == "failed"
    escalated, out = _run("--model", "scripted:test_always_hallucinate")
    assert escalated.exit_code == 3 and out["status"] == "escalated"
    human = cli("run", "Qxzvw Plorbt")
    assert human.exit_code == 1 and "the run failed" in text(human)


def test_help_documents_the_exit_codes_and_every_command(data_dir: Path) -> None:
    result = cli("--help")
    assert result.exit_code == 0
    for needle in ("Exit codes", "1 the run failed", "3 escalated", "run", "contents", "reviewers", "serve"):
        assert needle in text(result), needle
    assert "Exit status" in text(cli("run", "--help"))


def test_ids_can_be_shortened_while_unambiguous(data_dir: Path) -> None:
    _, first = _run()
    content_id = first["content_id"]
    shown = cli_json("contents", "show", content_id[:6])
    assert shown["id"] == content_id
    approved = cli_json("approve", content_id[:8])
    assert approved["content_status"] == "approved"
    assert cli_json("publish", content_id[:8], "--yes")["content_status"] == "published"
    listing = cli("contents", "list")
    assert content_id[:8] in text(listing) and content_id not in text(listing)  # short ids do not wrap


def test_an_ambiguous_prefix_lists_the_candidates(data_dir: Path) -> None:
    for _ in range(2):
        _run()
    with sqlite3.connect(data_dir / "editorial.db") as conn:  # give both contents ids with a common start
        ids = [row[0] for row in conn.execute("SELECT id FROM editorial_contents")]
        renamed = [f"abcd{n}{content_id[5:]}" for n, content_id in enumerate(ids)]
        for old, new in zip(ids, renamed, strict=True):
            conn.execute("UPDATE editorial_contents SET id=? WHERE id=?", (new, old))
    result = cli("contents", "show", "abcd")
    assert result.exit_code == 2
    assert "matches several contents" in text(result) and all(i in text(result) for i in renamed)
    assert cli_json("contents", "show", renamed[1][:5])["id"] == renamed[1]


def test_unknown_ids_are_a_clear_error(data_dir: Path) -> None:
    for args in (["contents", "show", "nope"], ["approve", "nope"]):
        result = cli(*args)
        assert result.exit_code == 2 and "no content with id 'nope'" in text(result), args


@pytest.mark.parametrize("bad", ["pendng", "awaiting", "done"])
def test_a_misspelt_status_names_the_valid_ones(data_dir: Path, bad: str) -> None:
    result = cli("contents", "list", "--status", bad)
    assert result.exit_code == 2
    assert bad in text(result) and "pending, escalated, revision_requested, approved, published, rejected" in text(
        result
    )


def test_legacy_status_names_mean_the_same_state(data_dir: Path) -> None:
    _run()
    assert cli_json("contents", "list", "--status", "awaiting_approval")["total"] == 1
    assert cli_json("contents", "list", "--status", "PENDING")["total"] == 1
    assert cli_json("contents", "list", "--status", "needs_human_review")["total"] == 0


def test_show_prints_the_article_as_text(data_dir: Path) -> None:
    _, out = _run()
    shown = cli_json("contents", "show", out["content_id"])
    paragraphs = [p for b in shown["layout_json"]["blocks"] if b["type"] == "body_text" for p in b["paragraphs"]]
    human = cli("contents", "show", out["content_id"])
    assert human.exit_code == 0
    assert shown["title"].upper()[:30] in text(human).upper()
    assert " ".join(paragraphs[0].split()[:8]).replace("'", "’")[:40] in text(human).replace("'", "’")
    assert f"/preview/{out['content_id']}" in text(human) and "pending:" in text(human)


def test_approving_twice_says_what_happened_and_when(data_dir: Path) -> None:
    _, out = _run()
    assert cli("approve", out["content_id"], "--reviewer", "kim").exit_code == 0
    assert cli("publish", out["content_id"], "--reviewer", "kim", "--yes").exit_code == 0
    again = cli("approve", out["content_id"])
    assert again.exit_code == 2
    message = text(again)
    assert "already published at" in message and "by kim" in message and "nothing changed" in message
    assert "Traceback" not in message


def test_rejecting_after_a_rejection_names_the_reviewer(data_dir: Path) -> None:
    _, out = _run()
    cli("reject", out["content_id"], "--reason", "Off-brand", "--reviewer", "lee")
    again = cli("approve", out["content_id"])
    assert again.exit_code == 2 and "already rejected" in text(again) and "by lee" in text(again)


def test_reviewers_add_prints_the_key_once_and_list_never_does(data_dir: Path) -> None:
    added = cli_json("reviewers", "add", "Mina Park")
    assert added["name"] == "Mina Park" and added["key"].startswith("ea_")
    listing = cli("reviewers", "list")
    assert listing.exit_code == 0 and "Mina Park" in text(listing) and added["key"] not in text(listing)
    assert added["key"] not in (data_dir / "reviewers.json").read_text(encoding="utf-8")
    duplicate = cli("reviewers", "add", "Mina Park")
    assert duplicate.exit_code == 2 and "already exists" in text(duplicate)
    assert cli("reviewers", "remove", "Mina Park").exit_code == 0
    assert "no reviewers" in text(cli("reviewers", "list"))


def _clean_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("EDITORIAL_AI_") and k != "ADMIN_API_KEY"}
    return {**env, "EDITORIAL_AI_DATA_DIR": str(tmp_path / "data")}


@pytest.mark.parametrize("args", [["--help"], ["contents", "list"]])
def test_start_up_imports_no_heavy_library(tmp_path: Path, args: list[str]) -> None:
    """`--help` and `contents list` never import langgraph, FastAPI or the model clients (start-up time)."""
    probe = (
        "import sys, runpy; sys.argv = ['editorial-ai', *sys.argv[1:]]\n"
        "try:\n    runpy.run_module('editorial_ai.cli.main', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "heavy = [m for m in ('langgraph', 'fastapi', 'openai', 'google.genai', 'llama_cpp', 'matplotlib')"
        " if m in sys.modules]\n"
        "print('HEAVY=' + ','.join(heavy), file=sys.stderr)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe, *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=_clean_env(tmp_path),
    )
    assert "HEAVY=\n" in result.stderr or result.stderr.rstrip().endswith("HEAVY="), result.stderr


def test_the_live_table_names_steps_in_words_grouped_by_draft() -> None:
    from rich.console import Console

    from editorial_ai.cli.run_cmd import NodeProgress

    progress = NodeProgress()
    for node, outcome in [
        ("curation", None),
        ("editorial", None),
        ("review", "fail"),
        ("editorial", None),
        ("review", "pass"),
        ("human_decision", "interrupted"),
    ]:
        progress(node, "node_enter", {})
        status = "interrupted" if outcome == "interrupted" else "success"
        progress(
            node,
            "node_complete",
            {
                "status": status,
                "duration_ms": 1500.0,
                "total_tokens": 12,
                "outcome": None if outcome == "interrupted" else outcome,
            },
        )
    progress("publish", "node_enter", {})  # still running: its time counts up
    console = Console(width=100, record=True, color_system=None)
    console.print(progress.table())
    out = console.export_text()
    for needle in (
        "Finding trends",
        "Writing draft 1",
        "Reviewing draft 1",
        "did not pass",
        "Writing draft 2",
        "Reviewing draft 2",
        "passed",
        "waiting for an editor",
        "Publishing",
        "running",
        "1.5s",
    ):
        assert needle in out, needle
    assert "success" not in out and "review " not in out.replace("Reviewing", "")
    assert [r["attempt"] for r in progress.rows] == [0, 1, 1, 2, 2, 2, 2]


def test_an_escalated_draft_is_approved_only_with_confirmation_and_a_note(data_dir: Path) -> None:
    result, out = _run("--model", "scripted:test_always_hallucinate")
    assert result.exit_code == 3
    refused = cli("approve", out["content_id"])
    assert refused.exit_code == 2 and "--confirm" in text(refused) and "escalated" in text(refused)
    no_note = cli("approve", out["content_id"], "--confirm")
    assert no_note.exit_code == 2 and "--note" in text(no_note)
    assert cli_json("contents", "show", out["content_id"])["status"] == "escalated"  # nothing changed
    approved = cli("approve", out["content_id"], "--confirm", "--note", "Checked the brand by hand", "--json")
    assert approved.exit_code == 0, approved.output
    events = cli_json("contents", "show", out["content_id"])["events"]
    assert [(e["decision"], e["payload"]["note"]) for e in events] == [("approved", "Checked the brand by hand")]


def test_every_registered_command_loads() -> None:
    """A typo in LAZY_COMMANDS would only show when that command runs: load each one here."""
    from editorial_ai.cli.main import LAZY_COMMANDS, _load

    for name, (target, short_help) in LAZY_COMMANDS.items():
        command = _load(name, target)
        assert command.name == name and short_help, name
