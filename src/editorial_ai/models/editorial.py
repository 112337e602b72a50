"""Generated article content (seed 001 section 3.4)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field


class ProductMention(BaseModel):
    """A product the article names."""

    name: str = Field(max_length=120)
    brand: str = Field(max_length=60)
    context: str = Field("", max_length=200)


class CelebMention(BaseModel):
    """A celebrity the article names."""

    name: str = Field(max_length=60)
    context: str = Field("", max_length=200)


class CreditEntry(BaseModel):
    """A credit line."""

    role: str = Field(max_length=40)
    name: str = Field(max_length=60)


# A long magazine paragraph (about 250 words): the chat writer asks for 140 to 170 words a paragraph and may continue
# a short one; at 900 characters a 170-word answer with one continuation failed the draft.
BODY_PARAGRAPH_CHARS = 1500


class EditorialContent(BaseModel):
    """The text of a magazine article before it is laid out."""

    keyword: str = Field(max_length=120)
    title: str = Field(min_length=12, max_length=120)
    subtitle: str = Field("", max_length=200)
    body_paragraphs: list[Annotated[str, Field(min_length=40, max_length=BODY_PARAGRAPH_CHARS)]] = Field(
        min_length=2, max_length=5)
    pull_quotes: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=2)
    product_mentions: list[ProductMention] = Field(default_factory=list, max_length=4)
    celeb_mentions: list[CelebMention] = Field(default_factory=list, max_length=3)
    hashtags: list[str] = Field(default_factory=list, max_length=6)
    credits: list[CreditEntry] = Field(default_factory=list, max_length=2)
