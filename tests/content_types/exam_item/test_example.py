"""The exam writer's worked example is fictional, so a copied key can never pass as a real answer."""

from __future__ import annotations

import json

from editorial_ai.content_types.exam_item.prompts import EXAM_EXAMPLE, EXAM_EXAMPLE_ITEM
from editorial_ai.models.exam_item import ExamItem


def test_the_example_is_a_valid_item_about_an_invented_disease() -> None:
    item = ExamItem.model_validate(json.loads(EXAM_EXAMPLE.split("Item: ", 1)[1]))
    correct = [o.text for o in item.options if o.is_correct]
    assert correct == ["Intravenous tessaline"] and item.answer_key == "C"
    assert "invented" in item.vignette and "invented" in item.explanation
    # The old example's real answer (saline for ketoacidosis) is gone, so no real topic can inherit its key.
    text = json.dumps(EXAM_EXAMPLE_ITEM).lower()
    assert "0.9% saline" not in text and "ketoacidosis" not in text
