"""AdminDecision: rejections need a reason, revision requests need feedback."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from editorial_ai.models.decisions import AdminDecision, ReviewForm
from editorial_ai.models.review import FeedbackEntry


def test_approve_needs_nothing_else() -> None:
    decision = AdminDecision(decision="approved")
    assert decision.reviewer == "admin"
    assert decision.feedback_text() is None


@pytest.mark.parametrize("reason", [None, "", "   "])
def test_reject_requires_a_reason(reason: str | None) -> None:
    with pytest.raises(ValidationError, match="reason"):
        AdminDecision(decision="rejected", reason=reason)


def test_reject_with_reason_is_valid() -> None:
    decision = AdminDecision(decision="rejected", reason="Off-brand tone")
    assert decision.feedback_text() == "Off-brand tone"


@pytest.mark.parametrize("feedback", [None, "", "  \n"])
def test_revision_requires_feedback(feedback: str | None) -> None:
    with pytest.raises(ValidationError, match="feedback"):
        AdminDecision(decision="revision_requested", feedback=feedback)


def test_revision_with_an_all_clear_form_still_requires_feedback() -> None:
    with pytest.raises(ValidationError):
        AdminDecision(decision="revision_requested", review_form=ReviewForm())


def test_revision_with_form_findings_is_valid() -> None:
    decision = AdminDecision(decision="revision_requested", review_form=ReviewForm(missing_spec=True))
    assert "specifications" in (decision.feedback_text() or "")


def test_revision_feedback_becomes_an_admin_feedback_entry() -> None:
    decision = AdminDecision(decision="revision_requested", feedback="Mention the season",
                             review_form=ReviewForm(bad_format=True, notes="Shorter title"))
    entry = FeedbackEntry.model_validate(decision.as_feedback_entry(2, "The Jennie Effect"))
    assert entry.source == "admin" and entry.attempt == 2 and entry.draft_title == "The Jennie Effect"
    reasons = [c.reason for c in entry.failed_criteria]
    assert reasons[0] == "Mention the season"
    assert any("format" in r for r in reasons) and "Shorter title" in reasons
    assert all(c.criterion == "editor_request" and not c.passed for c in entry.failed_criteria)


def test_unknown_decision_and_extra_keys_are_rejected() -> None:
    with pytest.raises(ValidationError):
        AdminDecision.model_validate({"decision": "maybe"})
    with pytest.raises(ValidationError):
        AdminDecision.model_validate({"decision": "approved", "urgent": True})
