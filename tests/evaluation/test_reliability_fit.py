"""Fitting the reliability table: thresholds on the tune split, kappa on the test split, verdicts re-decided;
and `calibrate --split / --write-reliability` end to end with scripted judges."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from editorial_ai.cli.main import app
from editorial_ai.content_types.exam_item import EXAM_ITEM
from editorial_ai.evaluation.calibrate_run import CalibrationRecord, Verdict, select_split, verdict_from_results
from editorial_ai.evaluation.reliability_fit import best_threshold, fit_reliability
from editorial_ai.models.review import CriterionResult
from editorial_ai.review.reliability import ReliabilityTable, load_reliability_file

ROOT = Path(__file__).parents[2]
EXAM_LABELS = ROOT / "examples" / "labels" / "exam_item.jsonl"
runner = CliRunner()
JUDGED = [c.name for c in EXAM_ITEM.rubric().by_check("judge")]
TABLE = ReliabilityTable.model_validate({"backends": [{"backend": "local:*", "unmeasured": "advisory"}]})


def _verdict(i: int, split: str, clinical_ok: bool, clinical_score: float) -> Verdict:
    """An exam item whose judge scored every dimension; only clinical_accuracy's score carries information."""
    rubric = EXAM_ITEM.rubric()
    results = [CriterionResult(criterion=c.name, passed=True, reason="ok", score=1.0, source="validation")
               for c in rubric.by_check("validation")]
    results += [CriterionResult(criterion=name, passed=True, reason="r", source="judge",
                                score=clinical_score if name == "clinical_accuracy" else 0.8) for name in JUDGED]
    human = dict.fromkeys(JUDGED, True) | {"clinical_accuracy": clinical_ok}
    record = CalibrationRecord(id=f"r{i}", content_type="exam_item", draft={}, human=human, human_overall=clinical_ok,
                               split=split)  # type: ignore[arg-type]
    return verdict_from_results(record, rubric, results, passed=False, composite=None)


def _verdicts() -> list[Verdict]:
    # tune: fails score 0.2-0.35, passes 0.55-0.7 -> the threshold lands between; test: one pass scored low
    out = [_verdict(i, "tune", ok, s) for i, (ok, s) in enumerate(
        [(False, 0.2), (False, 0.3), (False, 0.35), (True, 0.55), (True, 0.6), (True, 0.7)])]
    out += [_verdict(10 + i, "test", ok, s) for i, (ok, s) in enumerate(
        [(False, 0.25), (False, 0.4), (True, 0.3), (True, 0.65), (True, 0.75), (True, 0.8)])]
    return out


def test_best_threshold_maximises_kappa() -> None:
    best = best_threshold([0.2, 0.3, 0.6, 0.7], [False, False, True, True])
    assert best is not None and best.threshold == pytest.approx(0.45) and best.kappa == pytest.approx(1.0)
    assert best_threshold([], []) is None
    assert best_threshold([0.2, 0.9], [True, True]) is None  # one label only: nothing to separate


def test_fit_chooses_thresholds_on_tune_and_measures_kappa_on_test() -> None:
    fit = fit_reliability(_verdicts(), backend="local:gemma-3-270m", probability=True, measured_on="labels",
                          table=TABLE)
    entry = next(e for e in fit.entries if e.criterion == "clinical_accuracy")
    assert entry.threshold == pytest.approx(0.45)  # midpoint of 0.35 and 0.55, from the tune half only
    # test at 0.45: 0.25 and 0.4 fail human fails (tp 2), 0.3 fails a pass (fp 1), three tn:
    # p_o = 5/6, p_e = (3*2 + 3*4)/36 = 0.5 -> kappa 2/3
    assert (entry.n, entry.kappa) == (6, pytest.approx(0.6667, abs=1e-4))
    assert not fit.table.policy("local:gemma-3-270m", "exam_item", "clinical_accuracy").advisory
    others = [e for e in fit.entries if e.criterion != "clinical_accuracy"]
    # humans passed everything: the threshold stays, the kappa is undefined
    assert others and all(e.kappa is None and e.threshold == 0.5 for e in others)
    assert len(fit.test_verdicts) == 6 and all(v.split == "test" for v in fit.test_verdicts)
    first = fit.test_verdicts[0]
    assert first.machine["clinical_accuracy"] is False  # 0.25 < 0.45, re-decided with the fitted threshold
    assert first.machine_overall is False and not first.contradictions
    clinical = next(r for r in first.results if r.criterion == "clinical_accuracy")
    assert not clinical.advisory and "below the 0.45 threshold" in clinical.reason
    assert clinical.reliability == "kappa 0.67 on local:gemma-3-270m (n=6)"
    # the other dimensions stay unmeasured on the embedded model: the item needs a human (flag), never a pass
    assert fit.test_verdicts[-1].machine_overall is False


def test_a_structured_judge_keeps_its_own_verdicts() -> None:
    fit = fit_reliability(_verdicts(), backend="scripted:x", probability=False, measured_on="labels",
                          table=ReliabilityTable())
    entry = next(e for e in fit.entries if e.criterion == "clinical_accuracy")
    assert entry.threshold == 0.5 and entry.kappa == 0.0  # it passed everything, the humans did not


def test_select_split_filters_and_names_the_fix() -> None:
    records = [CalibrationRecord(draft="x", split="tune"), CalibrationRecord(draft="y")]  # type: ignore[arg-type]
    assert select_split(records, "all") == records and len(select_split(records, "tune")) == 1
    with pytest.raises(ValueError, match="--split all"):
        select_split(records, "test")


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def test_calibrate_split_reports_one_half_with_the_contradiction_count(data_dir: Path) -> None:
    result = runner.invoke(app, ["calibrate", "--labels", str(EXAM_LABELS), "--model", "scripted:exam_good",
                                 "--split", "test", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["split"] == "test" and len(report["verdicts"]) == 30
    assert {v["split"] for v in report["verdicts"]} == {"test"}
    assert report["types"][0]["contradictions"] == 0 and report["seconds_per_record"] is not None
    table = runner.invoke(app, ["calibrate", "--labels", str(EXAM_LABELS), "--model", "scripted:exam_good",
                                "--split", "tune"])
    assert table.exit_code == 0
    assert "verdicts whose reason contradicts their pass flag: 0" in " ".join(table.output.split())


def test_calibrate_write_reliability_updates_only_the_given_table(data_dir: Path) -> None:
    path = data_dir / "reliability.yaml"
    result = runner.invoke(app, ["calibrate", "--labels", str(EXAM_LABELS), "--model", "scripted:exam_good",
                                 "--split", "tune", "--write-reliability", "--reliability-file", str(path)])
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())
    assert "judge reliability on scripted:exam_good" in output and "split: test" in output
    table = load_reliability_file(path)
    backend = table.backend_for("scripted:exam_good")
    assert backend is not None and backend.backend == "scripted:exam_good"
    assert {e.criterion for e in backend.criteria} == set(JUDGED)
    clinical = backend.entry("exam_item", "clinical_accuracy")
    # the scripted judge passes every item: it never agrees with a human fail beyond chance
    assert clinical is not None and clinical.n > 0 and (clinical.kappa or 0.0) <= 0.0
    assert "test split" in clinical.measured_on and clinical.date is not None


@pytest.mark.parametrize("args", [["--split", "test"], ["--no-judge"]])
def test_write_reliability_needs_the_tune_split_and_a_judge(data_dir: Path, args: list[str]) -> None:
    result = runner.invoke(app, ["calibrate", "--labels", str(EXAM_LABELS), "--write-reliability",
                                 "--reliability-file", str(data_dir / "r.yaml"), *args])
    assert result.exit_code == 2 and "tune" in result.output
