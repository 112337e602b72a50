"""Review verdicts (seed 000 pattern 1, seed 001 section 3.6)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, Field

Severity = Literal["critical", "major", "minor"]
Verdict = Literal["pass", "fail", "skipped"]


class CriterionResult(BaseModel):
    """One criterion's verdict with an actionable reason."""

    criterion: str
    passed: bool
    reason: str
    severity: Severity = "major"
    score: float | None = Field(None, ge=0.0, le=1.0)
    skipped: bool = False
    source: Literal["format", "grounding", "judge", "validation"] = "judge"
    evidence: list[str] = Field(default_factory=list)
    # A judge criterion the judging backend cannot measure reliably (review/reliability.py): shown with its
    # figure, never counted as a pass.
    advisory: bool = False
    reliability: str = Field("", description="e.g. 'kappa 0.12 < 0.4 on local:gemma-3-270m' or 'unmeasured on ...'")

    @property
    def verdict(self) -> Verdict:
        """pass / fail / skipped."""
        if self.skipped:
            return "skipped"
        return "pass" if self.passed else "fail"


class ReviewResult(BaseModel):
    """A whole review: per-criterion verdicts plus the overall decision."""

    passed: bool
    criteria: list[CriterionResult] = Field(default_factory=list)
    summary: str = ""
    suggestions: list[str] = Field(default_factory=list)
    composite_score: float | None = None
    judge_skipped: bool = False
    flags: list[str] = Field(default_factory=list, description="Why a human must look (e.g. an advisory criterion).")
    reviewed_at: datetime = Field(default_factory=lambda: datetime.now(UTC))

    def failed(self) -> list[CriterionResult]:
        """Criteria that failed (skipped ones are not failures)."""
        return [c for c in self.criteria if not c.passed and not c.skipped]


class FeedbackEntry(BaseModel):
    """One failed review kept in feedback_history (concise: failed criteria only)."""

    attempt: int
    failed_criteria: list[CriterionResult]
    suggestions: list[str] = Field(default_factory=list)
    draft_title: str = ""
    source: Literal["review", "admin"] = "review"
    created_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
