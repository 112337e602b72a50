"""A passing draft with sentences the embedded model wrote reaches the editor flagged, those sentences quoted."""

from __future__ import annotations

import json

from editorial_ai.models.layout import MODEL_PROSE_KEY, KeyValuePair, MagazineLayout
from editorial_ai.review.engine import ReviewContext, review_draft
from editorial_ai.review.model_prose import model_prose_flags
from editorial_ai.review.rubric import load_rubric
from editorial_ai.review.sources import Sources

from .helpers import ARTICLE, CONTEXTS, KNOWN, TOPICS, layout
from .test_engine import GOOD, _judge


def _marked(draft: dict, sentences: list[str]) -> dict:
    entry = {"key": MODEL_PROSE_KEY, "value": json.dumps({"model": "local:gemma-3-270m", "sentences": sentences,
                                                          "of": 12})}
    return {**draft, "metadata": [*draft.get("metadata", []), entry]}


def test_the_flag_counts_and_quotes_the_models_sentences() -> None:
    plain = MagazineLayout(keyword="x", title="t")
    assert model_prose_flags(plain) == [] and model_prose_flags(None) == []
    marked = MagazineLayout(keyword="x", title="t", metadata=[KeyValuePair(key=MODEL_PROSE_KEY, value=json.dumps(
        {"model": "local:gemma-3-270m", "sentences": ["It sits well.", "Fans loved it.", "A third."], "of": 9}))])
    (flag,) = model_prose_flags(marked)
    assert flag.startswith("prose unjudged: 3 of 9 body sentences were written by local:gemma-3-270m")
    assert "\u201cIt sits well.\u201d; \u201cFans loved it.\u201d" in flag and "A third" not in flag
    broken = MagazineLayout(keyword="x", title="t", metadata=[KeyValuePair(key=MODEL_PROSE_KEY, value="{")])
    assert "unreadable" in model_prose_flags(broken)[0]  # never silently dropped


async def test_a_passing_review_carries_the_flag_and_a_failing_one_goes_to_correction() -> None:
    rubric = load_rubric("fashion_magazine")
    context = ReviewContext(sources=Sources(curated_topics=TOPICS, enriched_contexts=CONTEXTS), known_entities=KNOWN)
    good = await review_draft(_marked(GOOD, ["Fans loved it."]), rubric, context, _judge())
    assert good.passed
    assert any(f.startswith("prose unjudged: 1 of 12") for f in good.flags)
    bad = await review_draft(_marked(layout([*ARTICLE[:3], "Lisa carried the Chanel 22 Bag to the airport."]),
                                     ["Fans loved it."]), rubric, context, _judge())
    assert not bad.passed and not any(f.startswith("prose unjudged") for f in bad.flags)
