"""Pass rules: how per-criterion verdicts combine into one decision.

Advisory criteria (a judge the reliability table does not trust on them, review/reliability.py) are shown but
never counted as passes. When the trusted verdicts allow a pass (taking the advisory criteria at their best) but
the rule depends on an advisory criterion (a mandatory one, an important group with no trusted member that passed,
any weighted one under `weighted_threshold`, any under `all`), the review does not pass and carries a flag saying
which criterion a human must check; the trusted verdicts alone decide a plain failure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from editorial_ai.models.review import CriterionResult
from editorial_ai.review.rubric import Criterion, Rubric


@dataclass(frozen=True)
class PassDecision:
    """The overall verdict and, when a human must decide, why."""

    passed: bool
    flags: list[str] = field(default_factory=list)


def composite_score(rubric: Rubric, results: list[CriterionResult]) -> float | None:
    """Weighted average of scores over criteria that ran (pass=1, fail=0 when unscored).

    Advisory scores are included: the composite ranks attempts and is shown; the pass rule does not trust them."""
    total = weight_sum = 0.0
    for result in results:
        criterion = rubric.get(result.criterion)
        if criterion is None or result.skipped:
            continue
        score = result.score if result.score is not None else (1.0 if result.passed else 0.0)
        total += criterion.weight * score
        weight_sum += criterion.weight
    return round(total / weight_sum, 4) if weight_sum else None


def advisory_flag(result: CriterionResult) -> str:
    """The flag of a review whose pass would depend on an advisory criterion."""
    return f"needs a human: {result.criterion} is advisory ({result.reliability or 'unmeasured'})"


def _depends_on(rubric: Rubric, advisory: dict[str, CriterionResult], trusted_ok: set[str]) -> list[Criterion]:
    """The advisory criteria the rubric's pass rule would need."""
    names = [c for c in rubric.criteria if c.name in advisory]
    if rubric.pass_rule == "all":
        return names
    mandatory = [c for c in names if c.importance == "mandatory"]
    if rubric.pass_rule == "weighted_threshold":
        return mandatory + [c for c in names if c.importance == "important" and c.weight > 0]
    important_trusted_pass = any(c.importance == "important" and c.name in trusted_ok for c in rubric.criteria)
    important = [c for c in names if c.importance == "important"]
    return mandatory + ([] if important_trusted_pass else important)


def decide(rubric: Rubric, results: list[CriterionResult]) -> PassDecision:
    """Apply the rubric's pass rule. Skipped criteria never count as passes, advisory ones are left out."""
    by_name = {r.criterion: r for r in results}
    # A skipped (or missing) non-optional criterion means the review is incomplete: no rule may pass on
    # what happened to be checked. The draft still reaches a human, flagged.
    unchecked = [c.name for c in rubric.criteria
                 if c.importance != "optional" and (c.name not in by_name or by_name[c.name].skipped)]
    if unchecked:
        return PassDecision(False)
    advisory = {n: r for n, r in by_name.items() if r.advisory and not r.skipped}
    trusted = [c for c in rubric.criteria if c.name not in advisory]
    ok = {c.name for c in trusted if by_name.get(c.name) is not None and by_name[c.name].passed
          and not by_name[c.name].skipped}
    mandatory = [c.name for c in trusted if c.importance == "mandatory"]
    important = [c.name for c in trusted if c.importance == "important"]
    # `base`: the trusted verdicts allow a pass (the advisory criteria taken at their best).
    if rubric.pass_rule == "all":
        base = all(c.name in ok for c in trusted)
    elif rubric.pass_rule == "mandatory_and_any_important":
        advisory_important = any(c.importance == "important" for c in rubric.criteria if c.name in advisory)
        base = all(n in ok for n in mandatory) and (
            not important or any(n in ok for n in important) or advisory_important)
    else:
        best_case = [r.model_copy(update={"score": 1.0, "passed": True}) if r.criterion in advisory else r
                     for r in results]
        score = composite_score(rubric, best_case)
        base = all(n in ok for n in mandatory) and score is not None and score >= rubric.threshold
    if not base:
        return PassDecision(False)
    needed = _depends_on(rubric, advisory, ok)
    if needed:
        return PassDecision(False, [advisory_flag(advisory[c.name]) for c in needed])
    return PassDecision(True)


def decide_pass(rubric: Rubric, results: list[CriterionResult]) -> bool:
    """Whether the review passes (see `decide` for the flags of a review a human must settle)."""
    return decide(rubric, results).passed


def review_flags(rubric: Rubric, results: list[CriterionResult]) -> list[str]:
    """The flags a review carries to the human gate (empty when the pass rule settled it alone)."""
    return decide(rubric, results).flags
