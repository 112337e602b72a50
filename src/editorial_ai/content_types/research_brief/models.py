"""Research briefs: a topic and its sub-questions answered from source passages (draft -> critic -> revision)."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BaseModel, Field, field_validator

MAX_SUB_QUESTIONS = 6


class BriefRequest(BaseModel):
    """What to research: the topic, its sub-questions, the audience and the passages to write from."""

    topic: str = Field(min_length=2, max_length=160)
    sub_questions: list[Annotated[str, Field(min_length=3, max_length=240)]] = Field(
        min_length=1, max_length=MAX_SUB_QUESTIONS
    )
    audience: str = Field("fashion editors", max_length=120)
    passages: list[str] = Field(default_factory=list)

    @field_validator("sub_questions", mode="before")
    @classmethod
    def _strip(cls, value: object) -> object:
        if isinstance(value, list):
            return [str(q).strip() for q in value if str(q).strip()]
        return value


_NUMBERED = re.compile(r"^\s*(?:\d+[.):]|[-*•])\s+")


class BriefDraft(BaseModel):
    """What the writer returns: a title, one answer per sub-question (in order) and a closing synthesis."""

    title: str = Field(min_length=3, max_length=140)
    answers: list[Annotated[str, Field(max_length=900)]] = Field(min_length=1, max_length=MAX_SUB_QUESTIONS)
    synthesis: str = Field("", max_length=900)

    def to_markdown(self, sub_questions: list[str]) -> str:
        """The brief as Markdown: `# title`, one `## question` section per sub-question, then the synthesis."""
        lines = [f"# {self.title.strip()}", ""]
        for index, question in enumerate(sub_questions):
            # "1. BTS and IU ...": the section heading numbers nothing, and the review read "1" as a figure
            answer = _NUMBERED.sub("", self.answers[index]).strip() if index < len(self.answers) else ""
            lines += [f"## {question}", answer or "_(not answered)_", ""]
        if self.synthesis.strip():
            lines += ["## Synthesis", self.synthesis.strip(), ""]
        return "\n".join(lines).rstrip() + "\n"


class CriticVerdict(BaseModel):
    """The critic's gate decision (seed 004 A1): publishable or not, and what to revise.

    `flag` is set when the verdict is a fallback: `critic_unavailable` (provider error, treated as
    publishable so the run never dead-ends) or `critic_malformed` (unparseable answer, treated as not
    publishable with a generic revision).
    """

    is_publishable: bool
    revisions_needed: list[str] = Field(default_factory=list)
    rubric_notes: dict[str, str] = Field(default_factory=dict)
    flag: str | None = None
    error: str | None = None

    @property
    def wants_revision(self) -> bool:
        """Revise only when the critic said no and said what to change."""
        return not self.is_publishable and bool(self.revisions_needed)


class BriefOutcome(BaseModel):
    """A finished brief and how it was reached."""

    request: BriefRequest
    drafts: list[str] = Field(default_factory=list, description="Markdown of every draft, first to final.")
    critiques: list[CriticVerdict] = Field(default_factory=list)
    revisions: int = 0
    flags: list[str] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    llm_calls: int = 0

    @property
    def final(self) -> str:
        """The final brief (Markdown); empty when no draft was produced."""
        return self.drafts[-1] if self.drafts else ""

    @property
    def total_tokens(self) -> int:
        """prompt + completion tokens of the writer and critic calls."""
        return self.prompt_tokens + self.completion_tokens
