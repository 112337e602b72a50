"""The answer key and the is_correct flags must agree; a key alone marks its option."""

from __future__ import annotations

from editorial_ai.content_types.exam_item.service import reconcile_answer_key
from editorial_ai.models.exam_item import ExamItem


def _item(key: str | None, flags: list[bool]) -> ExamItem:
    return ExamItem(topic="t", vignette="v", stem="Which?", answer_key=key, explanation="e",
                    options=[{"text": f"option {i}", "is_correct": f, "explanation": ""} for i, f in enumerate(flags)])


def test_key_alone_marks_its_option() -> None:
    item = reconcile_answer_key(_item("C", [False, False, False, False]))
    assert item.correct_indexes() == [2]


def test_existing_flags_are_never_overridden() -> None:
    assert reconcile_answer_key(_item("A", [False, True, False, False])).correct_indexes() == [1]
    assert reconcile_answer_key(_item(None, [False, False, False, False])).correct_indexes() == []
    assert reconcile_answer_key(_item("E", [False, False, False, False])).correct_indexes() == []
