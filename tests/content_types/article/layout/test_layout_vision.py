"""Merging article content into the block order a vision model read from a layout design image."""

from __future__ import annotations

from typing import Any

from editorial_ai.content_types.article.layout.vision import LayoutBlueprint, merge_content, split_paragraphs
from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.review.format_check import check_format

P = "Jennie walked through the airport carrying a Chanel 22 Bag, and the bag sold out within a few days of it."


def _content(**overrides: Any) -> EditorialContent:
    data: dict[str, Any] = {
        "keyword": "Jennie Effect", "title": "The Jennie Effect: How One Idol Dresses a Season",
        "subtitle": "Airport style", "body_paragraphs": [f"{P} {n}." for n in ("One", "Two", "Three", "Four")],
        "pull_quotes": ["She starts trends."],
        "product_mentions": [{"name": "22 Bag", "brand": "Chanel", "context": "airport"}],
        "celeb_mentions": [{"name": "Jennie", "context": "trendsetter"}], "hashtags": ["JennieEffect", "#Chanel"],
        "credits": [{"role": "Editor", "name": "Editorial AI"}],
    }
    data.update(overrides)
    return EditorialContent.model_validate(data)


def _blueprint(*types: str, **styles: str) -> LayoutBlueprint:
    return LayoutBlueprint.model_validate(
        {"blocks": [{"type": t, **({"layout_style": styles[t]} if t in styles else {})} for t in types]})


def _types(layout: MagazineLayout) -> list[str]:
    return [b.type for b in layout.blocks]


def _paragraphs(layout: MagazineLayout) -> list[list[str]]:
    return [b.paragraphs for b in layout.blocks if b.type == "body_text"]  # type: ignore[union-attr]


# --- merge_content -------------------------------------------------------------------------------------------


def test_blueprint_order_is_kept_and_content_fills_it() -> None:
    order = ("hero", "headline", "pull_quote", "body_text", "image_gallery", "body_text", "product_showcase",
             "celeb_feature", "divider", "hashtag_bar", "credits")
    layout = merge_content(_blueprint(*order, image_gallery="carousel"), _content(), DesignSpec())
    assert _types(layout) == list(order)
    assert layout.blocks[1].text == layout.title and layout.blocks[1].level == 1  # type: ignore[union-attr]
    assert layout.blocks[2].quote == "She starts trends."  # type: ignore[union-attr]
    assert layout.blocks[4].layout_style == "carousel"  # type: ignore[union-attr]
    assert layout.blocks[9].hashtags == ["#JennieEffect", "#Chanel"]  # type: ignore[union-attr]
    assert ("layout_source", "vision") in [(m.key, m.value) for m in layout.metadata]
    verdict, parsed = check_format(layout.model_dump(mode="json"))
    assert verdict.passed and parsed == layout


def test_paragraphs_are_split_over_the_body_slots_without_loss() -> None:
    content = _content()
    layout = merge_content(_blueprint("hero", "body_text", "pull_quote", "body_text", "body_text"), content,
                           DesignSpec())
    assert _paragraphs(layout) == [content.body_paragraphs[:2], content.body_paragraphs[2:3],
                                   content.body_paragraphs[3:]]
    assert split_paragraphs(["a", "b", "c", "d", "e"], 2) == [["a", "b", "c"], ["d", "e"]]
    assert split_paragraphs(["a", "b"], 5) == [["a"], ["b"]]


def test_hero_is_moved_first_and_missing_hero_and_body_are_added() -> None:
    content = _content()
    moved = merge_content(_blueprint("headline", "body_text", "hero", "divider"), content, DesignSpec())
    assert _types(moved)[:3] == ["hero", "headline", "body_text"] and _types(moved).count("hero") == 1

    bare = merge_content(_blueprint("headline", "image_gallery"), content, DesignSpec(visual_style="playful"))
    assert _types(bare)[:4] == ["hero", "headline", "body_text", "image_gallery"]
    assert _paragraphs(bare) == [content.body_paragraphs]
    assert bare.blocks[3].layout_style == "masonry"  # type: ignore[union-attr]  # from the design style
    assert check_format(bare.model_dump(mode="json"))[0].passed


def test_slots_without_content_are_dropped() -> None:
    content = _content(subtitle="", body_paragraphs=[P, P], pull_quotes=[], hashtags=[], credits=[])
    blueprint = _blueprint("hero", "headline", "headline", "pull_quote", "body_text", "divider", "divider",
                           "image_gallery", "image_gallery", "body_text", "body_text", "hashtag_bar", "credits")
    layout = merge_content(blueprint, content, DesignSpec())
    assert _types(layout) == ["hero", "headline", "body_text", "divider", "image_gallery", "body_text",
                              "celeb_feature", "product_showcase"]
    assert _paragraphs(layout) == [[P], [P]]


def test_content_the_image_left_out_is_added_before_the_closing_blocks() -> None:
    layout = merge_content(_blueprint("hero", "headline", "body_text", "hashtag_bar"), _content(), DesignSpec())
    assert _types(layout) == ["hero", "headline", "body_text", "celeb_feature", "product_showcase", "hashtag_bar",
                              "credits"]
