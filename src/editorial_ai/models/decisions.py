"""Human decisions at the admin gate, with seed 003's structured review form."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, model_validator

from editorial_ai.models.review import CriterionResult, FeedbackEntry

DecisionKind = Literal["approved", "rejected", "revision_requested"]


class ReviewForm(BaseModel):
    """Structured reviewer findings (seed 003); each true flag is a problem the reviewer saw."""

    model_config = ConfigDict(extra="forbid")

    # Strict booleans: `0` or `"no"` is refused, as the API document's `boolean` says (the UI and CLI pass bools).
    information_present: StrictBool = True
    missing_spec: StrictBool = False
    bad_format: StrictBool = False
    wrong_information: StrictBool = False
    wrong_physical_dimensions: StrictBool = False
    notes: str = Field("", max_length=2000)

    def problems(self) -> list[str]:
        """Human-readable problem lines for the writer."""
        out = []
        if not self.information_present:
            out.append("key information is missing from the article")
        if self.missing_spec:
            out.append("product specifications (material, fit, price) are missing")
        if self.bad_format:
            out.append("the formatting/structure is wrong")
        if self.wrong_information:
            out.append("some information is wrong")
        if self.wrong_physical_dimensions:
            out.append("sizes or physical dimensions are wrong")
        return out


class AdminDecision(BaseModel):
    """approve / reject (with reason) / request revision (with feedback)."""

    model_config = ConfigDict(extra="forbid")

    decision: DecisionKind
    reason: str | None = Field(None, max_length=2000)
    feedback: str | None = Field(None, max_length=4000)
    reviewer: str = Field("admin", max_length=80)
    review_form: ReviewForm | None = None
    # The editor's note on an approval that needed confirmation (an escalated or flagged draft): kept in the audit log.
    note: str | None = Field(None, max_length=2000)

    @model_validator(mode="after")
    def _required_text(self) -> AdminDecision:
        if self.decision == "rejected" and not (self.reason or "").strip():
            raise ValueError("a rejection needs a reason (--reason / 'reason')")
        if self.decision == "revision_requested" and not (
            (self.feedback or "").strip()
            or (self.review_form and self.review_form.problems())
            or (self.review_form and self.review_form.notes.strip())
        ):
            raise ValueError("a revision request needs feedback (--feedback / 'feedback') or review form findings")
        return self

    def feedback_text(self) -> str | None:
        """Everything the human said, as one text."""
        parts = [p for p in [self.feedback, self.reason] if p and p.strip()]
        if self.review_form:
            parts += self.review_form.problems()
            if self.review_form.notes.strip():
                parts.append(self.review_form.notes.strip())
        return "; ".join(parts) or None

    def as_feedback_entry(self, attempt: int, title: str) -> dict[str, Any]:
        """The human's request in feedback_history form, so editorial injects it like review feedback."""
        lines = [self.feedback or ""] + (self.review_form.problems() if self.review_form else [])
        if self.review_form and self.review_form.notes.strip():
            lines.append(self.review_form.notes.strip())
        criteria = [
            CriterionResult(
                criterion="editor_request", passed=False, reason=line.strip(), severity="major", source="validation"
            )
            for line in lines
            if line.strip()
        ]
        return FeedbackEntry(attempt=attempt, failed_criteria=criteria, draft_title=title, source="admin").model_dump(
            mode="json"
        )
