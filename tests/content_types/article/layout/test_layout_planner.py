"""Deterministic layout planning from EditorialContent and DesignSpec."""

from __future__ import annotations

from typing import Any

import pytest

from editorial_ai.content_types.article.layout.planner import plan_layout
from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.review.format_check import check_format

P = "Jennie walked through the airport carrying a Chanel 22 Bag, and the bag sold out within a few days of it."


def _content(**overrides: Any) -> EditorialContent:
    data: dict[str, Any] = {
        "keyword": "Jennie Effect", "title": "The Jennie Effect: How One Idol Dresses a Season",
        "subtitle": "Airport style", "body_paragraphs": [P + " One.", P + " Two.", P + " Three."],
        "pull_quotes": ["She starts trends."], "product_mentions": [{"name": "22 Bag", "brand": "Chanel",
                                                                     "context": "airport"}],
        "celeb_mentions": [{"name": "Jennie", "context": "trendsetter"}], "hashtags": ["JennieEffect", "#Chanel"],
        "credits": [{"role": "Editor", "name": "Editorial AI"}],
    }
    data.update(overrides)
    return EditorialContent.model_validate(data)


def _types(layout: MagazineLayout) -> list[str]:
    return [b.type for b in layout.blocks]


def test_full_content_uses_every_block_type_in_order() -> None:
    layout = plan_layout(_content(), DesignSpec(visual_style="modern"))
    assert _types(layout) == ["hero", "headline", "body_text", "pull_quote", "image_gallery", "body_text",
                              "celeb_feature", "product_showcase", "divider", "hashtag_bar", "credits"]
    assert layout.title == layout.blocks[0].overlay_title == layout.blocks[1].text  # type: ignore[union-attr]
    assert layout.blocks[0].overlay_subtitle == "Airport style"  # type: ignore[union-attr]
    assert layout.metadata[0].key == "visual_style" and layout.metadata[0].value == "modern"


def test_paragraphs_are_split_around_the_gallery_without_loss() -> None:
    layout = plan_layout(_content(), DesignSpec())
    bodies = [b.paragraphs for b in layout.blocks if b.type == "body_text"]
    assert bodies == [[P + " One.", P + " Two."], [P + " Three."]]


def test_hashtags_get_a_hash_prefix() -> None:
    layout = plan_layout(_content(), DesignSpec())
    tags = next(b for b in layout.blocks if b.type == "hashtag_bar")
    assert tags.hashtags == ["#JennieEffect", "#Chanel"]


@pytest.mark.parametrize(("style", "gallery", "divider"), [
    ("modern", "grid", True), ("minimal", "grid", False), ("classic", "carousel", True),
    ("playful", "masonry", True), ("bold", "masonry", True),
])
def test_visual_style_drives_gallery_and_divider(style: str, gallery: str, divider: bool) -> None:
    layout = plan_layout(_content(), DesignSpec(visual_style=style))
    assert next(b for b in layout.blocks if b.type == "image_gallery").layout_style == gallery
    assert ("divider" in _types(layout)) is divider
    assert layout.design_spec.visual_style == style


def test_optional_blocks_are_left_out_when_there_is_nothing_to_show() -> None:
    layout = plan_layout(_content(body_paragraphs=[P, P], pull_quotes=[], product_mentions=[], celeb_mentions=[],
                                  hashtags=[], credits=[]), DesignSpec(visual_style="minimal"))
    assert _types(layout) == ["hero", "headline", "body_text", "image_gallery", "body_text"]


def test_planned_layout_passes_the_format_check_and_round_trips() -> None:
    layout = plan_layout(_content(), DesignSpec())
    verdict, parsed = check_format(layout.model_dump(mode="json"))
    assert verdict.passed and parsed == layout
