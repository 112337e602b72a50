"""Calibration against the shipped labels (scripted judge) and against stored admin decisions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editorial_ai.evaluation.calibrate_run import CalibrationRecord, calibrate_labels, load_records
from editorial_ai.evaluation.decisions import calibrate_decisions, form_labels
from editorial_ai.llm.scripted import ScriptedClient, load_scenario
from editorial_ai.store.catalog import SqliteCatalogRepository
from editorial_ai.store.contents import SqliteContentRepository

LABELS = Path(__file__).parents[2] / "examples" / "calibration.jsonl"


def test_shipped_labels_cover_both_types_and_both_verdicts() -> None:
    records = load_records(LABELS)
    assert len(records) >= 12
    assert {r.content_type for r in records} == {"fashion_magazine", "text"}
    for content_type in ("fashion_magazine", "text"):
        overall = [r.overall() for r in records if r.content_type == content_type]
        assert overall.count(True) >= 3 and overall.count(False) >= 3
    assert any(not r.human.get("hallucination", True) for r in records)


async def test_calibration_on_the_shipped_labels(tmp_path: Path) -> None:
    catalog = SqliteCatalogRepository(tmp_path / "catalog.db")
    await catalog.initialize()
    judge = ScriptedClient(load_scenario("eval_calibration"))
    report = await calibrate_labels(LABELS, judge, known_entities=await catalog.known_entities())
    # Only fashion's optional visual_appeal is judged now: one judge call per fashion record, none for text.
    assert not report.errors and len(report.verdicts) == 16 and len(judge.calls) == 8
    fashion, text = report.types
    assert (fashion.content_type, text.content_type) == ("fashion_magazine", "text")
    by = {c.criterion: c.metrics for c in fashion.criteria}
    # claim-level grounding also catches the product named only in the text ("Chanel Boy Bag")
    assert (by["hallucination"]["tp"], by["hallucination"]["fn"], by["hallucination"]["fp"]) == (3, 0, 0)
    # tp=3 fp=1 fn=1 tn=3: p_o = 6/8, p_e = (4*4 + 4*4)/64 = 0.5 -> kappa 0.5. The unsourced "wedding" is
    # lower-case prose the lexical checks cannot see; fm-clean-airport's "the bag sells out within days" is
    # labelled clean because its topic's trend background says the looks sell out, but that background lists no
    # research source, so it vouches for no reported sale (a model writes it at curation).
    assert (by["fact_accuracy"]["tp"], by["fact_accuracy"]["fp"], by["fact_accuracy"]["fn"]) == (3, 1, 1)
    assert by["fact_accuracy"]["kappa"] == pytest.approx(0.5)
    # These hand-written drafts are two or three sentences long: below the 250-word floor every article must now
    # reach, so completeness fails them all (the labels predate that floor) and no fashion draft passes.
    assert by["content_completeness"]["fp"] == 7
    assert (fashion.overall["tp"], fashion.overall["fp"], fashion.overall["tn"]) == (5, 3, 0)
    text_by = {c.criterion: c.metrics for c in text.criteria}
    assert text_by["hallucination"]["accuracy"] == 1.0 and text_by["hallucination"]["kappa"] == pytest.approx(1.0)
    # the contradiction ("fewer sick days" turned into "more") is lower-case prose: missed, never a false alarm
    assert (text_by["fact_accuracy"]["tp"], text_by["fact_accuracy"]["fp"]) == (3, 0)
    assert text.overall["accuracy"] == pytest.approx(0.875)


async def test_content_type_filter_and_deterministic_only(tmp_path: Path) -> None:
    report = await calibrate_labels(LABELS, None, content_type="text")
    assert [t.content_type for t in report.types] == ["text"]
    by = {c.criterion: c for c in report.types[0].criteria}
    # text is reviewed without a judge: claim support decides fact_accuracy, nothing is skipped
    assert by["fact_accuracy"].skipped == 0 and by["fact_accuracy"].metrics["n"] == 8
    assert by["hallucination"].metrics["accuracy"] == 1.0


def test_record_labels_and_overall() -> None:
    record = CalibrationRecord.model_validate({"content_type": "text", "draft": "x",
                                               "human": {"hallucination": "fail", "fact_accuracy": "yes"}})
    assert record.human == {"hallucination": False, "fact_accuracy": True} and record.overall() is False
    explicit = CalibrationRecord.model_validate({"draft": "x", "human": {"a": "fail"}, "human_overall": "pass"})
    assert explicit.overall() is True
    with pytest.raises(ValueError):
        CalibrationRecord.model_validate({"draft": "x", "human": {"a": "perhaps"}})


def test_load_records_reports_the_line(tmp_path: Path) -> None:
    path = tmp_path / "labels.jsonl"
    path.write_text('{"content_type": "text", "draft": "a", "human": {}}\n\n{"draft": "b"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=":3: no content_type"):
        load_records(path)
    assert [r.content_type for r in load_records(path, "text")] == ["text", "text"]
    path.write_text("{broken\n", encoding="utf-8")
    with pytest.raises(ValueError, match=":1:"):
        load_records(path)


async def _content(repo: SqliteContentRepository, thread: str, passed: bool, score: float, decision: str | None,
                   *, form: dict | None = None, status: str | None = None) -> str:
    review = {"passed": passed, "composite_score": score, "summary": "",
              "criteria": [{"criterion": "format", "passed": True}, {"criterion": "hallucination", "passed": True},
                           {"criterion": "content_completeness", "passed": True},
                           {"criterion": "trend_relevance", "passed": True},
                           {"criterion": "repetition", "passed": True}, {"criterion": "originality", "passed": True},
                           {"criterion": "fact_accuracy", "passed": passed}]}
    content_id = await repo.upsert_pending(thread_id=thread, attempt=1, status="pending", title="t", keyword="k",
                                           content_type="fashion_magazine", layout={}, review=review, flags=[])
    if decision:
        await repo.transition(content_id, expected=("pending",), new_status=status or decision)  # type: ignore[arg-type]
        payload = {"decision": decision, "review_form": form} if form else {"decision": decision}
        await repo.record_event(content_id=content_id, thread_id=thread, decision=decision, reviewer="ed",
                                payload=payload)
    return content_id


async def test_calibration_from_decisions(tmp_path: Path) -> None:
    repo = SqliteContentRepository(tmp_path / "db.sqlite")
    await repo.initialize()
    await _content(repo, "t1", True, 0.9, "approved")
    await _content(repo, "t2", True, 0.72, "rejected", form={"wrong_information": True})
    await _content(repo, "t3", False, 0.4, "revision_requested")
    await _content(repo, "t4", True, 0.95, "approved", status="published")
    await _content(repo, "t5", True, 0.9, None)  # still awaiting a decision: left out
    report = await calibrate_decisions(repo)
    assert len(report.verdicts) == 4
    assert report.errors == ["1 content(s) without a decided, reviewed draft were left out"]
    section = report.types[0]
    # reviewer pass/human fail once (t2): tp=1 fp=0 fn=1 tn=2
    assert (section.overall["tp"], section.overall["fp"], section.overall["fn"], section.overall["tn"]) == (1, 0, 1, 2)
    assert section.threshold.best is not None and section.threshold.best.accuracy == 1.0
    assert 0.72 < section.threshold.best.threshold <= 0.9
    fact = next(c for c in section.criteria if c.criterion == "fact_accuracy")
    assert fact.metrics["n"] == 1 and fact.metrics["fn"] == 1  # the form said wrong information, the judge passed it


async def test_a_plug_in_types_decisions_are_calibrated_on_its_own_rubric(tmp_path: Path) -> None:
    repo = SqliteContentRepository(tmp_path / "db.sqlite")
    await repo.initialize()
    review = {"passed": True, "composite_score": 1.0, "summary": "",
              "criteria": [{"criterion": "length", "passed": True}, {"criterion": "grounding", "passed": True}]}
    content_id = await repo.upsert_pending(thread_id="s1", attempt=1, status="pending", title="t", keyword="k",
                                           content_type="social_post", layout={}, review=review, flags=[])
    await repo.transition(content_id, expected=("pending",), new_status="approved")
    await repo.record_event(content_id=content_id, thread_id="s1", decision="approved", reviewer="ed",
                            payload={"decision": "approved"})
    report = await calibrate_decisions(repo)
    assert [v.content_type for v in report.verdicts] == ["social_post"]  # its rubric.yaml, not rubrics/


def test_form_labels() -> None:
    assert form_labels({"review_form": {"wrong_information": True, "bad_format": True, "information_present": False}}) \
        == {"fact_accuracy": False, "format": False, "content_completeness": False}
    assert form_labels({}) == {}


def test_labels_file_is_valid_json_lines() -> None:
    for line in LABELS.read_text(encoding="utf-8").splitlines():
        assert isinstance(json.loads(line), dict)
