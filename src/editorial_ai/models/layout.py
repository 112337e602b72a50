"""MagazineLayout and its ten block types (seed 001 section 5)."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import CreditEntry

BlockType = Literal[
    "hero",
    "headline",
    "body_text",
    "image_gallery",
    "pull_quote",
    "product_showcase",
    "celeb_feature",
    "divider",
    "hashtag_bar",
    "credits",
]
GalleryStyle = Literal["grid", "carousel", "masonry"]

BLOCK_TYPES: tuple[str, ...] = get_args(BlockType)


class _Block(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HeroBlock(_Block):
    """Hero image with overlay text."""

    type: Literal["hero"] = "hero"
    image_url: str = ""
    overlay_title: str = ""
    overlay_subtitle: str = ""


class HeadlineBlock(_Block):
    """A heading."""

    type: Literal["headline"] = "headline"
    text: str
    level: int = Field(1, ge=1, le=3)


class BodyTextBlock(_Block):
    """Body paragraphs."""

    type: Literal["body_text"] = "body_text"
    paragraphs: list[str] = Field(min_length=1)


class GalleryImage(BaseModel):
    """One gallery image."""

    url: str
    caption: str = ""
    post_id: str | None = None


class ImageGalleryBlock(_Block):
    """A gallery of post images."""

    type: Literal["image_gallery"] = "image_gallery"
    images: list[GalleryImage] = Field(default_factory=list)
    layout_style: GalleryStyle = "grid"


class PullQuoteBlock(_Block):
    """A pulled quote."""

    type: Literal["pull_quote"] = "pull_quote"
    quote: str
    attribution: str = ""


class ProductItem(BaseModel):
    """A product card."""

    product_id: str | None = None
    name: str
    brand: str = ""
    image_url: str = ""
    description: str = ""


class ProductShowcaseBlock(_Block):
    """Products featured in the article."""

    type: Literal["product_showcase"] = "product_showcase"
    products: list[ProductItem] = Field(default_factory=list)


class CelebItem(BaseModel):
    """A celebrity card."""

    celeb_id: str | None = None
    name: str
    image_url: str = ""
    description: str = ""


class CelebFeatureBlock(_Block):
    """Celebrities featured in the article."""

    type: Literal["celeb_feature"] = "celeb_feature"
    celebs: list[CelebItem] = Field(default_factory=list)


class DividerBlock(_Block):
    """A visual separator."""

    type: Literal["divider"] = "divider"


class HashtagBarBlock(_Block):
    """Hashtags."""

    type: Literal["hashtag_bar"] = "hashtag_bar"
    hashtags: list[str] = Field(default_factory=list)


class CreditsBlock(_Block):
    """Credits."""

    type: Literal["credits"] = "credits"
    entries: list[CreditEntry] = Field(default_factory=list)


Block = Annotated[
    HeroBlock
    | HeadlineBlock
    | BodyTextBlock
    | ImageGalleryBlock
    | PullQuoteBlock
    | ProductShowcaseBlock
    | CelebFeatureBlock
    | DividerBlock
    | HashtagBarBlock
    | CreditsBlock,
    Field(discriminator="type"),
]

# Metadata key under which the writer lists the body sentences the embedded model wrote (JSON: model, sentences, of).
MODEL_PROSE_KEY = "model_prose"


class KeyValuePair(BaseModel):
    """A metadata entry."""

    key: str
    value: str


class MagazineLayout(BaseModel):
    """The article as an ordered list of typed blocks."""

    keyword: str
    title: str = Field(min_length=1)
    blocks: list[Block] = Field(default_factory=list)
    metadata: list[KeyValuePair] = Field(default_factory=list)
    design_spec: DesignSpec = Field(default_factory=DesignSpec)

    def blocks_of(self, block_type: type[_Block]) -> list:
        """Blocks of one type, in order."""
        return [b for b in self.blocks if isinstance(b, block_type)]
