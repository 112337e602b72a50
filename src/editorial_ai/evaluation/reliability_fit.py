"""Fit the reliability table from a calibration run: thresholds on the tune split, kappa on the test split.

For a judge that reads probabilities the verdict is `score >= threshold`, so one review of every record is
enough: each judge criterion's threshold is the one whose verdicts agree best with the humans on the tune half
(highest kappa, then accuracy, then closest to 0.5), and its kappa is then measured on the test half with that
threshold. A judge that answers with structured verdicts keeps its own pass flags; only its kappa is measured.
The test-half verdicts are then re-decided with the new table (thresholds and advisory criteria), so the
figures printed are the ones the pipeline would now produce.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from editorial_ai.evaluation.calibrate_run import Verdict, mandatory_passed, rubric_of
from editorial_ai.evaluation.calibration import ThresholdCandidate, candidate_thresholds, confusion
from editorial_ai.models.review import CriterionResult
from editorial_ai.review.consistency import result_contradiction
from editorial_ai.review.judge import verdict_from_score
from editorial_ai.review.reliability import DEFAULT_THRESHOLD, CriterionReliability, ReliabilityTable
from editorial_ai.review.scoring import composite_score, decide


@dataclass
class ReliabilityFit:
    """The new table, the measured entries and the test-half verdicts re-decided with it."""

    table: ReliabilityTable
    entries: list[CriterionReliability]
    test_verdicts: list[Verdict] = field(default_factory=list)


def best_threshold(scores: list[float], human: list[bool]) -> ThresholdCandidate | None:
    """The threshold whose `score >= t` verdicts agree best with the human labels; None when the labels are all
    alike (nothing to separate: the current threshold stays)."""
    if len(set(human)) < 2:
        return None

    def evaluate(t: float) -> ThresholdCandidate:
        matrix = confusion((s >= t, h) for s, h in zip(scores, human, strict=True))
        return ThresholdCandidate(threshold=t, accuracy=matrix.accuracy, kappa=matrix.kappa,
                                  confusion=matrix.metrics())

    candidates = [evaluate(t) for t in candidate_thresholds(scores)]
    # An undefined kappa (one label on both sides) is no agreement beyond chance; accuracy then decides.
    return max(candidates, key=lambda c: (c.kappa if c.kappa is not None else 0.0, c.accuracy or 0.0,
                                          -abs(c.threshold - DEFAULT_THRESHOLD)))


def _pairs(verdicts: list[Verdict], criterion: str) -> list[tuple[float | None, bool | None, bool]]:
    """(score, machine verdict, human verdict) of the records labelled on `criterion` that the judge answered."""
    return [(v.scores.get(criterion), v.machine.get(criterion), v.human[criterion]) for v in verdicts
            if criterion in v.human and v.machine.get(criterion) is not None]


def measure(verdicts: list[Verdict], *, backend: str, probability: bool, measured_on: str,
            table: ReliabilityTable) -> list[CriterionReliability]:
    """One entry per (content type, judge criterion) labelled in both splits."""
    entries = []
    today = dt.date.today()
    for content_type in dict.fromkeys(v.content_type for v in verdicts):
        rubric = rubric_of(content_type)
        group = [v for v in verdicts if v.content_type == content_type]
        tune = [v for v in group if v.split == "tune"]
        test = [v for v in group if v.split == "test"]
        for criterion in rubric.by_check("judge"):
            tune_pairs, test_pairs = _pairs(tune, criterion.name), _pairs(test, criterion.name)
            if not test_pairs:
                continue
            threshold = table.policy(backend, content_type, criterion.name).threshold
            if probability:
                best = best_threshold([float(s or 0.0) for s, _, _ in tune_pairs], [h for _, _, h in tune_pairs])
                threshold = best.threshold if best is not None else threshold
                matrix = confusion((float(s or 0.0) >= threshold, h) for s, _, h in test_pairs)
            else:
                matrix = confusion((bool(m), h) for _, m, h in test_pairs)
            kappa = matrix.kappa
            entries.append(CriterionReliability(
                content_type=content_type, criterion=criterion.name, n=matrix.n, threshold=round(threshold, 4),
                kappa=None if kappa is None else round(kappa, 4), measured_on=measured_on, date=today))
    return entries


def redecide(verdict: Verdict, table: ReliabilityTable, backend: str, probability: bool) -> Verdict:
    """The verdict as the pipeline would now reach it: new thresholds and advisory marks on judge criteria."""
    rubric = rubric_of(verdict.content_type)
    results: list[CriterionResult] = []
    for result in verdict.results:
        criterion = rubric.get(result.criterion)
        if result.source != "judge" or result.skipped or criterion is None:
            results.append(result)
            continue
        policy = table.policy(backend, verdict.content_type, result.criterion)
        if probability and result.score is not None:
            results.append(verdict_from_score(criterion, result.score, policy))
        else:
            results.append(result.model_copy(update={"advisory": policy.advisory, "reliability": policy.note}))
    machine = {c.criterion: (None if c.skipped else c.passed) for c in results}
    return verdict.model_copy(update={
        "machine": machine, "machine_overall": decide(rubric, results).passed, "results": results,
        "composite_score": composite_score(rubric, results), "mandatory_ok": mandatory_passed(rubric, machine),
        "contradictions": [f"{c.criterion}: {why}" for c in results if (why := result_contradiction(c))]})


def fit_reliability(verdicts: list[Verdict], *, backend: str, probability: bool, measured_on: str,
                    table: ReliabilityTable) -> ReliabilityFit:
    """Measure, update the table for `backend`, and re-decide the test half with it."""
    entries = measure(verdicts, backend=backend, probability=probability, measured_on=measured_on, table=table)
    new_table = table.with_measurements(backend, entries)
    test = [redecide(v, new_table, backend, probability) for v in verdicts if v.split == "test"]
    return ReliabilityFit(table=new_table, entries=entries, test_verdicts=test)

