"""An editor's inline edit: the editable fields of a layout, applying a form, and the deterministic re-check."""

from __future__ import annotations

from typing import Any

import pytest

from editorial_ai.review.engine import ReviewContext
from editorial_ai.review.rubric import load_rubric
from editorial_ai.review.sources import Sources
from editorial_ai.services.human_edit import JUDGE_NOT_RERUN, EditError, apply_edit, editable_fields, recheck

SOURCES: dict[str, Any] = {
    "curated_topics": [
        {
            "keyword": "Jennie Effect",
            "trend_background": "Jennie's airport looks sell out Chanel.",
            "celebrities": [{"name": "Jennie"}],
            "brands_products": [{"name": "Chanel"}],
        }
    ],
    "enriched_contexts": [
        {
            "artist_name": "Jennie",
            "title": "Jennie at Incheon",
            "context": "airport",
            "solutions": [{"title": "Chanel 22 Bag", "brand": "Chanel"}],
        }
    ],
}


def _layout() -> dict[str, Any]:
    return {
        "keyword": "Jennie Effect",
        "title": "The Jennie Effect",
        "blocks": [
            {"type": "hero", "image_url": "", "overlay_title": "The Jennie Effect", "overlay_subtitle": ""},
            {
                "type": "body_text",
                "paragraphs": ["Jennie carried the Chanel 22 Bag at the airport.", "Fans copied the look."],
            },
            {"type": "pull_quote", "quote": "One bag did the talking.", "attribution": ""},
        ],
    }


def test_editable_fields_list_the_text_in_reading_order() -> None:
    fields = {f.name: f for f in editable_fields(_layout())}
    assert list(fields) == [
        "title",
        "b0.overlay_title",
        "b0.overlay_subtitle",
        "b1.paragraphs",
        "b2.quote",
        "b2.attribution",
    ]
    assert fields["b1.paragraphs"].multiline
    assert fields["b1.paragraphs"].value == "Jennie carried the Chanel 22 Bag at the airport.\n\nFans copied the look."


def test_apply_edit_changes_only_what_the_form_changed() -> None:
    layout = _layout()
    edited, changed = apply_edit(
        layout,
        {
            "title": "  The   Jennie Effect, revisited ",
            "b1.paragraphs": "Jennie carried the Chanel 22 Bag at the airport.\r\n\r\n"
            "Fans copied it.\n\nA third paragraph.",
            "b2.quote": "One bag did the talking.",
        },
    )
    assert changed == ["title", "b1.paragraphs"]
    assert edited["title"] == "The Jennie Effect, revisited"
    assert edited["blocks"][1]["paragraphs"][1:] == ["Fans copied it.", "A third paragraph."]
    assert layout["title"] == "The Jennie Effect"  # the stored draft is not mutated
    assert apply_edit(layout, {})[1] == []


@pytest.mark.parametrize(
    ("form", "field"),
    [({"title": " "}, "title"), ({"b1.paragraphs": "\n\n"}, "b1.paragraphs"), ({"b2.quote": "x" * 20_001}, "b2.quote")],
)
def test_apply_edit_names_the_field_to_fix(form: dict[str, str], field: str) -> None:
    with pytest.raises(EditError) as caught:
        apply_edit(_layout(), form)
    assert caught.value.field == field


def test_recheck_runs_the_deterministic_checks_and_never_passes_the_judge() -> None:
    rubric = load_rubric("fashion_magazine")
    context = ReviewContext(sources=Sources.coerce(SOURCES))
    clean = recheck(_layout(), rubric, context, "ana")
    judged = [c for c in clean.criteria if c.source == "judge"]
    assert judged and all(c.skipped and c.reason == JUDGE_NOT_RERUN for c in judged)
    assert clean.summary.startswith("Edited by ana:")
    invented, _ = apply_edit(_layout(), {"b1.paragraphs": "Jennie wore Versace Medusa Heels at the airport."})
    result = recheck(invented, rubric, context, "ana")
    failed = {c.criterion for c in result.criteria if not c.passed and not c.skipped}
    assert not result.passed and "hallucination" in failed and "Versace" in " ".join(result.suggestions)
    assert result.flags == ["edited draft fails deterministic checks"]
