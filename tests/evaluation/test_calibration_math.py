"""Agreement maths against hand-computed values (positive class = fail)."""

from __future__ import annotations

import pytest

from editorial_ai.evaluation.calibration import (
    Confusion,
    candidate_thresholds,
    confusion,
    evaluate_threshold,
    search_threshold,
)

P, F = True, False


def test_confusion_counts_fail_as_positive() -> None:
    # (reviewer_passed, human_passed)
    pairs = [(F, F), (F, F), (F, P), (P, F), (P, P), (P, P), (P, P), (P, P), (P, P), (P, P)]
    matrix = confusion(pairs)
    assert (matrix.tp, matrix.fp, matrix.fn, matrix.tn) == (2, 1, 1, 6)


def test_metrics_by_hand() -> None:
    matrix = Confusion(tp=2, fp=1, fn=1, tn=6)
    assert matrix.n == 10
    assert matrix.accuracy == pytest.approx(0.8)
    assert matrix.precision == pytest.approx(2 / 3)
    assert matrix.recall == pytest.approx(2 / 3)
    # p_o = 0.8; p_e = (3*3 + 7*7) / 100 = 0.58; kappa = 0.22 / 0.42
    assert matrix.kappa == pytest.approx(0.22 / 0.42)


def test_kappa_textbook_example() -> None:
    # 50 items: both fail 20, reviewer fail/human pass 5, reviewer pass/human fail 10, both pass 15
    # p_o = 0.7; p_e = (25*30 + 25*20) / 2500 = 0.5; kappa = 0.4
    assert Confusion(tp=20, fp=5, fn=10, tn=15).kappa == pytest.approx(0.4)


def test_perfect_and_chance_level_agreement() -> None:
    assert Confusion(tp=3, fp=0, fn=0, tn=5).kappa == pytest.approx(1.0)
    # reviewer always fails: p_o = 0.5, p_e = (1*0.5 + 0*0.5) = 0.5 -> kappa 0
    assert Confusion(tp=2, fp=2, fn=0, tn=0).kappa == pytest.approx(0.0)
    # systematic disagreement is negative
    assert Confusion(tp=0, fp=2, fn=2, tn=0).kappa == pytest.approx(-1.0)


def test_undefined_ratios_are_none() -> None:
    everyone_passes = Confusion(tn=4)
    assert everyone_passes.precision is None and everyone_passes.recall is None
    assert everyone_passes.kappa is None  # p_e = 1: both raters used one identical label
    assert everyone_passes.accuracy == 1.0
    empty = Confusion()
    assert empty.accuracy is None and empty.kappa is None and empty.n == 0
    assert Confusion(tp=0, fp=0, fn=2, tn=1).precision is None


def test_metrics_dict_is_rounded() -> None:
    assert Confusion(tp=2, fp=1, fn=1, tn=6).metrics() == {
        "n": 10, "tp": 2, "fp": 1, "fn": 1, "tn": 6, "accuracy": 0.8, "precision": 0.6667, "recall": 0.6667,
        "kappa": 0.5238}


def test_candidate_thresholds_are_midpoints() -> None:
    assert candidate_thresholds([0.2, 0.6, 0.6, 0.8]) == [0.0, 0.4, 0.7, 0.9]
    assert candidate_thresholds([0.5, 1.0]) == [0.0, 0.75]
    assert candidate_thresholds([]) == [0.0]


def test_evaluate_threshold_respects_mandatory_criteria() -> None:
    candidate = evaluate_threshold(0.5, [0.9, 0.9, 0.3], [True, False, True], [True, False, False])
    assert candidate.accuracy == 1.0 and candidate.confusion["tp"] == 2


def test_search_threshold_finds_the_separating_gap() -> None:
    scores = [0.95, 0.9, 0.8, 0.72, 0.6, 0.4]
    human = [P, P, P, F, F, F]
    search = search_threshold(scores, [True] * 6, human, current=0.7)
    assert search.best is not None and search.best.threshold == 0.76 and search.best.accuracy == 1.0
    assert search.best.kappa == pytest.approx(1.0)
    # the current 0.7 lets 0.72 through: 5/6 right
    assert search.current is not None and search.current.accuracy == pytest.approx(5 / 6)
    assert [c.threshold for c in search.candidates] == [0.0, 0.5, 0.66, 0.76, 0.85, 0.925, 0.975]


def test_search_threshold_ties_prefer_kappa_then_the_current_threshold() -> None:
    # 0.3 (fail), 0.5 (pass), 0.7 (fail), 0.9 (pass): thresholds 0.4 and 0.8 both get 3/4 right
    # 0.4: reviewer fails only 0.3 -> tp=1, fn=1, tn=2 ; 0.8: reviewer fails 0.3, 0.5, 0.7 -> tp=2, fp=1, tn=1
    search = search_threshold([0.3, 0.5, 0.7, 0.9], [True] * 4, [F, P, F, P], current=0.75)
    assert search.best is not None and search.best.accuracy == 0.75
    assert search.best.threshold == 0.8  # equal kappa (0.5): closest to 0.75
    search = search_threshold([0.3, 0.5, 0.7, 0.9], [True] * 4, [F, P, F, P], current=0.45)
    assert search.best is not None and search.best.threshold == 0.4


def test_search_threshold_without_scores() -> None:
    search = search_threshold([None, None], [True, True], [P, F])
    assert search.best is None and search.candidates == []
    with pytest.raises(ValueError):
        search_threshold([0.1], [True, False], [P])
