"""Pass rules: how per-criterion verdicts combine into one decision."""

from __future__ import annotations

from editorial_ai.models.review import CriterionResult
from editorial_ai.review.rubric import Rubric


def composite_score(rubric: Rubric, results: list[CriterionResult]) -> float | None:
    """Weighted average of scores over criteria that ran (pass=1, fail=0 when unscored)."""
    total = weight_sum = 0.0
    for result in results:
        criterion = rubric.get(result.criterion)
        if criterion is None or result.skipped:
            continue
        score = result.score if result.score is not None else (1.0 if result.passed else 0.0)
        total += criterion.weight * score
        weight_sum += criterion.weight
    return round(total / weight_sum, 4) if weight_sum else None


def decide_pass(rubric: Rubric, results: list[CriterionResult]) -> bool:
    """Apply the rubric's pass rule. Skipped criteria never count as passes."""
    by_name = {r.criterion: r for r in results}

    def ok(name: str) -> bool:
        result = by_name.get(name)
        return result is not None and result.passed and not result.skipped

    mandatory = [c.name for c in rubric.criteria if c.importance == "mandatory"]
    important = [c.name for c in rubric.criteria if c.importance == "important"]
    # A skipped (or missing) non-optional criterion means the review is incomplete: no rule may pass on
    # what happened to be checked. The draft still reaches a human, flagged.
    unchecked = [c.name for c in rubric.criteria
                 if c.importance != "optional" and (c.name not in by_name or by_name[c.name].skipped)]
    if unchecked:
        return False
    if rubric.pass_rule == "all":
        return all(ok(c.name) for c in rubric.criteria)
    if rubric.pass_rule == "mandatory_and_any_important":
        return all(ok(n) for n in mandatory) and (not important or any(ok(n) for n in important))
    score = composite_score(rubric, results)
    return all(ok(n) for n in mandatory) and score is not None and score >= rubric.threshold
