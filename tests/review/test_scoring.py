"""Pass rules and the composite score; skipped criteria never count as passes."""

from __future__ import annotations

import pytest

from editorial_ai.models.review import CriterionResult
from editorial_ai.review.rubric import Criterion, PassRule, Rubric
from editorial_ai.review.scoring import PassDecision, composite_score, decide, decide_pass, review_flags


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


# --- advisory criteria (a judge the reliability table does not trust on them) -----------------------------
def _advised(passed: set[str], advisory: set[str]) -> list[CriterionResult]:
    return [r.model_copy(update={"advisory": r.criterion in advisory,
                                 "reliability": "kappa 0.12 < 0.4 on local:gemma-3-270m (n=30)"
                                 if r.criterion in advisory else ""})
            for r in _results(passed)]


def test_the_pass_depends_on_an_advisory_criterion_when_no_trusted_important_one_passed() -> None:
    rubric = _rubric("mandatory_and_any_important")
    results = _advised({"format", "hallucination", "accuracy"}, {"accuracy"})
    decision = decide(rubric, results)
    assert decision.passed is False
    assert decision.flags == ["needs a human: accuracy is advisory (kappa 0.12 < 0.4 on local:gemma-3-270m (n=30))"]
    assert review_flags(rubric, results) == decision.flags and decide_pass(rubric, results) is False


def test_a_trusted_important_pass_settles_the_group_without_the_advisory_one() -> None:
    rubric = _rubric("mandatory_and_any_important")
    assert decide(rubric, _advised({"format", "hallucination", "depth"}, {"accuracy"})) == PassDecision(True)


def test_an_advisory_mandatory_criterion_always_needs_a_human() -> None:
    decision = decide(_rubric("mandatory_and_any_important"), _advised(ALL, {"hallucination"}))
    assert not decision.passed and decision.flags and "hallucination" in decision.flags[0]


def test_a_draft_failing_trusted_criteria_fails_normally_without_flags() -> None:
    decision = decide(_rubric("mandatory_and_any_important"), _advised({"hallucination", "accuracy"}, {"accuracy"}))
    assert decision == PassDecision(False)  # format failed: regenerate, no human needed yet


def test_weighted_rule_with_only_advisory_weight_left_needs_a_human() -> None:
    rubric = Rubric(name="exam", pass_rule="weighted_threshold", threshold=0.7, criteria=[
        Criterion(name="validation", description="d", check="validation", importance="mandatory", weight=0.0),
        Criterion(name="clinical", description="d", importance="important", weight=0.5),
        Criterion(name="style", description="d", importance="optional", weight=0.5),
    ])
    results = [CriterionResult(criterion="validation", passed=True, reason="ok", score=1.0),
               CriterionResult(criterion="clinical", passed=True, reason="r", score=0.95, advisory=True,
                               reliability="unmeasured on local:gemma-3-270m"),
               CriterionResult(criterion="style", passed=True, reason="r", score=0.9, advisory=True)]
    decision = decide(rubric, results)
    assert not decision.passed and decision.flags == [
        "needs a human: clinical is advisory (unmeasured on local:gemma-3-270m)"]  # optional style is not needed
    assert composite_score(rubric, results) == pytest.approx(0.925)  # shown with the advisory figures
    results[0] = results[0].model_copy(update={"passed": False, "score": 0.0})
    assert decide(rubric, results) == PassDecision(False)  # invalid structure: correct it, no flag


def test_weighted_rule_any_weighted_advisory_criterion_needs_a_human() -> None:
    decision = decide(_rubric("weighted_threshold", 0.5), _advised(ALL, {"depth"}))
    assert not decision.passed and decision.flags == [
        "needs a human: depth is advisory (kappa 0.12 < 0.4 on local:gemma-3-270m (n=30))"]


def test_rule_all_needs_a_human_for_any_advisory_criterion() -> None:
    decision = decide(_rubric("all"), _advised(ALL, {"style"}))
    assert not decision.passed and "style" in decision.flags[0]
    assert decide(_rubric("all"), _advised(ALL, set())) == PassDecision(True)


def test_a_skipped_advisory_criterion_is_still_incomplete() -> None:
    results = _advised(ALL, {"accuracy"})
    results[2] = results[2].model_copy(update={"skipped": True, "passed": False})
    assert decide(_rubric("mandatory_and_any_important"), results) == PassDecision(False)
