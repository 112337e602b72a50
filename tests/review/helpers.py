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


# A clean article over TOPICS/CONTEXTS: four paragraphs, 250+ words, every name and figure sourced.
ARTICLE: list[str] = [
    "The Jennie Effect is easy to see at the airport. When Jennie walks through the terminal with the Chanel 22 "
    "Bag, the pictures travel faster than she does, and within days the bag is hard to find. Fans do not copy a "
    "whole outfit; they copy the one piece they can name, and the Chanel 22 Bag is that piece.",
    "Jennie of BLACKPINK keeps the rest of the look quiet. She pairs the Chanel 22 Bag with relaxed tailoring and "
    "soft layers, so the bag carries the outfit without shouting. The airport photos read as practical rather than "
    "staged, which is exactly why readers believe they could wear the same thing on an ordinary morning.",
    "The Alaïa Fishnet Ballet Flats finish the look. Jennie wore the Alaïa Fishnet Ballet Flats at the airport, and "
    "the flats turned a travel outfit into something that feels deliberate. They are light, they fold into a bag, "
    "and they suit long walks between gates, which makes the choice feel sensible as well as stylish.",
    "Why does the Jennie Effect spread so quickly? The pieces are specific, recognisable and easy to search for. "
    "Chanel and Alaïa supply the names, Jennie supplies the moment, and the airport supplies a setting everyone "
    "knows. Put together, the look becomes a template that fans can follow with a single purchase, and that is "
    "the whole secret of the effect. It asks for no styling team and no special occasion, only a bag, a pair of "
    "flats and the confidence to keep everything else simple, which is a lesson that outlasts any single trip.",
]
