"""The contradiction check: reasons that argue for the opposite of their verdict."""

from __future__ import annotations

import pytest

from editorial_ai.models.review import CriterionResult
from editorial_ai.review.consistency import contradiction, result_contradiction


@pytest.mark.parametrize(("passed", "reason"), [
    (False, "Every name in the draft is in the sources."),          # the canned pass phrase on a fail
    (False, "Meets the criterion."),
    (False, "Looks good, all good."),
    (True, "Fails: Names, trend descriptions and seasons match the source material."),
    (True, "The Prada Re-Nylon Bag is not in the sources."),
    (True, '"Jennie wore the Prada bag" -- unsupported (best support 0.21 < 0.45)'),
    (True, "Relevance: scored 0.31, below the 0.50 threshold."),  # template of the opposite verdict
    (False, "Relevance: scored 0.72, meets the 0.50 threshold."),
    (False, "Relevance: scored 0.72, below the 0.50 threshold."),  # template whose numbers disagree
])
def test_contradictions_are_found(passed: bool, reason: str) -> None:
    assert contradiction(passed, reason)


@pytest.mark.parametrize(("passed", "reason"), [
    (True, "Every name in the draft is in the sources."),
    (True, "No unsupported names or numbers."),
    (True, "0 sentences copied from the prompt's examples."),
    (True, "Relevance: scored 0.7200, meets the 0.7100 threshold."),
    (False, "Relevance: scored 0.6114, below the 0.6116 threshold."),
    (False, '"Jennie wore the Prada bag" -- no source sentence supports it (best support 0.21 < 0.45)'),
    (False, "Only one paragraph; write at least four."),
    (True, "Repeated n-gram rate 0.03, below the 0.10 limit."),
])
def test_consistent_reasons_are_not_counted(passed: bool, reason: str) -> None:
    assert contradiction(passed, reason) is None


def test_skipped_results_have_no_verdict_to_contradict() -> None:
    skipped = CriterionResult(criterion="x", passed=False, skipped=True, reason="Meets the criterion.")
    assert result_contradiction(skipped) is None
    assert result_contradiction(skipped.model_copy(update={"skipped": False}))
