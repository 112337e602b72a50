"""Faithfulness of free text to its passages: what a claim says around its sourced names.

A brief's names can all be sourced while its sentences give the trend a reception, a history or pairings no passage
holds ("Quiet Luxury is a fashion trend that has gained popularity in recent years"; "resonates with consumers who
value high-quality fashion"): the claim checks an article's review runs find those, with no support threshold (a
brief that joins three passages into one sentence shares few words with any one of them).
"""

from __future__ import annotations

from editorial_ai.models.review import CriterionResult
from editorial_ai.review.text_checks import DraftView


def check_faithfulness(view: DraftView, criterion: str = "faithfulness") -> CriterionResult:
    """Fail on every claim whose checks find reception, history, scenes or pairings the sources do not give."""
    wrong = [c for c in view.checks if c.pairing]
    evidence = [f"{c.quoted()} — {'; '.join(dict.fromkeys(c.pairing))}" for c in wrong]
    claims = len(view.checks)
    if evidence:
        return CriterionResult(criterion=criterion, passed=False, severity="major", source="validation",
                               score=round(max(0.0, 1 - len(wrong) / max(claims, 1)), 4),
                               reason=f"{len(wrong)} of {claims} claims say what the sources do not: "
                                      + "; ".join(evidence[:2]) + ". Say only what the passages show.",
                               evidence=evidence)
    return CriterionResult(criterion=criterion, passed=True, severity="major", source="validation", score=1.0,
                           reason=f"None of {claims} claims gives a reception, history, scene or pairing the "
                                  "sources lack.")
