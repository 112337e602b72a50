"""Pass rules and the composite score; skipped criteria never count as passes."""

from __future__ import annotations

import pytest

from editorial_ai.models.review import CriterionResult
from editorial_ai.review.rubric import Criterion, PassRule, Rubric
from editorial_ai.review.scoring import composite_score, decide_pass


def _rubric(rule: PassRule, threshold: float = 0.7) -> Rubric:
    return Rubric(name="t", pass_rule=rule, threshold=threshold, criteria=[
        Criterion(name="format", description="d", check="format", importance="mandatory", weight=1.0),
        Criterion(name="hallucination", description="d", check="grounding", importance="mandatory", weight=1.0),
        Criterion(name="accuracy", description="d", importance="important", weight=1.0),
        Criterion(name="depth", description="d", importance="important", weight=1.0),
        Criterion(name="style", description="d", importance="optional", weight=1.0),
    ])


def _results(passed: set[str], skipped: frozenset[str] = frozenset()) -> list[CriterionResult]:
    names = ["format", "hallucination", "accuracy", "depth", "style"]
    return [CriterionResult(criterion=n, passed=n in passed and n not in skipped, skipped=n in skipped, reason="r")
            for n in names]


ALL = {"format", "hallucination", "accuracy", "depth", "style"}


@pytest.mark.parametrize(("passed", "expected"), [
    (ALL, True),
    (ALL - {"style"}, False),
    (ALL - {"accuracy"}, False),
    (ALL - {"format"}, False),
])
def test_rule_all(passed: set[str], expected: bool) -> None:
    assert decide_pass(_rubric("all"), _results(passed)) is expected


@pytest.mark.parametrize(("passed", "expected"), [
    (ALL, True),
    ({"format", "hallucination", "accuracy"}, True),
    ({"format", "hallucination", "depth"}, True),
    ({"format", "hallucination", "style"}, False),
    ({"format", "accuracy", "depth", "style"}, False),
    ({"hallucination", "accuracy", "depth", "style"}, False),
])
def test_rule_mandatory_and_any_important(passed: set[str], expected: bool) -> None:
    assert decide_pass(_rubric("mandatory_and_any_important"), _results(passed)) is expected


@pytest.mark.parametrize(("passed", "threshold", "expected"), [
    (ALL, 0.7, True),
    ({"format", "hallucination", "accuracy", "depth"}, 0.8, True),    # 4/5 = 0.8
    ({"format", "hallucination", "accuracy"}, 0.7, False),            # 3/5 = 0.6
    ({"format", "hallucination", "accuracy"}, 0.6, True),
    ({"hallucination", "accuracy", "depth", "style"}, 0.1, False),    # a mandatory failed
])
def test_rule_weighted_threshold(passed: set[str], threshold: float, expected: bool) -> None:
    assert decide_pass(_rubric("weighted_threshold", threshold), _results(passed)) is expected


def test_skipped_is_not_a_pass_under_all() -> None:
    assert decide_pass(_rubric("all"), _results(ALL, skipped=frozenset({"style"}))) is False


def test_skipped_is_not_a_pass_under_mandatory_and_any_important() -> None:
    skipped = frozenset({"accuracy", "depth", "style"})
    assert decide_pass(_rubric("mandatory_and_any_important"), _results(ALL, skipped)) is False
    assert decide_pass(_rubric("mandatory_and_any_important"), _results(ALL, frozenset({"format"}))) is False


def test_a_skipped_result_marked_passed_still_does_not_count() -> None:
    results = _results(ALL)
    results[0] = CriterionResult(criterion="format", passed=True, skipped=True, reason="odd")
    assert decide_pass(_rubric("all"), results) is False
    assert decide_pass(_rubric("mandatory_and_any_important"), results) is False


def test_missing_criterion_result_is_not_a_pass() -> None:
    results = [r for r in _results(ALL) if r.criterion != "hallucination"]
    assert decide_pass(_rubric("mandatory_and_any_important"), results) is False


def test_skipped_is_not_a_pass_under_weighted_threshold() -> None:
    skipped = frozenset({"accuracy", "depth", "style"})
    assert decide_pass(_rubric("weighted_threshold"), _results(ALL, skipped)) is False


def test_composite_score_ignores_skipped_and_unknown_and_uses_weights() -> None:
    rubric = Rubric(name="w", criteria=[Criterion(name="a", description="d", weight=3.0),
                                        Criterion(name="b", description="d", weight=1.0)])
    results = [CriterionResult(criterion="a", passed=True, reason="r"),
               CriterionResult(criterion="b", passed=False, reason="r"),
               CriterionResult(criterion="zzz", passed=False, reason="not in rubric")]
    assert composite_score(rubric, results) == 0.75
    scored = [CriterionResult(criterion="a", passed=True, score=0.5, reason="r"),
              CriterionResult(criterion="b", passed=False, skipped=True, reason="r")]
    assert composite_score(rubric, scored) == 0.5
    assert composite_score(rubric, [CriterionResult(criterion="a", passed=False, skipped=True, reason="r")]) is None
