"""Does a verdict's reason agree with its pass flag?

Used twice: the remote judge's consistency guard (review/judge.py) repairs a contradicting verdict, and
`calibrate` counts contradictions over every criterion of every review. A contradiction is:

- a template reason of the opposite verdict ("scored 0.31, below the 0.50 threshold" on a pass), or a template
  whose own numbers disagree with the flag;
- a passing criterion whose reason uses failure wording ("fails", "missing", "not supported", ...), unless the
  wording is negated ("no unsupported names");
- a failing criterion whose reason uses pass wording ("meets the criterion", "every name ... is in the sources",
  "all good", ...).
"""

from __future__ import annotations

import re

from editorial_ai.models.review import CriterionResult

_TEMPLATE = re.compile(r"scored (\d+(?:\.\d+)?), (meets|below) the (\d+(?:\.\d+)?) threshold")
_FAIL_WORDS = re.compile(
    r"\b(fails?|failed|missing|lacks?|not supported|unsupported|unsourced|not (?:found |named )?in the sources|"
    r"absent from|contradicts?|invented|off[- ]topic|copied)\b", re.IGNORECASE)
_NEGATION = re.compile(r"\b(no|0|zero|nothing|none|never|without|not a single)\b[^.;:]{0,30}$", re.IGNORECASE)
_PASS_WORDS = re.compile(
    r"\b(meets the (?:criterion|dimension|\d+(?:\.\d+)? threshold)|all good|looks good|no issues?|no problems?|"
    r"fully supported|every (?:name|claim|statement|fact)[^.]{0,60}\b(?:is|are) (?:in|supported by) the sources)\b",
    re.IGNORECASE)


def _unnegated(pattern: re.Pattern[str], text: str) -> str | None:
    for match in pattern.finditer(text):
        if not _NEGATION.search(text[: match.start()]):
            return match.group(0)
    return None


def contradiction(passed: bool, reason: str) -> str | None:
    """Why `reason` contradicts the `passed` flag, or None when it does not."""
    text = reason.strip()
    template = _TEMPLATE.search(text)
    if template:
        score, word, threshold = float(template.group(1)), template.group(2), float(template.group(3))
        if (word == "meets") != passed:
            return f"template of the opposite verdict ({template.group(0)!r})"
        if (score >= threshold) != passed:
            return f"template numbers disagree with the verdict ({template.group(0)!r})"
        return None
    if passed:
        word = _unnegated(_FAIL_WORDS, text)
        return f"passing criterion with failure wording ({word!r})" if word else None
    word = _unnegated(_PASS_WORDS, text)
    return f"failing criterion with pass wording ({word!r})" if word else None


def result_contradiction(result: CriterionResult) -> str | None:
    """The contradiction of one criterion result (skipped ones have no verdict to contradict)."""
    return None if result.skipped else contradiction(result.passed, result.reason)
