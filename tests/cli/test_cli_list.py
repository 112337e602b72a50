"""The command line as a new user meets it (issue list): words said once, ids as tables show them, full names in
80-column tables, flags without a type, bad drafts as bad input, a shipped sample to review, and calibration that
leaves the packaged reliability table alone."""

from __future__ import annotations

import re
from pathlib import Path

from rich.console import Console

from editorial_ai.cli.eval_cmd import summary_table
from editorial_ai.evaluation.results import EvalConfig, EvalResults, MetricStats, ModelSummary

from .test_cli import _start, cli, cli_json, text

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "review"


def test_contents_show_says_published_once_and_keeps_the_flags(data_dir: Path) -> None:
    content_id = _start()["content_id"]
    cli_json("approve", content_id)
    cli_json("publish", content_id, "--yes")
    shown = text(cli("contents", "show", content_id))
    assert "published: published" not in shown and f"{content_id} published: served at /articles/" in shown
    assert "flags " in shown and "public since" in shown


def test_status_and_logs_take_the_ids_tables_show(data_dir: Path) -> None:
    started = _start()
    thread, content = started["thread_id"], started["content_id"]
    listing = text(cli("contents", "list"))
    assert thread[:8] in listing  # the run column: the prefix status and logs take
    for ref in (thread[:8], thread, content[:8]):
        out = cli_json("status", ref)
        assert out["thread_id"] == thread and out["content_id"] == content, ref
    logs = cli("logs", thread[:8])
    assert logs.exit_code == 0 and "status pending" in text(logs)
    assert "awaiting_approval" not in text(logs) and "{" not in text(logs)  # no raw dict, the shared status word
    unknown = cli("logs", "zzz")
    assert unknown.exit_code == 2 and "no run or content with id 'zzz'" in text(unknown)
    assert "runs list" in text(unknown) and "contents list" in text(unknown)
    missing = cli("status", "zzz")
    assert missing.exit_code == 2 and "runs list" in text(missing)


def test_runs_list_says_who_a_waiting_run_waits_for(data_dir: Path) -> None:
    _start()
    listing = text(cli("runs", "list"))
    assert "waiting" in listing and "editor" in listing and "human_decision" in listing


def test_flags_show_no_value_type_in_help() -> None:
    for command in (["run", "--help"], ["approve", "--help"], ["publish", "--help"]):
        helptext = cli(*command).output
        assert "<bool>" not in helptext, command
        assert re.search(r"--json\s", helptext), command


def test_eval_and_calibrate_tables_keep_full_names_at_80_columns(data_dir: Path) -> None:
    results = EvalResults(
        config=EvalConfig(models=["scripted:good", "scripted:weak"], keywords=["x"], runs=2),
        summaries=[ModelSummary(model=m, overall=MetricStats(n=2, mean=0.8, variance=0.04))
                   for m in ("scripted:good", "scripted:weak")])
    console = Console(width=80, record=True)
    console.print(summary_table(results))
    table = console.export_text()
    assert "scripted:good" in table and "scripted:weak" in table and "…" not in table
    assert re.search(r"sd of overall\s+│\s+0\.20", table)  # standard deviation, as the PDF report prints it
    calibrated = cli("calibrate", "--labels", str(ROOT / "examples" / "labels"), "--split", "test", "--no-judge")
    assert calibrated.exit_code == 0, calibrated.output
    assert "hallucination" in calibrated.output and "hallucin…" not in calibrated.output


def test_write_reliability_leaves_the_shipped_table_alone(data_dir: Path) -> None:
    from editorial_ai.review.reliability import SHIPPED_TABLE

    before = SHIPPED_TABLE.read_bytes()
    labels = ROOT / "examples" / "labels"
    result = cli("calibrate", "--labels", str(labels), "--content-type", "exam_item", "--model", "scripted:exam_good",
                 "--split", "tune", "--write-reliability")
    assert result.exit_code == 0, result.output
    assert SHIPPED_TABLE.read_bytes() == before
    assert (data_dir / "reliability.yaml").is_file() and "the review still reads the shipped table" in text(result)


def test_review_ships_a_sample_and_a_wrongly_shaped_draft_is_bad_input(data_dir: Path, tmp_path: Path) -> None:
    sources = str(SAMPLE / "sources.json")
    good = cli("review", str(SAMPLE / "draft.json"), "--sources", sources, "--no-judge")
    assert good.exit_code == 0, good.output
    bad = cli("review", str(SAMPLE / "draft_unsupported.json"), "--sources", sources, "--no-judge")
    assert bad.exit_code == 1 and "Failed review" in text(bad)
    shaped = tmp_path / "shaped.json"
    shaped.write_text('{"headline": "not a layout"}', encoding="utf-8")
    wrong = cli("review", str(shaped), "--sources", sources, "--no-judge")
    assert wrong.exit_code == 2 and "is not a fashion_magazine layout" in text(wrong)
    assert "examples/review/draft.json" in text(wrong)


def test_contents_show_never_says_review_passed_above_a_failed_review(data_dir: Path) -> None:
    import sqlite3

    content_id = _start()["content_id"]
    with sqlite3.connect(data_dir / "editorial.db") as conn:  # a stored review that did not pass, still pending
        conn.execute("UPDATE editorial_contents SET review_json=json_set(review_json, '$.passed', json('false'))"
                     " WHERE id=?", (content_id,))
    shown = text(cli("contents", "show", content_id))
    assert "review passed" not in shown and "the last review did not pass" in shown
