"""An editor's inline edit of a draft: which text fields can be edited, applying an edit, and re-checking it at once.

The re-check is the review's deterministic half (format, claims against the sources, counted checks) — no model
call, so it answers before the page reloads. Judge criteria are recorded as not re-run, never as passes.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from editorial_ai.models.review import CriterionResult, ReviewResult
from editorial_ai.models.state_json import Draft, JsonObject, json_list
from editorial_ai.review.engine import ReviewContext, deterministic_review
from editorial_ai.review.format_check import check_format
from editorial_ai.review.rubric import Rubric
from editorial_ai.review.scoring import composite_score

MAX_FIELD_CHARS = 20_000
JUDGE_NOT_RERUN = "Not re-run after the editor's edit: the judge is a model call; the deterministic checks ran at once."


class EditError(ValueError):
    """An edit that cannot be applied; `field` names the form field to fix."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class EditableField:
    """One text field of a draft as the edit form shows it."""

    name: str  # form field name: "title", "b3.paragraphs", "b0.overlay_title", ...
    label: str
    value: str
    multiline: bool = False


# (block type, key, label, multiline); paragraphs are edited as one text with blank lines between them.
_BLOCK_FIELDS: tuple[tuple[str, str, str, bool], ...] = (
    ("hero", "overlay_title", "Hero title", False),
    ("hero", "overlay_subtitle", "Hero subtitle", False),
    ("headline", "text", "Headline", False),
    ("body_text", "paragraphs", "Body (a blank line between paragraphs)", True),
    ("pull_quote", "quote", "Pull quote", True),
    ("pull_quote", "attribution", "Quote attribution", False),
)


def is_editable(layout: Any) -> bool:
    """Whether a stored draft is an article layout (exam items and other shapes are not edited here)."""
    return isinstance(layout, dict) and isinstance(layout.get("blocks"), list) and "title" in layout


def editable_fields(layout: Draft) -> list[EditableField]:
    """The text fields of an article layout, in reading order."""
    fields = [EditableField("title", "Title", str(layout.get("title", "")))]
    for index, block in enumerate(json_list(layout.get("blocks"))):
        if not isinstance(block, dict):
            continue
        for kind, key, label, multiline in _BLOCK_FIELDS:
            if block.get("type") != kind or key not in block:
                continue
            value = block[key]
            text = "\n\n".join(str(p) for p in value) if isinstance(value, list) else str(value or "")
            fields.append(EditableField(f"b{index}.{key}", label, text, multiline))
    return fields


def _paragraphs(text: str) -> list[str]:
    blocks = [" ".join(part.split()) for part in text.replace("\r\n", "\n").split("\n\n")]
    return [b for b in blocks if b]


def _block(layout: Draft, index: int) -> JsonObject:
    """The layout's block at `index`, which `editable_fields` found to be an object."""
    block = json_list(layout.get("blocks"))[index]
    assert isinstance(block, dict)
    return block


def apply_edit(layout: Draft, form: Mapping[str, str]) -> tuple[Draft, list[str]]:
    """The layout with the form's field values applied, and the names of the fields that changed.

    Fields absent from the form keep their value. EditError names a field that is too long or left empty where the
    article needs text (the title, a body block)."""
    edited = copy.deepcopy(layout)
    changed: list[str] = []
    for field in editable_fields(layout):
        if field.name not in form:
            continue
        raw = str(form[field.name])
        if len(raw) > MAX_FIELD_CHARS:
            raise EditError(field.name, f"{field.label} is longer than {MAX_FIELD_CHARS} characters: shorten it")
        if field.name == "title":
            value: Any = " ".join(raw.split())
            if not value:
                raise EditError(field.name, "The title cannot be empty: write a title")
            if value != field.value:
                edited["title"] = value
                changed.append(field.name)
            continue
        index, key = field.name[1:].split(".", 1)
        block = _block(edited, int(index))
        if key == "paragraphs":
            value = _paragraphs(raw)
            if not value:
                raise EditError(field.name, "A body block needs at least one paragraph: write one or undo the edit")
            same = value == [" ".join(str(p).split()) for p in json_list(block[key])]
        else:
            value = raw.strip() if "\n" in raw else " ".join(raw.split())
            same = value == str(block[key] or "").strip()
        if not same:
            block[key] = value
            changed.append(field.name)
    return edited, changed


def recheck(draft: Draft, rubric: Rubric, context: ReviewContext, editor: str) -> ReviewResult:
    """The deterministic review of an edited draft; `passed` means every deterministic criterion passed."""
    results: list[CriterionResult] = []
    format_names = [c.name for c in rubric.by_check("format")]
    layout = None
    for name in format_names:
        verdict, layout = check_format(draft, criterion=name)
        results.append(verdict)
    if layout is None:
        _, layout = check_format(draft)
    results += deterministic_review(layout, rubric, context)
    results += [
        CriterionResult(
            criterion=c.name, passed=False, skipped=True, reason=JUDGE_NOT_RERUN, severity=c.severity, source="judge"
        )
        for c in rubric.by_check("judge")
    ]
    order = {c.name: i for i, c in enumerate(rubric.criteria)}
    results.sort(key=lambda r: order.get(r.criterion, len(order)))
    checked = [r for r in results if not r.skipped]
    failed = [r.criterion for r in checked if not r.passed]
    passed = bool(checked) and not failed
    summary = (
        f"Edited by {editor}: {len(checked) - len(failed)} of {len(checked)} deterministic checks passed"
        + (f" (failed: {', '.join(failed)})" if failed else "")
        + "; the judge was not re-run."
    )
    return ReviewResult(
        passed=passed,
        criteria=results,
        summary=summary,
        suggestions=[f"{r.criterion}: {r.reason}" for r in checked if not r.passed],
        composite_score=composite_score(rubric, results),
        judge_skipped=True,
        flags=[] if passed else ["edited draft fails deterministic checks"],
    )
