"""Deterministic layout planning: EditorialContent + DesignSpec -> MagazineLayout blocks."""

from __future__ import annotations

from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.layout import (
    Block,
    BodyTextBlock,
    CelebFeatureBlock,
    CelebItem,
    CreditsBlock,
    DividerBlock,
    GalleryStyle,
    HashtagBarBlock,
    HeadlineBlock,
    HeroBlock,
    ImageGalleryBlock,
    KeyValuePair,
    MagazineLayout,
    ProductItem,
    ProductShowcaseBlock,
    PullQuoteBlock,
)

_GALLERY_STYLE: dict[str, GalleryStyle] = {
    "modern": "grid", "minimal": "grid", "classic": "carousel", "playful": "masonry", "bold": "masonry",
}


def gallery_style(design: DesignSpec) -> GalleryStyle:
    """The gallery arrangement that suits the visual style."""
    return _GALLERY_STYLE.get(design.visual_style, "grid")


def plan_layout(content: EditorialContent, design: DesignSpec) -> MagazineLayout:
    """Place content into blocks; image slots are filled later by enrich."""
    paragraphs = [p.strip() for p in content.body_paragraphs if p.strip()] or [content.subtitle or content.title]
    split = max(1, (len(paragraphs) + 1) // 2)
    blocks: list[Block] = [
        HeroBlock(overlay_title=content.title, overlay_subtitle=content.subtitle),
        HeadlineBlock(text=content.title, level=1),
        BodyTextBlock(paragraphs=paragraphs[:split]),
    ]
    if content.pull_quotes:
        blocks.append(PullQuoteBlock(quote=content.pull_quotes[0]))
    blocks.append(ImageGalleryBlock(layout_style=gallery_style(design)))
    if paragraphs[split:]:
        blocks.append(BodyTextBlock(paragraphs=paragraphs[split:]))
    if content.celeb_mentions:
        blocks.append(
            CelebFeatureBlock(celebs=[CelebItem(name=c.name, description=c.context) for c in content.celeb_mentions])
        )
    if content.product_mentions:
        blocks.append(
            ProductShowcaseBlock(
                products=[
                    ProductItem(name=p.name, brand=p.brand, description=p.context) for p in content.product_mentions
                ]
            )
        )
    if design.visual_style != "minimal":
        blocks.append(DividerBlock())
    if content.hashtags:
        blocks.append(HashtagBarBlock(hashtags=[h if h.startswith("#") else f"#{h}" for h in content.hashtags]))
    if content.credits:
        blocks.append(CreditsBlock(entries=content.credits))
    return MagazineLayout(
        keyword=content.keyword,
        title=content.title,
        blocks=blocks,
        design_spec=design,
        metadata=[KeyValuePair(key="visual_style", value=design.visual_style)],
    )
