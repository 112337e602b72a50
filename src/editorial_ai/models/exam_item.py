"""Exam question items (seed 002): a clinical vignette, a question stem, lettered options and the answer.

The models are deliberately lenient: a generated item with a short vignette or no answer key still parses,
so the structural rules can report it field by field (content_types/exam_item/validators.py) instead of the whole
generation failing on a schema error. `minItems`/`minLength` hints in the JSON schema steer generation only.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field, computed_field, field_validator

OPTION_LETTERS = ("A", "B", "C", "D", "E")
AnswerLetter = Literal["A", "B", "C", "D", "E"]
ValidationField = Literal["vignette", "stem", "distractors", "answer_key", "explanation"]
IssueSeverity = Literal["error", "warning"]
BloomsLevel = Literal["remember", "understand", "apply", "analyze", "evaluate", "create"]

_LETTER = re.compile(r"^\W*([A-Ea-e])(?:\W|$)")


class ExamRequest(BaseModel):
    """What to write: the topic, the student learning objective (SLO) and the target Bloom's level."""

    topic: str = Field(min_length=2, max_length=160)
    slo: str = Field("", max_length=400)
    blooms_level: BloomsLevel = "apply"

    @field_validator("blooms_level", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    def objective(self) -> str:
        """The SLO, or one derived from the topic when none was given."""
        return self.slo.strip() or f"Apply knowledge of {self.topic} to diagnose and manage a patient."

    def as_source_text(self) -> str:
        """The request as the generator, the judge and the corrector read it."""
        return (
            f'topic "{self.topic}"; student learning objective: {self.objective()}; '
            f"target Bloom's level: {self.blooms_level}"
        )


class ExamOption(BaseModel):
    """One answer option: its text, whether it is the keyed answer, and why it is right or wrong."""

    text: str = Field("", max_length=200)
    is_correct: bool = False
    explanation: str = Field("", max_length=240)


class ExamItem(BaseModel):
    """A single-best-answer exam question."""

    topic: str = Field("", max_length=160)
    vignette: str = Field("", max_length=1200, json_schema_extra={"minLength": 120})
    stem: str = Field("", max_length=300)
    options: list[ExamOption] = Field(default_factory=list, json_schema_extra={"minItems": 4, "maxItems": 5})
    answer_key: AnswerLetter | None = None
    explanation: str = Field("", max_length=800, json_schema_extra={"minLength": 60})

    @field_validator("answer_key", mode="before")
    @classmethod
    def _letter(cls, value: object) -> object:
        """`"a"`, `"(B)"`, `"C. Pericarditis"` -> the letter; blank or not a letter -> None (reported missing)."""
        if isinstance(value, str):
            match = _LETTER.match(value.strip())
            return match.group(1).upper() if match else None
        return value

    @computed_field  # type: ignore[prop-decorator]
    @property
    def title(self) -> str:
        """An item is listed and published under its question stem."""
        return self.stem

    def correct_indexes(self) -> list[int]:
        """Indexes of the options marked correct."""
        return [i for i, option in enumerate(self.options) if option.is_correct]

    def distractor_indexes(self) -> list[int]:
        """Indexes of the options not marked correct."""
        return [i for i, option in enumerate(self.options) if not option.is_correct]

    def keyed_index(self) -> int | None:
        """The option the answer key points at (None without a key)."""
        return OPTION_LETTERS.index(self.answer_key) if self.answer_key else None

    def as_text(self) -> str:
        """The item as a reviewer reads it."""
        lines = [f"Vignette: {self.vignette}", f"Question: {self.stem}"]
        for letter, option in zip(OPTION_LETTERS, self.options, strict=False):
            lines.append(f"{letter}. {option.text}" + (f" -- {option.explanation}" if option.explanation else ""))
        lines += [f"Answer key: {self.answer_key or '(none)'}", f"Explanation: {self.explanation}"]
        return "\n".join(lines)


class ValidationIssue(BaseModel):
    """One structural finding, tied to the part of the item it concerns."""

    field: ValidationField
    message: str
    severity: IssueSeverity = "error"


class ValidationResult(BaseModel):
    """The structural check of one item: valid when it has no error (warnings do not fail it)."""

    is_valid: bool
    issues: list[ValidationIssue] = Field(default_factory=list)

    def errors(self) -> list[ValidationIssue]:
        """Issues that fail the item."""
        return [i for i in self.issues if i.severity == "error"]

    def warnings(self) -> list[ValidationIssue]:
        """Issues a reviewer should see but that do not fail the item."""
        return [i for i in self.issues if i.severity == "warning"]

    def fields_with_errors(self) -> list[ValidationField]:
        """Fields that have at least one error, in first-seen order."""
        return list(dict.fromkeys(i.field for i in self.errors()))
