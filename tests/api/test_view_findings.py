"""The desk's feedback block: each finding once, saying who found it."""

from __future__ import annotations

from editorial_ai.api.view_findings import findings_heading, findings_of
from editorial_ai.models.decisions import AdminDecision, ReviewForm


def test_an_automated_failure_is_listed_once_with_who_found_it() -> None:
    entry = {"source": "review", "attempt": 1, "failed_criteria": [
        {"criterion": "hallucination", "passed": False, "reason": "Hermès is in no source.", "severity": "critical",
         "source": "grounding"},
        {"criterion": "visual_appeal", "passed": False, "reason": "Flat headline.", "severity": "minor",
         "source": "judge"}],
        "suggestions": ["hallucination: Hermès is in no source.", "visual_appeal: Flat headline.",
                        "Lead with the airport look."]}
    found = findings_of(entry)
    assert [(f.who, f.criterion, f.text) for f in found] == [
        ("checks", "hallucination", "Hermès is in no source."), ("judge", "visual_appeal", "Flat headline."),
        ("checks", "", "Lead with the airport look.")]
    assert "automated" in findings_heading(entry) and "Reviewer" not in findings_heading(entry)


def test_an_editor_request_is_the_editor_s() -> None:
    decision = AdminDecision(decision="revision_requested", feedback="Name the bag.",
                             review_form=ReviewForm(wrong_information=True))
    entry = decision.as_feedback_entry(1, "t")
    found = findings_of(entry)
    assert {f.who for f in found} == {"editor"} and found[0].text == "Name the bag."
    assert findings_heading(entry) == "Request from the editor"
