"""One vocabulary: a verdict's severity is its criterion's in the rubric, whatever the check or the judge said."""

from __future__ import annotations

from editorial_ai.models.review import CriterionResult
from editorial_ai.models.rubric import Criterion, Rubric
from editorial_ai.review.engine import rubric_severities
from editorial_ai.review.rubric import load_rubric


def _rubric(may_raise: bool = False) -> Rubric:
    return Rubric(name="t", criteria=[
        Criterion(name="visual_appeal", description="d", check="judge", severity="minor", judge_may_raise=may_raise),
        Criterion(name="repetition", description="d", check="validation", severity="minor"),
    ])


def test_a_minor_criterion_is_minor_whatever_the_check_or_the_judge_reported() -> None:
    results = [CriterionResult(criterion="visual_appeal", passed=True, reason="r", severity="major", source="judge"),
               CriterionResult(criterion="repetition", passed=False, reason="r", severity="major", source="validation")]
    assert [r.severity for r in rubric_severities(_rubric(), results)] == ["minor", "minor"]


def test_the_rubric_may_let_the_judge_raise_a_failed_finding_never_lower_it() -> None:
    failed = CriterionResult(criterion="visual_appeal", passed=False, reason="r", severity="critical", source="judge")
    assert rubric_severities(_rubric(may_raise=True), [failed])[0].severity == "critical"
    assert rubric_severities(_rubric(may_raise=False), [failed])[0].severity == "minor"
    passed = failed.model_copy(update={"passed": True})
    assert rubric_severities(_rubric(may_raise=True), [passed])[0].severity == "minor"


def test_the_shipped_rubric_visual_appeal_is_minor_in_a_review() -> None:
    rubric = load_rubric("fashion_magazine")
    minor = {c.name for c in rubric.criteria if c.severity == "minor"}
    assert minor  # the shipped rubric has minor criteria
    results = [CriterionResult(criterion=name, passed=True, reason="r", severity="major", source="judge")
               for name in minor]
    assert {r.severity for r in rubric_severities(rubric, results)} == {"minor"}
