"""Structural validation of an exam item (seed 002 section 12.1): no LLM, field-specific findings.

Errors fail the item (the `validation` criterion is mandatory); warnings are shown to the judge, the
corrector and the human reviewer but do not fail it on their own.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable
from typing import Any

from editorial_ai.models.exam_item import (
    OPTION_LETTERS,
    ExamItem,
    IssueSeverity,
    ValidationField,
    ValidationIssue,
    ValidationResult,
)

VIGNETTE_MIN_CHARS = 100
STEM_MAX_CHARS = 250
MIN_OPTIONS, MAX_OPTIONS = 4, 5
LENGTH_OUTLIER_RATIO = 2.5
_CATCH_ALL = re.compile(r"\b(all|none|both|neither) of the (above|options|answers)\b|\bboth [a-e] and [a-e]\b", re.I)
_NEGATIVE_STEM = re.compile(r"\b(EXCEPT|NOT|LEAST)\b")

Rule = Callable[[ExamItem], list[ValidationIssue]]


def _issue(field: ValidationField, message: str, severity: IssueSeverity = "error") -> ValidationIssue:
    return ValidationIssue(field=field, message=message, severity=severity)


def _normalized(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def check_vignette(item: ExamItem) -> list[ValidationIssue]:
    """A clinical vignette of at least VIGNETTE_MIN_CHARS characters."""
    length = len(item.vignette.strip())
    if length < VIGNETTE_MIN_CHARS:
        return [
            _issue(
                "vignette",
                f"vignette is {length} characters; at least {VIGNETTE_MIN_CHARS} are needed "
                "for a clinical scenario (age, presentation, history, findings)",
            )
        ]
    return []


def check_stem(item: ExamItem) -> list[ValidationIssue]:
    """A clear lead-in: present, phrased as a question, short, preferably not negatively worded."""
    stem = item.stem.strip()
    if not stem:
        return [_issue("stem", "stem is missing")]
    issues = []
    if not stem.endswith("?"):
        issues.append(_issue("stem", "stem must be a question ending with '?'"))
    if len(stem) > STEM_MAX_CHARS:
        issues.append(
            _issue(
                "stem",
                f"stem is {len(stem)} characters (max {STEM_MAX_CHARS}); keep the lead-in short "
                "and put case details in the vignette",
            )
        )
    if _NEGATIVE_STEM.search(stem):
        issues.append(
            _issue("stem", "negatively phrased stem (EXCEPT/NOT/LEAST); ask for the single best answer", "warning")
        )
    return issues


def check_options(item: ExamItem) -> list[ValidationIssue]:
    """MIN_OPTIONS-MAX_OPTIONS options with text, exactly one of them marked correct."""
    count = len(item.options)
    issues = []
    if not MIN_OPTIONS <= count <= MAX_OPTIONS:
        issues.append(
            _issue("distractors", f"{count} options; a single-best-answer item needs {MIN_OPTIONS} to {MAX_OPTIONS}")
        )
    empty = [
        OPTION_LETTERS[i] if i < len(OPTION_LETTERS) else str(i + 1)
        for i, option in enumerate(item.options)
        if not option.text.strip()
    ]
    if empty:
        issues.append(_issue("distractors", f"option(s) {', '.join(empty)} have no text"))
    correct = item.correct_indexes()
    if len(correct) != 1 and count:
        issues.append(_issue("distractors", f"{len(correct)} options are marked correct; exactly one must be"))
    return issues


def check_answer_key(item: ExamItem) -> list[ValidationIssue]:
    """An answer key that names an existing option, the one marked correct."""
    keyed = item.keyed_index()
    if keyed is None:
        return [_issue("answer_key", "answer key is missing; give the letter of the correct option")]
    if keyed >= len(item.options):
        return [
            _issue("answer_key", f"answer key {item.answer_key} points at no option (there are {len(item.options)})")
        ]
    correct = item.correct_indexes()
    if len(correct) == 1 and correct[0] != keyed:
        return [
            _issue(
                "answer_key",
                f"answer key {item.answer_key} does not match the option marked correct ({OPTION_LETTERS[correct[0]]})",
            )
        ]
    return []


def check_distractor_plausibility(item: ExamItem) -> list[ValidationIssue]:
    """Warnings for cues that make distractors easy to rule out: duplicates, catch-alls, length outliers."""
    issues = []
    seen: dict[str, str] = {}
    for letter, option in zip(OPTION_LETTERS, item.options, strict=False):
        key = _normalized(option.text)
        if key and key in seen:
            issues.append(_issue("distractors", f"option {letter} repeats option {seen[key]}", "warning"))
        seen.setdefault(key, letter)
        if _CATCH_ALL.search(option.text):
            issues.append(
                _issue(
                    "distractors",
                    f"option {letter} is a catch-all ('{option.text.strip()}'); use a specific, plausible alternative",
                    "warning",
                )
            )
        if not option.is_correct and option.text.strip() and not option.explanation.strip():
            issues.append(_issue("distractors", f"option {letter} has no explanation of why it is wrong", "warning"))
    lengths = [len(o.text.strip()) for o in item.options if o.text.strip()]
    if len(lengths) >= MIN_OPTIONS:
        median = statistics.median(lengths)
        for letter, option in zip(OPTION_LETTERS, item.options, strict=False):
            length = len(option.text.strip())
            if median and length >= LENGTH_OUTLIER_RATIO * median and length - median >= 20:
                issues.append(
                    _issue(
                        "distractors",
                        f"option {letter} is much longer than the others "
                        f"({length} vs a median of {median:.0f} characters)",
                        "warning",
                    )
                )
    return issues


def check_explanation(item: ExamItem) -> list[ValidationIssue]:
    """An explanation of the keyed answer."""
    if not item.explanation.strip():
        return [_issue("explanation", "explanation is missing; say why the keyed answer is correct")]
    return []


RULES: tuple[Rule, ...] = (
    check_vignette,
    check_stem,
    check_options,
    check_answer_key,
    check_distractor_plausibility,
    check_explanation,
)


def validate_exam_item(item: ExamItem | dict[str, Any]) -> ValidationResult:
    """Run every rule; the item is valid when no rule reported an error."""
    model = item if isinstance(item, ExamItem) else ExamItem.model_validate(item)
    issues = [issue for rule in RULES for issue in rule(model)]
    return ValidationResult(is_valid=not any(i.severity == "error" for i in issues), issues=issues)
