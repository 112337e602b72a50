"""Rubric models: a content type's criteria and pass rule, loaded from YAML by review/rubric.py.

They live with the other models so prompts (which print criteria) need not import the review engine.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from editorial_ai.models.review import Severity

PassRule = Literal["all", "mandatory_and_any_important", "weighted_threshold"]
CheckKind = Literal["format", "grounding", "judge", "validation"]
Importance = Literal["mandatory", "important", "optional"]
DraftPart = Literal["title", "subtitle", "body", "pull_quote", "celebrities", "products", "hashtags", "sources"]


class Criterion(BaseModel):
    """One rubric criterion."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    description: str = Field(min_length=1)
    check: CheckKind = "judge"
    importance: Importance = "important"
    severity: Severity = "major"
    weight: float = Field(1.0, ge=0.0)
    # The severity every verdict on this criterion reports is the rubric's; a judged criterion may let the judge
    # report a higher one for a finding it names (never a lower one).
    judge_may_raise: bool = False
    # The parts of a draft a judged criterion reads (None: the whole draft and its sources). When every judged
    # criterion of a review names its parts, a probability judge's document holds only those: a question about
    # the headline and pull quote does not make llama.cpp read the body and the sources first.
    reads: list[DraftPart] | None = None


class Rubric(BaseModel):
    """A content type's criteria and how they combine into pass/fail."""

    model_config = ConfigDict(extra="forbid")

    name: str
    description: str = ""
    pass_rule: PassRule = "mandatory_and_any_important"
    threshold: float = Field(0.7, ge=0.0, le=1.0)
    criteria: list[Criterion] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_names(self) -> Rubric:
        names = [c.name for c in self.criteria]
        if len(names) != len(set(names)):
            raise ValueError(f"rubric {self.name!r} repeats a criterion name")
        return self

    def by_check(self, check: CheckKind) -> list[Criterion]:
        """Criteria evaluated by one kind of check."""
        return [c for c in self.criteria if c.check == check]

    def get(self, name: str) -> Criterion | None:
        """A criterion by name."""
        return next((c for c in self.criteria if c.name == name), None)

    def as_prompt_text(self) -> str:
        """The rubric as the generator and the judge both read it."""
        return "\n".join(f"- {c.name}: {c.description}" for c in self.criteria)

    def with_pass_rule(self, rule: PassRule, threshold: float | None = None) -> Rubric:
        """A copy with another pass rule (per-tenant configuration)."""
        update: dict[str, object] = {"pass_rule": rule}
        if threshold is not None:
            update["threshold"] = threshold
        return self.model_copy(update=update)
