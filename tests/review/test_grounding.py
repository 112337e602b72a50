"""Grounding: names in the draft must come from the sources."""

from __future__ import annotations

from typing import Any

import pytest

from editorial_ai.models.layout import MagazineLayout
from editorial_ai.review.grounding import check_grounding, facts_from_sources, normalize, ungrounded_names

from .helpers import CONTEXTS, KNOWN, TOPICS, layout


def _check(draft: dict[str, Any], topics: list[dict[str, Any]] | None = None,
           contexts: list[dict[str, Any]] | None = None, known: dict[str, set[str]] | None = None):
    facts = facts_from_sources(TOPICS if topics is None else topics, CONTEXTS if contexts is None else contexts,
                               KNOWN if known is None else known)
    return check_grounding(MagazineLayout.model_validate(draft), facts)


def test_normalize_folds_case_accents_and_punctuation() -> None:
    assert normalize("  Hermès ") == "hermes"
    assert normalize("ALAÏA") == normalize("alaia") == "alaia"
    assert normalize("Tiffany & Co.") == "tiffany & co"
    assert normalize("Cha Eun-woo") == "cha eun woo"


def test_sourced_names_pass() -> None:
    draft = layout(["Jennie carried the Chanel 22 Bag."], celebs=[{"name": "Jennie"}],
                   products=[{"name": "22 Bag", "brand": "Chanel"}])
    verdict = _check(draft)
    assert verdict.passed and verdict.criterion == "hallucination" and verdict.source == "grounding"


def test_unsourced_brand_fails_hallucination_and_is_named() -> None:
    draft = layout(["Jennie wore Versace heels."], products=[{"name": "Medusa Heels", "brand": "Versace"}])
    verdict = _check(draft)
    assert not verdict.passed
    assert verdict.criterion == "hallucination" and verdict.severity == "critical" and verdict.score == 0.0
    assert "Versace" in verdict.reason and "Medusa Heels" in verdict.reason


def test_unsourced_brand_in_body_text_only_is_flagged_when_known() -> None:
    verdict = _check(layout(["Jennie paired Chanel with a Gucci belt."]))
    assert not verdict.passed and "Gucci" in verdict.reason


@pytest.mark.parametrize(("celeb", "brand"), [("JENNIE", "CHANEL"), ("jennie", "chanel"), ("Jénnie", "Chânel")])
def test_case_and_accent_insensitive_matches_pass(celeb: str, brand: str) -> None:
    draft = layout([f"{celeb} wore {brand}."], celebs=[{"name": celeb}],
                   products=[{"name": "22 Bag", "brand": brand}])
    assert _check(draft).passed


def test_accented_source_matches_plain_draft_spelling() -> None:
    draft = layout(["Jennie chose Alaia flats."], products=[{"name": "Fishnet Ballet Flats", "brand": "ALAIA"}])
    assert _check(draft).passed


def test_known_catalog_artist_absent_from_sources_is_flagged_in_body_text() -> None:
    verdict = _check(layout(["Jennie and Lisa wore Chanel at the airport."]))
    assert not verdict.passed and "Lisa" in verdict.reason and "Jennie" not in verdict.reason.split(":")[1]


def test_known_artist_in_pull_quote_and_title_is_flagged() -> None:
    assert "Lisa" in ungrounded_names(MagazineLayout.model_validate(layout(["Jennie wore Chanel."], title="Lisa Now")),
                                      facts_from_sources(TOPICS, CONTEXTS, KNOWN))
    draft = layout(["Jennie wore Chanel."], quote="As Rosé says, less is more.")
    verdict = _check(draft)
    assert not verdict.passed and "Rosé" in verdict.reason


def test_known_name_inside_another_word_is_not_flagged() -> None:
    # "Lisa" inside "Lisabon"-like words must not count as a mention.
    assert _check(layout(["Jennie wore Chanel in Lisabonne."])).passed


def test_unknown_celebrity_card_is_flagged() -> None:
    verdict = _check(layout(["Jennie wore Chanel."], celebs=[{"name": "Jennie"}, {"name": "Zendaya"}]))
    assert not verdict.passed and "Zendaya" in verdict.reason


def test_product_matched_by_solution_id_is_fine() -> None:
    draft = layout(["Jennie wore Chanel."], products=[{"product_id": "s1", "name": "Chanel Bag (renamed)",
                                                      "brand": "Chanel"}])
    assert _check(draft).passed


def test_unmatched_product_without_id_is_flagged_by_name() -> None:
    draft = layout(["Jennie wore Chanel."], products=[{"name": "Imaginary Trench", "brand": "Chanel"}])
    verdict = _check(draft)
    assert not verdict.passed and "Imaginary Trench" in verdict.reason


def test_each_name_is_listed_once_in_first_seen_order() -> None:
    draft = layout(["Versace, Versace, Gucci."], products=[{"name": "Heels", "brand": "Versace"},
                                                          {"name": "Heels", "brand": "Versace"}])
    names = ungrounded_names(MagazineLayout.model_validate(draft), facts_from_sources(TOPICS, CONTEXTS, KNOWN))
    assert names.count("Versace") == 1 and names.index("Versace") < names.index("Gucci")


def test_group_names_from_posts_are_allowed() -> None:
    assert _check(layout(["Jennie of BLACKPINK wore Chanel."])).passed


def test_short_unsourced_artist_is_not_masked_by_a_longer_sourced_name() -> None:
    verdict = _check(layout(["V wore Chanel at the airport."]))
    assert not verdict.passed and "V" in verdict.reason


def test_short_unsourced_artist_is_not_masked_by_a_sourced_brand() -> None:
    topics = [{"keyword": "Hermès", "celebrities": [{"name": "Jennie"}], "brands_products": [{"name": "Hermès"}]}]
    verdict = _check(layout(["RM carried Hermès."]), topics=topics, contexts=[])
    assert not verdict.passed and "RM" in verdict.reason


def test_season_word_is_not_mistaken_for_an_artist() -> None:
    assert _check(layout(["This winter Jennie layered a Chanel coat over everything."])).passed


def test_made_up_product_id_does_not_ground_a_product() -> None:
    draft = layout(["Jennie wore Chanel."], products=[{"product_id": "invented-123", "name": "Imaginary Trench",
                                                      "brand": "Chanel"}])
    verdict = _check(draft)
    assert not verdict.passed and "Imaginary Trench" in verdict.reason
