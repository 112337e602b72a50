"""Enrich: real post images and products injected into the layout."""

from __future__ import annotations

from typing import Any

from editorial_ai.content_types.article.layout.enrich import enrich_layout
from editorial_ai.models.layout import MagazineLayout

CONTEXTS: list[dict[str, Any]] = [
    {"post_id": "low", "image_url": "sample://posts/low", "artist_name": "Lisa", "context": "concert",
     "view_count": 10, "solutions": [{"solution_id": "s9", "title": "Celine Triomphe Bag", "brand": "Celine",
                                      "thumbnail_url": "sample://solutions/s9"}]},
    {"post_id": "top", "image_url": "sample://posts/top", "artist_name": "Jennie", "context": "airport fashion",
     "view_count": 1000, "solutions": [{"solution_id": "s1", "title": "Chanel 22 Bag", "brand": "Chanel",
                                        "thumbnail_url": "sample://solutions/s1"}]},
    {"post_id": "mid", "image_url": "sample://posts/mid", "artist_name": "Jennie", "context": "runway",
     "view_count": 500, "solutions": []},
]


def _draft(products: list[dict[str, Any]] | None = None, celebs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    blocks: list[dict[str, Any]] = [
        {"type": "hero", "overlay_title": "The Jennie Effect"},
        {"type": "body_text", "paragraphs": ["Text."]},
        {"type": "image_gallery"},
        {"type": "celeb_feature", "celebs": celebs or []},
        {"type": "product_showcase", "products": products or []},
    ]
    return {"keyword": "Jennie Effect", "title": "The Jennie Effect", "blocks": blocks}


def _blocks(layout: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {b["type"]: b for b in layout["blocks"]}


def test_hero_gets_the_top_viewed_post_image() -> None:
    out = _blocks(enrich_layout(_draft(), CONTEXTS))
    assert out["hero"]["image_url"] == "sample://posts/top"
    assert out["hero"]["overlay_title"] == "The Jennie Effect"


def test_gallery_lists_posts_by_views_with_captions() -> None:
    images = _blocks(enrich_layout(_draft(), CONTEXTS))["image_gallery"]["images"]
    assert [i["post_id"] for i in images] == ["top", "mid", "low"]
    assert images[0]["url"] == "sample://posts/top" and "Jennie" in images[0]["caption"]


def test_matching_product_mention_gets_the_solution() -> None:
    out = enrich_layout(_draft(products=[{"name": "22 Bag", "brand": "chanel", "description": "airport"}]), CONTEXTS)
    product = _blocks(out)["product_showcase"]["products"][0]
    assert product["product_id"] == "s1" and product["name"] == "Chanel 22 Bag" and product["brand"] == "Chanel"
    assert product["image_url"] == "sample://solutions/s1" and product["description"] == "airport"


def test_unmatched_product_mention_is_kept_for_grounding() -> None:
    out = enrich_layout(_draft(products=[{"name": "Birkin 25", "brand": "Hermès"}]), CONTEXTS)
    product = _blocks(out)["product_showcase"]["products"][0]
    assert product == {"product_id": None, "name": "Birkin 25", "brand": "Hermès", "image_url": "", "description": ""}


def test_empty_showcase_is_filled_from_sourced_products() -> None:
    products = _blocks(enrich_layout(_draft(), CONTEXTS))["product_showcase"]["products"]
    assert [p["product_id"] for p in products] == ["s1", "s9"]


def test_celebs_get_their_most_viewed_post_image() -> None:
    out = enrich_layout(_draft(celebs=[{"name": "JENNIE"}, {"name": "Zendaya"}]), CONTEXTS)
    celebs = _blocks(out)["celeb_feature"]["celebs"]
    assert celebs[0]["image_url"] == "sample://posts/top" and celebs[0]["celeb_id"] == "jennie"
    assert celebs[1] == {"celeb_id": None, "name": "Zendaya", "image_url": "", "description": ""}


def test_empty_celeb_block_is_filled_one_card_per_artist() -> None:
    celebs = _blocks(enrich_layout(_draft(), CONTEXTS))["celeb_feature"]["celebs"]
    assert [c["name"] for c in celebs] == ["Jennie", "Lisa"]


def test_no_sources_leaves_the_layout_unchanged_and_valid() -> None:
    draft = _draft(products=[{"name": "Birkin 25", "brand": "Hermès"}])
    out = enrich_layout(draft, [])
    assert out == MagazineLayout.model_validate(draft).model_dump(mode="json")


def test_input_draft_is_not_mutated() -> None:
    draft = _draft()
    before = repr(draft)
    enrich_layout(draft, CONTEXTS)
    assert repr(draft) == before
