"""Seed 002 section 10: ValidationCheckNode (structural rules of section 12.1)."""

from __future__ import annotations

import copy

from editorial_ai.config import Settings
from editorial_ai.content_types.exam_item.nodes import make_exam_validate_node
from editorial_ai.content_types.exam_item.validators import VIGNETTE_MIN_CHARS, validate_exam_item
from editorial_ai.models.exam_item import ValidationResult

from .fixtures import MOCK_INVALID_QUESTION, MOCK_VALID_QUESTION, exam_deps, exam_state


def _fields(result: ValidationResult, severity: str = "error") -> set[str]:
    return {i.field for i in result.issues if i.severity == severity}


def test_passes_valid_question_with_all_required_components() -> None:
    result = validate_exam_item(MOCK_VALID_QUESTION)
    assert result.is_valid
    assert result.issues == []


def test_fails_question_with_missing_answer_key() -> None:
    result = validate_exam_item({**MOCK_VALID_QUESTION, "answer_key": None})
    assert not result.is_valid
    assert _fields(result) == {"answer_key"}
    assert "missing" in result.errors()[0].message


def test_fails_question_with_vignette_below_minimum_length() -> None:
    short = MOCK_VALID_QUESTION["vignette"][: VIGNETTE_MIN_CHARS - 1]
    result = validate_exam_item({**MOCK_VALID_QUESTION, "vignette": short})
    assert not result.is_valid
    assert _fields(result) == {"vignette"}
    assert str(VIGNETTE_MIN_CHARS) in result.errors()[0].message
    assert validate_exam_item({**MOCK_VALID_QUESTION, "vignette": short + "x" * 1}).is_valid


def test_warns_on_borderline_distractor_plausibility() -> None:
    item = copy.deepcopy(MOCK_VALID_QUESTION)
    item["options"][3]["text"] = "Pulmonary  embolism"  # a duplicate of B, differently spaced
    item["options"][4] = {"text": "All of the above", "is_correct": False, "explanation": ""}
    result = validate_exam_item(item)
    assert result.is_valid, "plausibility findings warn; they do not fail the item"
    warnings = result.warnings()
    assert warnings and {w.field for w in warnings} == {"distractors"}
    text = " ".join(w.message for w in warnings)
    assert "option D repeats option B" in text and "catch-all" in text and "option E has no explanation" in text


def test_an_option_one_word_from_another_is_a_warning() -> None:
    # A default-model item: "Add another inhaler of albuterol" and "... of salbuterol" (one drug, two names).
    item = copy.deepcopy(MOCK_VALID_QUESTION)
    item["options"][2]["text"] = "Add another inhaler of albuterol"
    item["options"][3]["text"] = "Add another inhaler of salbuterol"
    result = validate_exam_item(item)
    assert result.is_valid
    assert [w.message for w in result.warnings() if "one word" in w.message] == [
        "option D differs from option C in one word only ('salbuterol' for 'albuterol'): make each option a "
        "distinct alternative"]
    assert not [w for w in validate_exam_item(MOCK_VALID_QUESTION).warnings() if "one word" in w.message]


async def test_returns_structured_validation_result_with_field_specific_errors(settings: Settings) -> None:
    result = validate_exam_item(MOCK_INVALID_QUESTION)
    assert isinstance(result, ValidationResult) and not result.is_valid
    assert _fields(result) == {"vignette", "answer_key"}
    assert all(i.severity == "error" and i.message for i in result.errors())
    assert result.fields_with_errors() == ["vignette", "answer_key"]
    async with exam_deps(settings, {}) as (deps, _):
        update = await make_exam_validate_node(deps)(exam_state(MOCK_INVALID_QUESTION))
    stored = ValidationResult.model_validate(update["exam_validation"])
    assert stored == result and update["pipeline_status"] == "reviewing"
