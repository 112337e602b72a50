"""Structural validation of an exam item (seed 002 section 12.1): no LLM, field-specific findings.

Errors fail the item (the `validation` criterion is mandatory); warnings are shown to the judge, the
corrector and the human reviewer but do not fail it on their own.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable

from editorial_ai.models.exam_item import (
    OPTION_LETTERS,
    ExamItem,
    IssueSeverity,
    ValidationField,
    ValidationIssue,
    ValidationResult,
)
from editorial_ai.models.review import CriterionResult, Severity
from editorial_ai.models.state_json import Draft

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
        elif twin := _one_word_apart(key, seen):
            other, theirs, ours = twin
            issues.append(_issue("distractors", f"option {letter} differs from option {other} in one word only "
                                 f"('{ours}' for '{theirs}'): make each option a distinct alternative", "warning"))
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


def _one_word_apart(key: str, seen: dict[str, str]) -> tuple[str, str, str] | None:
    """The earlier option (letter, its word, this option's word) that this one repeats but for a single word of
    three or more: "Add another inhaler of salbuterol" after "Add another inhaler of albuterol" (the same drug
    under two names) gave a student two options to rule out as one."""
    words = key.split()
    for other_key, letter in seen.items():
        others = other_key.split()
        if len(words) < 3 or len(words) != len(others):
            continue
        differ = [(theirs, ours) for theirs, ours in zip(others, words, strict=True) if theirs != ours]
        if len(differ) == 1:
            return letter, *differ[0]
    return None


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


def validate_exam_item(item: ExamItem | Draft) -> ValidationResult:
    """Run every rule; the item is valid when no rule reported an error."""
    model = item if isinstance(item, ExamItem) else ExamItem.model_validate(item)
    issues = [issue for rule in RULES for issue in rule(model)]
    return ValidationResult(is_valid=not any(i.severity == "error" for i in issues), issues=issues)


# --- key consistency --------------------------------------------------------------------------------------
# The keyed option must be the one the explanation argues for: its distinctive words (those not shared by every
# option) must be supported by the explanation at least as well as any other option's.
_STOP = frozenset({"the", "a", "an", "of", "and", "or", "in", "on", "to", "with", "for", "by", "at", "from", "is"})


def _option_words(text: str) -> set[str]:
    return {w for w in _normalized(text).split() if w not in _STOP}


def _support(explained: set[str], words: list[set[str]]) -> list[float]:
    shared = set.intersection(*words) if words else set()
    out = []
    for own in words:
        distinct = own - shared or own
        out.append(round(len(distinct & explained) / len(distinct), 4) if distinct else 0.0)
    return out


# A sentence that turns an option down: "Adding another inhaler of albuterol would be redundant" names option A to
# reject it, and counted as support it made the explanation of a B-keyed item argue for A.
_REJECTS = re.compile(
    r"\b(not|never|no longer|incorrect|wrong|redundant|unnecessary|ineffective|inappropriate|contraindicated|"
    r"rather than|instead of|avoid(?:ed|s)?|insufficient|inadequate|less (?:effective|appropriate|likely))\b"
    r"|n't\b", re.IGNORECASE)


def _arguing_words(explanation: str) -> set[str]:
    """The words of the explanation's sentences that do not turn an option down."""
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", explanation) if s.strip()]
    return set(_normalized(" ".join(s for s in sentences if not _REJECTS.search(s))).split())


def option_support(item: ExamItem) -> list[float]:
    """Per option: the share of its distinctive words that the explanation uses, counting first only the
    sentences that argue rather than reject (the whole explanation when those name no option).

    When the explanation names no option at all, each option's own reason counts with its text ("ST-elevation
    with classic risk factors" ties the keyed option to an explanation that never repeats its name)."""
    words = [_option_words(o.text) for o in item.options]
    for explained in (_arguing_words(item.explanation), set(_normalized(item.explanation).split())):
        support = _support(explained, words)
        if any(support):
            return support
    explained = set(_normalized(item.explanation).split())
    return _support(explained, [_option_words(f"{o.text} {o.explanation}") for o in item.options])


def key_consistency(item: ExamItem | Draft) -> tuple[bool, float, list[str]]:
    """(consistent, score, evidence): does the explanation argue for the option the answer key marks?"""
    model = item if isinstance(item, ExamItem) else ExamItem.model_validate(item)
    keyed = model.keyed_index()
    if keyed is None or keyed >= len(model.options) or not model.explanation.strip():
        return False, 0.0, ["no answer key or no explanation to compare"]
    support = option_support(model)
    best = max(range(len(support)), key=lambda i: (support[i], i == keyed))
    figures = ", ".join(f"{OPTION_LETTERS[i]} {s:.2f}" for i, s in enumerate(support))
    if support[keyed] > 0 and support[keyed] >= support[best]:
        return True, support[keyed], [f"explanation support per option: {figures}"]
    evidence = [f'the key is {OPTION_LETTERS[keyed]} ("{model.options[keyed].text.strip()}", support '
                f'{support[keyed]:.2f}) but the explanation argues for {OPTION_LETTERS[best]} '
                f'("{model.options[best].text.strip()}", support {support[best]:.2f})',
                f"explanation support per option: {figures}"]
    return False, support[keyed], evidence


def key_consistency_result(criterion: str, item: ExamItem, validation: ValidationResult,
                           severity: Severity = "critical") -> CriterionResult:
    """The `key_consistency` verdict; not run on an item whose structure (keys, explanation) is broken."""
    sev = severity
    if not validation.is_valid:
        return CriterionResult(criterion=criterion, passed=False, skipped=True, severity=sev, source="validation",
                               reason="Not run: the item failed structural validation (see `validation`).")
    consistent, score, evidence = key_consistency(item)
    if consistent:
        reason = f"The explanation argues for the keyed option {item.answer_key} ({evidence[-1]})."
    else:
        reason = f"Answer key and explanation disagree: {evidence[0]}. Fix the key or rewrite the explanation."
    return CriterionResult(criterion=criterion, passed=consistent, severity=sev, source="validation",
                           score=round(min(1.0, score), 4), reason=reason, evidence=evidence)
