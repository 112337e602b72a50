"""MagazineLayout: the discriminated union over the ten block types."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from editorial_ai.models.layout import (
    BLOCK_TYPES,
    BodyTextBlock,
    CelebFeatureBlock,
    CreditsBlock,
    DividerBlock,
    HashtagBarBlock,
    HeadlineBlock,
    HeroBlock,
    ImageGalleryBlock,
    MagazineLayout,
    ProductShowcaseBlock,
    PullQuoteBlock,
)

ALL_BLOCKS: list[dict[str, Any]] = [
    {"type": "hero", "image_url": "sample://posts/1", "overlay_title": "The Jennie Effect", "overlay_subtitle": "Sub"},
    {"type": "headline", "text": "The Jennie Effect", "level": 2},
    {"type": "body_text", "paragraphs": ["First paragraph.", "Second paragraph."]},
    {"type": "image_gallery", "images": [{"url": "sample://posts/1", "caption": "Jennie", "post_id": "p1"}],
     "layout_style": "masonry"},
    {"type": "pull_quote", "quote": "She starts trends.", "attribution": "Editor"},
    {"type": "product_showcase", "products": [{"product_id": "s1", "name": "Chanel 22 Bag", "brand": "Chanel",
                                              "image_url": "sample://solutions/s1", "description": "airport"}]},
    {"type": "celeb_feature", "celebs": [{"celeb_id": "jennie", "name": "Jennie", "image_url": "", "description": ""}]},
    {"type": "divider"},
    {"type": "hashtag_bar", "hashtags": ["#JennieEffect"]},
    {"type": "credits", "entries": [{"role": "Editor", "name": "Editorial AI"}]},
]

EXPECTED_CLASSES = [HeroBlock, HeadlineBlock, BodyTextBlock, ImageGalleryBlock, PullQuoteBlock, ProductShowcaseBlock,
                    CelebFeatureBlock, DividerBlock, HashtagBarBlock, CreditsBlock]


def _layout(blocks: list[dict[str, Any]]) -> dict[str, Any]:
    return {"keyword": "Jennie Effect", "title": "The Jennie Effect", "blocks": blocks}


def test_every_block_type_is_covered_by_the_fixture() -> None:
    assert [b["type"] for b in ALL_BLOCKS] == list(BLOCK_TYPES)
    assert len(BLOCK_TYPES) == 10


def test_all_ten_block_types_round_trip() -> None:
    layout = MagazineLayout.model_validate(_layout(ALL_BLOCKS))
    assert [type(b) for b in layout.blocks] == EXPECTED_CLASSES
    dumped = layout.model_dump(mode="json")
    again = MagazineLayout.model_validate(dumped)
    assert again == layout
    assert again.model_dump(mode="json") == dumped
    assert MagazineLayout.model_validate_json(layout.model_dump_json()) == layout
    for original, block in zip(ALL_BLOCKS, dumped["blocks"], strict=True):
        assert {k: v for k, v in block.items() if k in original} == original


def test_blocks_of_filters_by_type() -> None:
    layout = MagazineLayout.model_validate(_layout([*ALL_BLOCKS, {"type": "body_text", "paragraphs": ["Third."]}]))
    bodies = layout.blocks_of(BodyTextBlock)
    assert [b.paragraphs for b in bodies] == [["First paragraph.", "Second paragraph."], ["Third."]]
    assert layout.blocks_of(DividerBlock) == [DividerBlock()]


def test_unknown_block_type_is_rejected() -> None:
    with pytest.raises(ValidationError) as info:
        MagazineLayout.model_validate(_layout([{"type": "video", "url": "x"}]))
    assert "video" in str(info.value)


def test_block_without_type_is_rejected() -> None:
    with pytest.raises(ValidationError):
        MagazineLayout.model_validate(_layout([{"text": "no discriminator"}]))


def test_extra_keys_on_a_block_are_rejected() -> None:
    with pytest.raises(ValidationError):
        MagazineLayout.model_validate(_layout([{"type": "divider", "colour": "red"}]))


@pytest.mark.parametrize("block", [
    {"type": "headline", "text": "x", "level": 4},
    {"type": "body_text", "paragraphs": []},
    {"type": "image_gallery", "layout_style": "spiral"},
    {"type": "pull_quote"},
])
def test_invalid_block_fields_are_rejected(block: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        MagazineLayout.model_validate(_layout([block]))


def test_layout_requires_a_non_empty_title() -> None:
    with pytest.raises(ValidationError):
        MagazineLayout.model_validate({"keyword": "k", "title": "", "blocks": []})
