"""Names and numbers read from text for the grounding checks."""

from __future__ import annotations


def test_an_ordinal_date_is_a_number_not_a_name_with_a_model_code() -> None:
    from editorial_ai.review.text_grounding import all_spans

    spans = all_spans("Jennie wore it on August 5th and the Maison Margiela 5AC Bag on 23rd October.")
    assert ("5", "number") in [(s.text, s.kind) for s in spans]
    assert ("23", "number") in [(s.text, s.kind) for s in spans]
    assert ("Maison Margiela 5AC Bag", "name") in [(s.text, s.kind) for s in spans]
