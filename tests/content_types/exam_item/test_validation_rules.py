"""The remaining structural rules: stem, option count, the single correct option, key consistency, explanation."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from editorial_ai.content_types.exam_item import EXAM_ITEM
from editorial_ai.content_types.exam_item.validators import STEM_MAX_CHARS, VIGNETTE_MIN_CHARS, validate_exam_item
from editorial_ai.models.exam_item import ExamItem

from .fixtures import MOCK_VALID_QUESTION


def _with(**changes: Any) -> dict[str, Any]:
    item = copy.deepcopy(MOCK_VALID_QUESTION)
    item.update(changes)
    return item


def _flip(index: int, value: bool) -> dict[str, Any]:
    item = copy.deepcopy(MOCK_VALID_QUESTION)
    item["options"][index]["is_correct"] = value
    return item


@pytest.mark.parametrize(("item", "field", "words"), [
    (_with(stem="Name the most likely diagnosis."), "stem", "question"),
    (_with(stem=""), "stem", "missing"),
    (_with(stem="Which " + "very " * 48 + "likely diagnosis?"), "stem", str(STEM_MAX_CHARS)),
    (_with(options=MOCK_VALID_QUESTION["options"][:3]), "distractors", "3 options"),
    (_with(options=MOCK_VALID_QUESTION["options"] * 2), "distractors", "10 options"),
    (_flip(1, True), "distractors", "2 options are marked correct"),
    (_flip(0, False), "distractors", "0 options are marked correct"),
    (_with(answer_key="B"), "answer_key", "does not match"),
    (_with(options=MOCK_VALID_QUESTION["options"][:4], answer_key="E"), "answer_key", "points at no option"),
    (_with(explanation="  "), "explanation", "missing"),
])
def test_structural_errors_name_their_field(item: dict[str, Any], field: str, words: str) -> None:
    result = validate_exam_item(item)
    assert not result.is_valid
    assert any(e.field == field and words in e.message for e in result.errors()), result.errors()


def test_negative_stem_and_length_outlier_only_warn() -> None:
    item = _with(stem="Each of the following is a cause EXCEPT which?")
    item["options"][0]["text"] = "Acute myocardial infarction of the anterior wall caused by plaque rupture"
    result = validate_exam_item(item)
    assert result.is_valid
    messages = [w.message for w in result.warnings()]
    assert any("negatively phrased" in m for m in messages) and any("much longer" in m for m in messages)


@pytest.mark.parametrize(("raw", "letter"), [("a", "A"), ("(B)", "B"), ("C. Pericarditis", "C"), ("", None),
                                             ("Acute MI", None), (None, None)])
def test_answer_key_is_normalised_to_a_letter(raw: str | None, letter: str | None) -> None:
    assert ExamItem.model_validate(_with(answer_key=raw)).answer_key == letter


def test_rubric_states_the_same_structural_limits() -> None:
    text = EXAM_ITEM.rubric().get("validation").description  # type: ignore[union-attr]
    assert f"at least {VIGNETTE_MIN_CHARS} characters" in text and "4 or 5 options" in text
