"""One verdict per claim for the review gate and the desk: a claim is supported only when a source sentence states
it, and `fact_accuracy` fails a claim whose figures no source post gives with its names, whatever names and years
co-occur in the sources (issue 22, item 2)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from editorial_ai.api.view_evidence import build_evidence
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.review.claim_support import NOT_STATED, SUPPORTED, ClaimVerdict
from editorial_ai.review.deterministic import DraftView, fact_accuracy_verdict, layout_view, view_verdicts
from editorial_ai.review.profile import ARTICLE_PROFILE

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "review"
LOGGED = "Jennie wore fifteen logged looks between February 2025 and February 2026."
TREND = "Jennie Effect runs through fifteen logged looks between February 2025 and February 2026."
SHELVES = "can empty shelves within days"
VIEWED = "Jennie's Jacquemus street style post has been viewed 2,129,096 times."


def _sources() -> dict[str, Any]:
    return dict(json.loads((SAMPLE / "sources.json").read_text(encoding="utf-8")))


def _draft(*sentences: str) -> dict[str, Any]:
    """The shipped sample draft (its first paragraph says the Jennie effect "can empty shelves within days"), with
    `sentences` added to that paragraph."""
    layout = copy.deepcopy(json.loads((SAMPLE / "draft.json").read_text(encoding="utf-8")))
    body = next(b for b in layout["blocks"] if b["type"] == "body_text")
    body["paragraphs"][0] = " ".join([body["paragraphs"][0], *sentences])
    return dict(layout)


def _view(layout: dict[str, Any]) -> DraftView:
    sources = _sources()
    return layout_view(MagazineLayout.model_validate(layout), ARTICLE_PROFILE, sources["curated_topics"],
                       sources["enriched_contexts"])


def _verdict(verdicts: list[ClaimVerdict], words: str) -> ClaimVerdict:
    return next(v for v in verdicts if words in v.check.claim.text)


def test_names_and_years_that_co_occur_do_not_support_the_logged_looks() -> None:
    view = _view(_draft(LOGGED))
    logged = _verdict(view_verdicts(view), "fifteen logged looks")
    # Every name and year is in the sources (so the names-and-figures check alone let it through) ...
    assert logged.check.unsupported == [] and logged.check.pairing == []
    assert set(logged.figures) == {"2025", "2026"}
    # ... but no post of Jennie's gives both years, and "Jennie's Chanel front-row look in Paris" states nothing.
    assert logged.verdict == NOT_STATED and logged.fails_review
    assert "no source post gives 2025, 2026 with Jennie" in logged.problems[0]
    assert logged.sentence != "Jennie's Chanel front-row look in Paris"
    gate = fact_accuracy_verdict(view)
    assert not gate.passed and gate.score is not None and gate.score < 0.5
    assert gate.evidence == [logged.evidence_line()]
    assert gate.evidence[0].startswith('body_paragraphs[0]: "Jennie wore fifteen logged looks')


def test_the_trend_s_logged_looks_are_stated_by_their_count_and_span_and_a_wrong_one_fails() -> None:
    # The sample's fifteen posts run from 11 February 2025 to 14 February 2026: the trend's period and count hold.
    verdicts = view_verdicts(_view(_draft(TREND, "Jennie Effect runs through twelve logged looks between February "
                                                 "2025 and February 2026.", "Jennie Effect runs through fifteen "
                                                 "logged looks between March 2025 and February 2026.")))
    right, wrong_count, wrong_start = (_verdict(verdicts, words) for words in (
        "fifteen logged looks between February", "twelve logged", "between March 2025"))
    assert not right.fails_review and right.figures == ()
    assert wrong_count.fails_review and wrong_start.fails_review


def test_the_desk_shows_the_gates_verdict_for_every_sentence() -> None:
    layout = _draft(LOGGED, VIEWED)
    verdicts = view_verdicts(_view(layout))
    desk = build_evidence(layout, _sources())
    assert sorted((c.location, c.text, c.verdict, c.fails_review, tuple(c.problems)) for c in desk.claims) == sorted(
        (v.check.claim.location, v.check.claim.text, v.verdict, v.fails_review, v.problems) for v in verdicts)
    gate = fact_accuracy_verdict(_view(layout))
    failing = [c for c in desk.claims if c.fails_review]
    assert [c.text for c in failing] == [LOGGED]
    assert all(f'"{c.text}"' in line for c, line in zip(failing, gate.evidence, strict=True))


def test_a_figure_a_post_states_is_supported_and_an_unstated_claim_without_figures_does_not_fail() -> None:
    view = _view(_draft(VIEWED))
    verdicts = view_verdicts(view)
    viewed = _verdict(verdicts, "2,129,096")
    assert viewed.verdict == SUPPORTED and "viewed 2129096 times" in viewed.sentence
    shelves = _verdict(verdicts, SHELVES)  # "The Jennie effect on stage in custom Chanel" states no empty shelves
    assert shelves.verdict == NOT_STATED and not shelves.fails_review and shelves.figures == ()
    assert "“empty”" in shelves.problems[0]  # no source sentence says anything of empty shelves
    gate = fact_accuracy_verdict(view)
    assert gate.passed and gate.evidence == []
    assert "Not stated by any one source sentence" in gate.reason and shelves.check.quoted(80) in gate.reason



def test_a_person_given_other_pronouns_fails_fact_accuracy_located() -> None:
    assert fact_accuracy_verdict(_view(_draft("She wore it again."))).passed
    gate = fact_accuracy_verdict(_view(_draft("Jennie kept her look plain.", "His coat was the point.")))
    assert not gate.passed
    assert gate.evidence[-1] == ('body_paragraphs[0]: "His coat was the point." — calls Jennie "his" where the '
                                 'draft already calls Jennie "she/her": use "she/her" throughout')


def test_a_sentence_naming_nobody_may_list_the_days_of_several_posts_but_not_a_day_no_post_has() -> None:
    days = "The looks were taken on different days, including August 5, September 9 and October 23."
    invented = "The looks were taken on different days, including August 6, September 9 and October 23."
    verdicts = view_verdicts(_view(_draft(days, invented)))
    listed, wrong = _verdict(verdicts, "August 5"), _verdict(verdicts, "August 6")
    assert not listed.fails_review  # each day is a post's day, though no one post has all three
    assert wrong.fails_review  # no post is dated the 6th
