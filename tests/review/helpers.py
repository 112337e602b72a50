"""Builders for review tests."""

from __future__ import annotations

from typing import Any

TOPICS: list[dict[str, Any]] = [{
    "keyword": "Jennie Effect", "trend_background": "Jennie sells out Chanel.",
    "celebrities": [{"name": "Jennie"}], "brands_products": [{"name": "Chanel"}, {"name": "Calvin Klein"}],
}]

CONTEXTS: list[dict[str, Any]] = [{
    "post_id": "p1", "image_url": "sample://posts/p1", "artist_name": "Jennie", "group_name": "BLACKPINK",
    "context": "airport fashion", "view_count": 100,
    "solutions": [{"solution_id": "s1", "title": "Chanel 22 Bag", "brand": "Chanel", "thumbnail_url": "sample://s/1"},
                  {"solution_id": "s2", "title": "Alaïa Fishnet Ballet Flats", "brand": "Alaïa",
                   "thumbnail_url": "sample://s/2"}],
}]

KNOWN: dict[str, set[str]] = {
    "artists": {"Jennie", "Lisa", "Rosé", "V", "RM", "Winter"},
    "groups": {"BLACKPINK", "BTS", "aespa"},
    "brands": {"Chanel", "Calvin Klein", "Alaïa", "Hermès", "Gucci", "Versace"},
    "products": {"Chanel 22 Bag"},
}


def layout(paragraphs: list[str] | None = None, *, title: str = "The Jennie Effect",
           products: list[dict[str, Any]] | None = None, celebs: list[dict[str, Any]] | None = None,
           hero: bool = True, quote: str | None = None, hashtags: list[str] | None = None) -> dict[str, Any]:
    """A MagazineLayout dict with the requested blocks."""
    blocks: list[dict[str, Any]] = []
    if hero:
        blocks.append({"type": "hero", "overlay_title": title, "overlay_subtitle": ""})
    if paragraphs is not None:
        blocks.append({"type": "body_text", "paragraphs": paragraphs})
    if quote:
        blocks.append({"type": "pull_quote", "quote": quote})
    if celebs is not None:
        blocks.append({"type": "celeb_feature", "celebs": celebs})
    if products is not None:
        blocks.append({"type": "product_showcase", "products": products})
    if hashtags is not None:
        blocks.append({"type": "hashtag_bar", "hashtags": hashtags})
    return {"keyword": "Jennie Effect", "title": title, "blocks": blocks}
