"""The evidence panel's verdicts: supported only when a source sentence states the claim, and opinion-shaped
sentences that assert sales, stock, queues or counts are checked too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from editorial_ai.api.view_evidence import build_evidence
from editorial_ai.review.relations import checkable, stating_sentence
from editorial_ai.review.source_index import content_words

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "review"


def _evidence(layout: dict[str, Any]) -> dict[str, Any]:
    sources = json.loads((SAMPLE / "sources.json").read_text(encoding="utf-8"))
    evidence = build_evidence(layout, sources)
    return {c.text: c for c in evidence.claims}


def _sentence_words(sentences: list[str]) -> list[frozenset[str]]:
    return [frozenset(content_words(s)) for s in sentences]


def test_names_that_merely_co_occur_state_nothing() -> None:
    sentences = ["Jennie's Chanel front-row look in Paris", "Jennie wears the Chanel 22 Bag at Incheon airport"]
    words = _sentence_words(sentences)
    logged = "Jennie Effect runs through fifteen logged looks between February 2025 and February 2026"
    assert not stating_sentence(logged, ["Jennie"], ["2025", "2026"], sentences, words).stated
    shelves = "The Jennie effect can empty shelves within days"
    statement = stating_sentence(shelves, ["Jennie"], [], sentences, words)
    assert not statement.stated and {"empty", "shelve"} <= set(statement.missing)
    airport = stating_sentence("Jennie wore the Chanel 22 Bag at the airport", ["Jennie", "Chanel 22 Bag"], [],
                               sentences, words)
    assert airport.stated and airport.sentence == 1


def test_an_opinion_that_asserts_a_checkable_fact_is_checked() -> None:
    assert checkable("waiting lists at every boutique grew longer by the hour")
    assert checkable("the bag sold out within days")
    assert not checkable("the look feels effortless and easy to copy")


def test_the_panel_says_supported_only_for_stated_claims() -> None:
    layout = json.loads((SAMPLE / "draft.json").read_text(encoding="utf-8"))
    body = next(b for b in layout["blocks"] if b["type"] == "body_text")
    body["paragraphs"][0] += " Waiting lists at every boutique grew longer by the hour."
    claims = _evidence(layout)
    shelves = next(c for t, c in claims.items() if "empty shelves" in t)
    assert shelves.verdict == "not stated" and "no source sentence states it" in shelves.problems[0]
    queue = next(c for t, c in claims.items() if "Waiting lists" in t)
    assert queue.verdict == "not stated"
    stated = [c for c in claims.values() if c.verdict == "supported"]
    assert stated and all(c.best_sentence for c in stated)
    assert any(c.verdict == "opinion" for c in claims.values())
