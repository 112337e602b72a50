"""CLI: eval, calibrate and brief on scripted models only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from editorial_ai.cli.main import app

ROOT = Path(__file__).parents[2]
runner = CliRunner()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_eval_scripted_models_writes_json_and_pdf(data_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "eval"
    result = runner.invoke(app, ["eval", "--models", "scripted:good,scripted:weak,scripted:eval_broken",
                                 "--keywords", str(ROOT / "examples" / "keywords.txt"), "--runs", "1",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "quality leader(s): scripted:good" in result.output
    assert "error: CellError" in result.output or "error: LLMError" in result.output
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert len(data["cells"]) == 6 and data["leaders"] == ["scripted:good"]
    assert (out / "report.pdf").read_bytes().startswith(b"%PDF") and data["report"]["error"] is None
    assert not (data_dir / "editorial.db").exists()  # cells never touch the real database


def test_eval_json_research_brief_without_pdf(data_dir: Path, tmp_path: Path) -> None:
    keywords = tmp_path / "kw.txt"
    keywords.write_text("Jennie Effect | Who leads it?; Which bag defines it?; Where is it worn?\n", encoding="utf-8")
    result = runner.invoke(app, ["eval", "--models", "scripted:good", "--keywords", str(keywords),
                                 "--content-type", "research_brief", "--no-pdf", "--no-critic", "--json",
                                 "--out", str(tmp_path / "o"), "--judge-model", "scripted:weak"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    cell = data["cells"][0]
    assert cell["revisions"] == 0 and cell["judge_model"] == "scripted:weak" and not data["config"]["critic"]
    assert "## Which bag defines it?" in cell["excerpt"] and data["report"]["pdf_path"] is None


@pytest.mark.parametrize(("args", "message"), [
    (["--models", "nonsense"], "must look like provider:model"),
    (["--models", "scripted:good", "--content-type", "tech_blog"], "--content-type must be one of"),
    (["--models", " , "], "lists no model"),
])
def test_eval_rejects_bad_options(args: list[str], message: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["eval", *args, "--keywords", str(ROOT / "examples" / "keywords.txt"),
                                 "--out", str(tmp_path)])
    assert result.exit_code == 2 and message in result.output


def test_calibrate_labels_with_scripted_judge(data_dir: Path) -> None:
    result = runner.invoke(app, ["calibrate", "--labels", str(ROOT / "examples" / "calibration.jsonl"),
                                 "--model", "scripted:eval_calibration", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [t["content_type"] for t in report["types"]] == ["fashion_magazine", "text"]
    assert report["types"][1]["threshold"]["best"]["accuracy"] == 0.875  # text: claim checks, no judge
    table = runner.invoke(app, ["calibrate", "--labels", str(ROOT / "examples" / "calibration.jsonl"),
                                "--model", "scripted:eval_calibration"])
    assert table.exit_code == 0 and "weighted_threshold: best" in table.output and "kappa" in table.output


def test_calibrate_from_decisions_after_a_human_decision(data_dir: Path) -> None:
    run = runner.invoke(app, ["run", "Jennie Effect", "--model", "scripted:happy", "--json"])
    assert run.exit_code == 0, run.output
    content_id = json.loads(run.output)["content_id"]
    assert runner.invoke(app, ["reject", content_id, "--reason", "Off brand."]).exit_code == 0
    result = runner.invoke(app, ["calibrate", "--from-decisions", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["verdicts"][0]["human_overall"] is False and report["verdicts"][0]["machine_overall"] is True
    assert report["types"][0]["overall"]["fn"] == 1


def test_calibrate_needs_exactly_one_source() -> None:
    assert runner.invoke(app, ["calibrate"]).exit_code == 2
    result = runner.invoke(app, ["calibrate", "--labels", "missing.jsonl"])
    assert result.exit_code == 2 and "does not exist" in result.output


def test_brief_prints_the_final_brief_and_scores(data_dir: Path) -> None:
    result = runner.invoke(app, ["brief", "Jennie Effect", "-q", "Who leads the trend?", "-q", "Which bag?",
                                 "--model", "scripted:good"])
    assert result.exit_code == 0, result.output
    assert "Who leads the trend?" in result.output and "comprehensiveness" in result.output
    assert "overall: 0.94 (PASSED)" in result.output  # the counted faithfulness and repetition checks pass


def test_brief_json_with_passages_file(data_dir: Path, tmp_path: Path) -> None:
    passages = tmp_path / "p.txt"
    passages.write_text("Jennie of BLACKPINK carried the Chanel 22 Bag at the airport.\n", encoding="utf-8")
    result = runner.invoke(app, ["brief", "Jennie Effect", "--passages", str(passages), "--model", "scripted:weak",
                                 "--max-revisions", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["revisions"] == 1 and data["flags"] == ["revision_cap_reached"]
    assert data["passages"] == ["Jennie of BLACKPINK carried the Chanel 22 Bag at the airport."]
    assert data["review"]["passed"] is False
