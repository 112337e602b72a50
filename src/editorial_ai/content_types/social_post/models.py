"""What a social post run makes and what it is checked against: the three captions (the draft) and the facts of
the published article with its catalog sources."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Caption(BaseModel):
    """One platform's post: the written text, the hashtags and link the desk adds to it."""

    platform: str
    text: str
    hashtags: list[str] = Field(default_factory=list)
    link: str = ""


class SocialPosts(BaseModel):
    """The draft: one caption per platform for one published article."""

    keyword: str
    title: str
    article_id: str
    article_title: str
    article_url: str
    captions: list[Caption] = Field(default_factory=list)

    def caption(self, platform: str) -> Caption | None:
        """The caption for `platform` (None when the draft has none)."""
        return next((c for c in self.captions if c.platform == platform), None)


class ArticleFacts(BaseModel):
    """The published article the posts announce, and the catalog records it was written from."""

    content_id: str
    title: str
    keyword: str
    url: str
    paragraphs: list[str] = Field(default_factory=list)
    names: list[str] = Field(default_factory=list)  # celebrities, products and brands the layout features
    hashtags: list[str] = Field(default_factory=list)
    passages: list[str] = Field(default_factory=list)  # catalog posts and products on the article's keyword

    def sources(self) -> list[str]:
        """Every text a caption's names and figures may come from."""
        return [self.title, self.keyword, *self.paragraphs, *self.names, *self.passages]
