"""Human decisions at the admin gate, with seed 003's structured review form."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from editorial_ai.models.review import CriterionResult, FeedbackEntry
from editorial_ai.models.run_request import control_character_problem

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


COMMENT_PREFIX = "On the sentence “"
COMMENT_SEPARATOR = "”: "


class SentenceComment(BaseModel):
    """An editor's comment anchored to one sentence of the draft: what to change there."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    # One line each, not blank once the White_Space around it is stripped; the API document says so with a pattern
    # naming the same characters (api/schema_docs.py): `\S` meant another set of spaces in every regex engine.
    sentence: str = Field(min_length=1, max_length=600)
    comment: str = Field(min_length=1, max_length=1000)

    @field_validator("sentence", "comment", mode="before")
    @classmethod
    def _one_line(cls, value: Any, info: ValidationInfo) -> Any:
        """Control characters are refused wherever they stand, before the spaces around the text are stripped
        (a comment of line breaks alone is not blank text but not text either); so is text over the limit as sent."""
        if isinstance(value, str):
            problem = control_character_problem(value, multiline=False)
            if problem:
                raise ValueError(f"{info.field_name} {problem}")
            limit = 600 if info.field_name == "sentence" else 1000
            if len(value) > limit:
                raise ValueError(f"{info.field_name} must be at most {limit} characters as sent, spaces included "
                                 f"(got {len(value)}); shorten it")
        return value

    def as_line(self) -> str:
        """The comment as the writer reads it, with its sentence (and as the desk reads it back)."""
        return f"{COMMENT_PREFIX}{self.sentence}{COMMENT_SEPARATOR}{self.comment}"


def parse_comment_line(line: str) -> SentenceComment | None:
    """A feedback line written by `SentenceComment.as_line`, back as a comment (None for any other line)."""
    if not line.startswith(COMMENT_PREFIX) or COMMENT_SEPARATOR not in line:
        return None
    sentence, _, comment = line[len(COMMENT_PREFIX):].partition(COMMENT_SEPARATOR)
    try:  # a line stored before today's rules (a control character, a longer text) is read as no comment
        return SentenceComment(sentence=sentence, comment=comment)
    except ValidationError:
        return None


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
    # A revision's comments on single sentences; the writer receives each with its sentence.
    comments: list[SentenceComment] = Field(default_factory=list, max_length=20)

    @model_validator(mode="after")
    def _required_text(self) -> AdminDecision:
        if self.decision == "rejected" and not (self.reason or "").strip():
            raise ValueError("a rejection needs a reason (--reason / 'reason')")
        if self.decision == "revision_requested" and not (
            (self.feedback or "").strip()
            or (self.review_form and self.review_form.problems())
            or (self.review_form and self.review_form.notes.strip())
            or self.comments
        ):
            raise ValueError("a revision request needs feedback (--feedback / 'feedback'), review form findings or "
                             "a comment on a sentence")
        return self

    def feedback_text(self) -> str | None:
        """Everything the human said, as one text."""
        parts = [p for p in [self.feedback, self.reason] if p and p.strip()]
        if self.review_form:
            parts += self.review_form.problems()
            if self.review_form.notes.strip():
                parts.append(self.review_form.notes.strip())
        parts += [c.as_line() for c in self.comments]
        return "; ".join(parts) or None

    def as_feedback_entry(self, attempt: int, title: str) -> dict[str, Any]:
        """The human's request in feedback_history form, so editorial injects it like review feedback."""
        lines = [self.feedback or ""] + (self.review_form.problems() if self.review_form else [])
        if self.review_form and self.review_form.notes.strip():
            lines.append(self.review_form.notes.strip())
        lines += [c.as_line() for c in self.comments]
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
