"""Public labelled data: the SummaC files converted into calibration records, the judge alone scored and fitted
(threshold on tune, kappa on test), and the reliability table entries of the embedded chat model read back."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

from editorial_ai.evaluation import public_labels as pl
from editorial_ai.evaluation.calibrate_run import load_records
from editorial_ai.review.judge import judge_by_probability
from editorial_ai.review.reliability import SHIPPED_TABLE, load_reliability_file, shipped_reliability

ROOT = Path(__file__).parents[2]
SAMPLE = ROOT / "examples" / "public_labels" / "summac_sample.jsonl"
QWEN = "local:qwen2.5-coder-1.5b"

DOC = "Mara Quill opened a bakery in Lisbon in 2019. It sells rye bread and almond cakes to the old town."


def _file(folder: Path, name: str, rows: dict[str, dict[str, object]]) -> None:
    (folder / f"{name}.json").write_text(json.dumps(rows), encoding="utf-8")


@pytest.fixture
def summac_dir(tmp_path: Path) -> Path:
    """Four tiny benchmark files: labels as numbers and strings, one document too long to keep."""
    folder = tmp_path / "summac"
    folder.mkdir()
    for name in pl.SUMMAC_FILES:
        rows: dict[str, dict[str, object]] = {}
        for i in range(4):
            consistent = i % 2 == 0
            rows[f"{name}_{i}"] = {
                "document": DOC, "origin": "cnndm", "label": 1 if consistent else "0",
                "claim": "mara quill opened a bakery in lisbon." if consistent else "mara quill opened a bank in rome."}
        rows[f"{name}_long"] = {"document": "word " * 400, "claim": "a long one.", "label": 0}
        _file(folder, name, rows)
    return folder


def test_convert_writes_balanced_text_records_with_the_label_on_the_grounding_criteria(
        summac_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "sample.jsonl"
    records = pl.convert(summac_dir, out, per_label=6, max_words=50, seed=3)

    assert len(records) == 12
    assert Counter(r["perturbation"] for r in records) == {"consistent": 6, "inconsistent": 6}
    assert not any(r["id"].endswith("_long") for r in records)  # documents over max_words are left out
    # spread over the four files as evenly as they allow: 6 per label over 4 files -> 2, 2, 1, 1
    per_file = Counter((r["edit"]["file"], r["perturbation"]) for r in records)
    assert sorted(per_file.values()) == [1, 1, 1, 1, 2, 2, 2, 2]
    for record in records:
        verdict = "pass" if record["perturbation"] == "consistent" else "fail"
        assert record["content_type"] == "text"
        assert record["sources"] == [DOC]
        assert record["human"] == {"hallucination": verdict, "fact_accuracy": verdict}
        assert record["human_overall"] == verdict
        assert ("bank" in record["draft"]) == (verdict == "fail")
    # the calibration loader reads the file: labels as booleans, splits kept
    loaded = load_records(out)
    assert [r.id for r in loaded] == [r["id"] for r in records]
    assert all(r.overall() == (r.perturbation == "consistent") for r in loaded)
    assert {r.split for r in loaded} == {"tune", "test"}


def test_every_file_and_label_is_halved_into_tune_and_test(summac_dir: Path, tmp_path: Path) -> None:
    records = pl.convert(summac_dir, tmp_path / "s.jsonl", per_label=8, max_words=50)
    groups = Counter((r["edit"]["file"], r["perturbation"], r["split"]) for r in records)
    for name in pl.SUMMAC_FILES:
        for label in ("consistent", "inconsistent"):
            assert groups[(f"{name}.json", label, "tune")] == groups[(f"{name}.json", label, "test")] == 1


def test_conversion_is_reproducible_and_the_seed_changes_the_draw(summac_dir: Path, tmp_path: Path) -> None:
    first, second, other = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    pl.convert(summac_dir, first, per_label=4, max_words=50, seed=1)
    pl.convert(summac_dir, second, per_label=4, max_words=50, seed=1)
    assert first.read_bytes() == second.read_bytes()
    draws = {pl.convert(summac_dir, other, per_label=4, max_words=50, seed=s)[0]["id"] for s in range(12)}
    assert len(draws) > 1


def test_a_missing_file_or_an_unreadable_label_is_an_error(summac_dir: Path) -> None:
    (summac_dir / "factcc.json").unlink()
    with pytest.raises(FileNotFoundError, match=r"factcc\.json"):
        pl.read_summac_dir(summac_dir)
    _file(summac_dir, "factcc", {"x": {"document": DOC, "claim": "c.", "label": "maybe"}})
    with pytest.raises(ValueError, match="not 0 or 1"):
        pl.read_summac_dir(summac_dir)


def test_the_committed_sample_is_balanced_short_and_split() -> None:
    records = load_records(SAMPLE)
    assert len(records) == 2 * pl.PER_LABEL == 120
    assert Counter(r.overall() for r in records) == {True: 60, False: 60}
    assert all(len(r.sources[0].split()) <= pl.MAX_WORDS for r in records)
    assert Counter(r.split for r in records) == {"tune": 62, "test": 58}
    assert all(set(r.human) == set(pl.JUDGED) for r in records)


class FakeScorer:
    """A probability judge that says Yes with 0.9 to drafts without "bank" and 0.3 to the rest."""

    def __init__(self, name: str = QWEN) -> None:
        self.name = name
        self.prompts: list[Sequence[str]] = []
        self.options: list[list[str]] = []

    async def score_options(self, prompt: str | Sequence[str], options: list[str]) -> dict[str, float]:
        parts = [prompt] if isinstance(prompt, str) else list(prompt)
        self.prompts.append(parts)
        self.options.append(list(options))
        p = 0.3 if "bank" in parts[1] else 0.9
        if options[0] == "Yes":  # the alternative options read a sharper verdict
            p = 0.1 if "bank" in parts[1] else 0.95
        return {options[0]: p, options[1]: 1 - p}


async def test_score_records_asks_each_grounding_question_and_resumes(summac_dir: Path, tmp_path: Path) -> None:
    labels, scores = tmp_path / "s.jsonl", tmp_path / "scores.jsonl"
    pl.convert(summac_dir, labels, per_label=4, max_words=50)
    records = load_records(labels)
    scorer = FakeScorer()
    assert await pl.score_records(records[:3], scorer, scores, log=lambda _: None) == 3
    assert len(scorer.prompts) == 3 * len(pl.JUDGED)  # one question per criterion per record
    assert DOC in scorer.prompts[0][1] and records[0].draft in scorer.prompts[0][1]  # the draft part: sources + draft
    # a rerun scores only the records not yet in the file
    assert await pl.score_records(records, scorer, scores, log=lambda _: None) == len(records) - 3
    rows = pl.read_scores(scores)
    assert [r["id"] for r in rows] == [r.id for r in records]
    for row, record in zip(rows, records, strict=True):
        expected = 0.3 if "bank" in record.draft else 0.9
        assert row["scores"] == dict.fromkeys(pl.JUDGED, expected)
        assert row["human"] == dict.fromkeys(pl.JUDGED, record.overall())
        assert row["judge"] == QWEN and row["split"] == record.split


async def test_alternative_options_score_the_same_parts_into_their_own_file(summac_dir: Path, tmp_path: Path) -> None:
    labels, scores, alt = tmp_path / "s.jsonl", tmp_path / "scores.jsonl", tmp_path / "alt.jsonl"
    pl.convert(summac_dir, labels, per_label=2, max_words=50)
    records = load_records(labels)
    scorer = FakeScorer()
    await pl.score_records(records[:1], scorer, scores, log=lambda _: None)  # scored before, without them
    scorer.prompts.clear()
    scorer.options.clear()
    assert await pl.score_records(records, scorer, scores, log=lambda _: None,
                                  alternative=(["Yes", "No"], alt)) == len(records) - 1
    # the first record gets only its alternative scores; the others both, the judge's own options first
    n = len(pl.JUDGED)
    assert scorer.options[:n] == [["Yes", "No"]] * n
    assert scorer.options[n:2 * n] == [[" Yes", " No"]] * n and scorer.options[2 * n:3 * n] == [["Yes", "No"]] * n
    shipped_parts = scorer.prompts[n]
    assert scorer.prompts[2 * n] == shipped_parts  # the same examples, draft and question
    rows = pl.read_scores(alt)
    assert [r["id"] for r in rows] == [r.id for r in records]
    for row, record in zip(rows, records, strict=True):
        assert row["options"] == ["Yes", "No"]
        assert row["scores"] == dict.fromkeys(pl.JUDGED, 0.1 if "bank" in record.draft else 0.95)
    assert len(pl.read_scores(scores)) == len(records)


def _row(i: int, split: str, score: float, passed: bool) -> dict[str, object]:
    return {"id": f"r{i}", "content_type": "text", "split": split, "judge": QWEN,
            "scores": {"fact_accuracy": score}, "human": {"fact_accuracy": passed}}


def test_fit_chooses_the_threshold_on_tune_and_measures_on_test() -> None:
    tune = [_row(0, "tune", 0.2, False), _row(1, "tune", 0.3, False), _row(2, "tune", 0.7, True),
            _row(3, "tune", 0.8, True)]
    # the test half has one pass scored low: a threshold taken from test would differ
    test = [_row(4, "test", 0.25, False), _row(5, "test", 0.4, True), _row(6, "test", 0.75, True),
            _row(7, "test", 0.9, True)]
    (fit,) = pl.fit_scores(tune + test)
    assert fit.fitted and fit.tune_n == 4 and fit.threshold == pytest.approx(0.5)
    assert (fit.test.tp, fit.test.fp, fit.test.fn, fit.test.tn) == (1, 1, 0, 2)
    assert fit.test.accuracy == pytest.approx(0.75)
    assert fit.test.kappa == pytest.approx(0.5)
    assert fit.test_auc == pytest.approx(1.0)  # every pass scored above the fail, whatever the threshold
    lines = pl.fit_lines([fit])
    assert "fact_accuracy" in lines[1] and lines[1].endswith("gates")


def test_rows_are_aligned_to_the_labels_file_s_records_and_splits(summac_dir: Path, tmp_path: Path) -> None:
    labels = tmp_path / "s.jsonl"
    pl.convert(summac_dir, labels, per_label=4, max_words=50)
    records = load_records(labels)
    rows = [{"id": r.id, "content_type": "text", "split": "other", "scores": {"fact_accuracy": 0.5},
             "human": {"fact_accuracy": None}} for r in records]
    rows.append({"id": "from-an-older-sample", "content_type": "text", "split": "tune",
                 "scores": {"fact_accuracy": 0.5}, "human": {"fact_accuracy": True}})
    aligned = pl.align_to_labels(rows, records)
    assert [row["id"] for row in aligned] == [r.id for r in records]
    for row, record in zip(aligned, records, strict=True):
        assert row["split"] == record.split
        assert row["human"] == {"fact_accuracy": record.overall()}  # only the scored criteria


def test_pass_auc_ranks_passes_above_fails_whatever_the_threshold() -> None:
    assert pl.pass_auc([(0.9, True), (0.1, False)]) == 1.0
    assert pl.pass_auc([(0.1, True), (0.9, False)]) == 0.0
    assert pl.pass_auc([(0.5, True), (0.5, False), (0.7, True), (0.2, False)]) == pytest.approx(0.875)
    assert pl.pass_auc([(0.5, True)]) is None


def test_fit_keeps_the_default_threshold_when_tune_has_one_label() -> None:
    rows = [_row(0, "tune", 0.9, True), _row(1, "tune", 0.8, True), _row(2, "test", 0.2, False),
            _row(3, "test", 0.9, True)]
    (fit,) = pl.fit_scores(rows)
    assert not fit.fitted and fit.threshold == 0.5
    assert "advisory" not in pl.fit_lines([fit])[1]  # kappa 1.0 on test


def test_write_fits_replaces_only_the_backend_s_criteria(tmp_path: Path) -> None:
    table_file = tmp_path / "reliability.yaml"
    shutil.copy(SHIPPED_TABLE, table_file)
    before = load_reliability_file(table_file)
    low = [_row(0, "tune", 0.2, False), _row(1, "tune", 0.8, True), _row(2, "test", 0.8, False),
           _row(3, "test", 0.2, True), _row(4, "test", 0.9, True)]
    fits = pl.fit_scores(low)
    table = pl.write_fits(fits, "local:test-model", "fixture", table_file)
    assert load_reliability_file(table_file) == table
    policy = table.policy("local:test-model", "text", "fact_accuracy")
    assert policy.kappa is not None and policy.kappa < table.min_kappa and policy.advisory
    assert policy.threshold == pytest.approx(fits[0].threshold)
    # every other backend is untouched
    others = [b for b in table.backends if b.backend != "local:test-model"]
    assert others == before.backends


@pytest.mark.parametrize("criterion", pl.JUDGED)
def test_the_shipped_table_holds_the_chat_model_s_public_label_figures(criterion: str) -> None:
    table = shipped_reliability()
    backend = table.backend_for(QWEN)
    assert backend is not None and backend.backend == QWEN
    entry = backend.entry("text", criterion)
    assert entry is not None and entry.n > 0 and "summac_sample.jsonl" in entry.measured_on
    policy = table.policy(QWEN, "text", criterion)
    assert policy.threshold == entry.threshold and policy.kappa == entry.kappa
    assert policy.advisory == (entry.kappa is None or entry.kappa < table.min_kappa)
    # the embedded 270M model keeps its own entries
    assert table.backend_for("local:gemma-3-270m") is not None
    assert table.backend_for("local:gemma-3-270m").backend == "local:gemma-3-270m"  # type: ignore[union-attr]


async def test_the_judge_on_the_chat_model_reads_its_table_entry() -> None:
    table = shipped_reliability()
    criteria = pl.judged_criteria()
    results, error = await judge_by_probability(FakeScorer(), pl.judge_document(load_records(SAMPLE)[0]), criteria,
                                                content_type="text", table=table)
    assert error is None
    for result in results:
        policy = table.policy(QWEN, "text", result.criterion)
        assert result.score == pytest.approx(0.9)
        assert result.passed == (policy.threshold <= 0.9)
        assert result.advisory == policy.advisory
        assert result.reliability == policy.note and QWEN in result.reliability
