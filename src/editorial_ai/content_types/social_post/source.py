"""Which published article a run announces, and what its captions are checked against.

The run's `seed_keyword` names the article: its content id, the start of its id, or its title. The facts are the
article's own text (title, paragraphs, pull quotes, the celebrities and products it features, its hashtags) and
the catalog's posts and products on the article's keyword, the records the article was written from.
"""

from __future__ import annotations

from editorial_ai.content_types.social_post.models import ArticleFacts
from editorial_ai.models.content_record import ContentRecord
from editorial_ai.models.layout import (
    BodyTextBlock,
    CelebFeatureBlock,
    HashtagBarBlock,
    HeroBlock,
    ImageGalleryBlock,
    MagazineLayout,
    ProductShowcaseBlock,
    PullQuoteBlock,
)
from editorial_ai.models.status import ContentStatus
from editorial_ai.pipeline.publishing import public_url
from editorial_ai.pipeline.registry import content_type_for
from editorial_ai.store.catalog import CatalogRepository
from editorial_ai.store.content_query import ContentQuery
from editorial_ai.store.contents import ContentRepository

SOURCE_POSTS = 10


class ArticleNotFoundError(LookupError):
    """No published article answers to the reference; the message says how to name one."""


def _is_article(row: ContentRecord) -> bool:
    return bool(content_type_for(row.content_type).magazine_page)


async def find_article(contents: ContentRepository, reference: str) -> ContentRecord:
    """The published article `reference` names (content id, id prefix or title)."""
    reference = reference.strip()
    row = await contents.get(reference) if reference else None
    if row is None and reference:
        ids = await contents.ids_starting_with(reference, limit=2)
        row = await contents.get(ids[0]) if len(ids) == 1 else None
    if row is None and reference:
        rows, _ = await contents.search(ContentQuery(text=reference, status=ContentStatus.PUBLISHED.value), limit=20)
        exact = [r for r in rows if (r.title or "").casefold() == reference.casefold()]
        found = exact or rows
        row = found[0] if len(found) == 1 or exact else None
    if row is None:
        raise ArticleNotFoundError(
            f"no published article answers to {reference!r}: name one by its content id or its exact title "
            "(`editorial-ai contents list --status published`)")
    if row.status != ContentStatus.PUBLISHED or not _is_article(row):
        raise ArticleNotFoundError(
            f"content {row.id} is a {row.content_type} that is {row.status!r}: social posts "
            "announce a published article; publish it first or name another")
    return row


def _layout_text(layout: MagazineLayout) -> tuple[list[str], list[str], list[str]]:
    """The layout's paragraphs (pull quotes included), featured names and hashtags."""
    paragraphs: list[str] = []
    names: list[str] = []
    hashtags: list[str] = []
    for block in layout.blocks:
        if isinstance(block, BodyTextBlock):
            paragraphs += block.paragraphs
        elif isinstance(block, PullQuoteBlock):
            paragraphs.append(block.quote)
        elif isinstance(block, HeroBlock) and block.overlay_subtitle:
            paragraphs.append(block.overlay_subtitle)
        elif isinstance(block, CelebFeatureBlock):
            names += [c.name for c in block.celebs]
        elif isinstance(block, ProductShowcaseBlock):
            names += [f"{p.brand} {p.name}".strip() for p in block.products]
        elif isinstance(block, ImageGalleryBlock):
            names += [i.caption for i in block.images if i.caption]
        elif isinstance(block, HashtagBarBlock):
            hashtags += block.hashtags
    return paragraphs, names, hashtags


async def article_facts(row: ContentRecord, catalog: CatalogRepository) -> ArticleFacts:
    """The article's facts and its catalog sources."""
    layout = MagazineLayout.model_validate(row.layout_json or {})
    paragraphs, names, hashtags = _layout_text(layout)
    posts = await catalog.search_posts(layout.keyword, limit=SOURCE_POSTS)
    products = await catalog.solutions_for_posts([p.id for p in posts])
    passages = [f"{p.artist_name} {p.group_name} {p.title}: {p.context}".strip() for p in posts]
    passages += [f"{s.brand} {s.title}".strip() for found in products.values() for s in found]
    return ArticleFacts(content_id=row.id, title=layout.title, keyword=layout.keyword,
                        url=public_url(row.id), paragraphs=paragraphs, names=list(dict.fromkeys(names)),
                        hashtags=list(dict.fromkeys(hashtags)), passages=list(dict.fromkeys(passages)))

