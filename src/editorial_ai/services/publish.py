"""Publishing: render a MagazineLayout as a magazine article (a standalone HTML page, or a fragment for the UI).

What the reader sees is edited here, not in the stored draft: typographic dashes and quotes, only the people the
article is about (a gallery of every sourced post would show unrelated celebrities), product cards with their brand
and, when the sources are at hand, where the product was seen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, TypedDict

from jinja2 import Environment, PackageLoader, select_autoescape

from editorial_ai.models.design_spec import FONT_STACK
from editorial_ai.models.editorial import CreditEntry
from editorial_ai.models.layout import (
    Block,
    BodyTextBlock,
    CelebFeatureBlock,
    CelebItem,
    CreditsBlock,
    HeadlineBlock,
    HeroBlock,
    ImageGalleryBlock,
    MagazineLayout,
    ProductItem,
    ProductShowcaseBlock,
    PullQuoteBlock,
)
from editorial_ai.models.state_json import Draft, SourcePostJson
from editorial_ai.services.contrast import readable_ink
from editorial_ai.services.placeholder_images import resolve_image_src
from editorial_ai.services.typography import smarten, strip_wrapping_quotes

_CSS_SAFE = re.compile(r"^(?:#[0-9a-fA-F]{3,8}|-?[0-9]+(?:\.[0-9]+)?)$")
_CAPTION_SPLIT = re.compile(r"\s+(?:--|—|–|-)\s+")
_BYLINE_ROLES = ("writer", "words", "text", "author", "editor", "story")
_WORDS_PER_MINUTE = 230
DEFAULT_PUBLICATION = "Editorial AI"
# Decisions taken with the shared admin key or by automation carry no person's name to print.
_UNNAMED_APPROVERS = frozenset({"admin", "auto-approve", "bench", ""})


def css_value(value: object) -> str:
    """A value for a CSS declaration: colours, numbers and font stacks as they are; anything else with every
    character outside letters, digits and spaces written as a CSS escape, so it cannot end the declaration,
    the rule or the style element (`;`, `}`, `<`, quotes, `url(`).

    The models already refuse such values; this keeps a stored or hand-edited layout from escaping either.
    """
    text = str(value)
    if _CSS_SAFE.fullmatch(text) or FONT_STACK.fullmatch(text):
        return text
    return "".join(ch if ch.isascii() and (ch.isalnum() or ch == " ") else f"\\{ord(ch):06x}" for ch in text)


@dataclass(frozen=True)
class ArticleMeta:
    """What the page says around the text: the publication, who signs it, when it was published and who approved
    it, or that it is a preview of a draft still under review.

    The byline is honest: the configured author (EDITORIAL_AI_AUTHOR) when a person signs the publication's
    articles, else the publication's desk, never a name the model wrote into the draft's credits. A line under it
    says the text was drafted with a language model from the sources it cites and approved by an editor (named when
    the approval came from a named reviewer).
    """

    published_at: datetime | str | None = None
    approved_by: str | None = None
    preview_status: str | None = None  # set for /preview: the content's status, shown in a banner
    publication: str = DEFAULT_PUBLICATION
    author: str | None = None

    @property
    def byline(self) -> str:
        return (self.author or "").strip() or f"the {self.publication} desk"

    @property
    def approver(self) -> str | None:
        """The approving editor's name, when a person's name was recorded."""
        name = (self.approved_by or "").strip()
        return None if name.lower() in _UNNAMED_APPROVERS else name


def meta_for(settings: Any, **fields: Any) -> ArticleMeta:
    """ArticleMeta with the publication and author from the settings."""
    return ArticleMeta(publication=settings.publication_name, author=settings.byline_author, **fields)


@lru_cache(maxsize=1)
def _env() -> Environment:
    env = Environment(loader=PackageLoader("editorial_ai", "templates"), autoescape=select_autoescape(["html"]))
    env.filters["img"] = resolve_image_src
    env.filters["css"] = css_value
    env.filters["ink_on"] = readable_ink
    env.filters["smart"] = smarten
    env.filters["unquote"] = strip_wrapping_quotes
    return env


def _mentions(text: str, name: str) -> bool:
    name = name.strip()
    return bool(name) and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE) is not None


def _article_text(layout: MagazineLayout) -> str:
    """Title, standfirst, paragraphs and quotes: what the article is about, for deciding who it features."""
    parts = [layout.title, layout.keyword]
    for block in layout.blocks:
        if isinstance(block, HeroBlock):
            parts += [block.overlay_title, block.overlay_subtitle]
        elif isinstance(block, BodyTextBlock):
            parts += block.paragraphs
        elif isinstance(block, PullQuoteBlock):
            parts.append(block.quote)
    return "\n".join(parts)


def _caption_parts(caption: str) -> tuple[str, str]:
    """("Jennie", "airport look") from an enriched caption "Jennie -- airport look"; ("", caption) otherwise."""
    pieces = _CAPTION_SPLIT.split(caption, maxsplit=1)
    return (pieces[0].strip(), pieces[1].strip()) if len(pieces) == 2 else ("", caption.strip())


def _seen_on(sources: Sequence[SourcePostJson] | None) -> dict[str, tuple[str, str]]:
    """product id -> (artist, post context) of the first sourced post that features the product."""
    seen: dict[str, tuple[str, str]] = {}
    for post in sources or []:
        artist, context = str(post.get("artist_name") or ""), str(post.get("context") or "")
        for solution in post.get("solutions") or []:
            sid = solution.get("solution_id")
            if sid and sid not in seen and artist:
                seen[str(sid)] = (artist, context)
    return seen


def _seen_line(product: ProductItem, seen: dict[str, tuple[str, str]]) -> str:
    """ "Seen on Jennie: Incheon airport" for a sourced product; the scene is left out when the card says it."""
    if not product.product_id or product.product_id not in seen:
        return ""
    artist, context = seen[product.product_id]
    repeated = not context or context.casefold() in product.description.casefold()
    return f"Seen on {artist}" + ("" if repeated else f": {context}")


def _is_author_credit(role: str) -> bool:
    return any(word in role.lower() for word in _BYLINE_ROLES)


def _date_text(value: datetime | str | None) -> str:
    if value is None:
        return ""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return f"{moment:%B} {moment.day}, {moment.year}"


class GalleryImageView(TypedDict):
    url: str
    person: str
    context: str
    label: str


class ProductCardView(TypedDict):
    item: ProductItem
    seen: str  # "Seen on Jennie: Incheon airport", or ""


class BlockView(TypedDict, total=False):
    """One block to show, with what of it the article is about (the keys its kind needs)."""

    block: Block
    images: list[GalleryImageView]
    people: list[CelebItem]
    products: list[ProductCardView]
    first: bool
    entries: list[CreditEntry]


class ArticleView(TypedDict):
    """The template's render context."""

    blocks: list[BlockView]
    minutes: int
    hero: HeroBlock | None


def article_view(layout: MagazineLayout, sources: Sequence[SourcePostJson] | None = None) -> ArticleView:
    """The render context of the template: the blocks to show, each reduced to what the article is about."""
    text = _article_text(layout)
    seen = _seen_on(sources)
    # Who the article is about: the people it features (and names); without a feature block, anyone it names.
    featured = [
        c.name for b in layout.blocks if isinstance(b, CelebFeatureBlock) for c in b.celebs if _mentions(text, c.name)
    ]

    def about(person: str) -> bool:
        return any(_mentions(person, name) for name in featured) if featured else _mentions(text, person)

    blocks: list[BlockView] = []
    first_body = True
    for block in layout.blocks:
        entry: BlockView = {"block": block}
        if isinstance(block, ImageGalleryBlock):
            images: list[GalleryImageView] = []
            for image in block.images:
                person, context = _caption_parts(image.caption)
                if person and not about(person):
                    continue  # a post of someone the article is not about: not this article's picture
                images.append({"url": image.url, "person": person, "context": context, "label": image.caption})
            if not images:
                continue
            entry["images"] = images
        elif isinstance(block, CelebFeatureBlock):
            people = [c for c in block.celebs if _mentions(text, c.name)]
            if not people:
                continue
            entry["people"] = people
        elif isinstance(block, ProductShowcaseBlock):
            entry["products"] = [{"item": p, "seen": _seen_line(p, seen)} for p in block.products]
            if not entry["products"]:
                continue
        elif isinstance(block, BodyTextBlock):
            entry["first"] = first_body
            first_body = False
        elif isinstance(block, HeadlineBlock) and block.text.strip() == layout.title.strip():
            continue  # the title is already the hero's heading
        elif isinstance(block, CreditsBlock):
            # Author credits are the model's words about itself (or names it made up): the byline says who made it.
            entries = [e for e in block.entries if e.name.strip() and not _is_author_credit(e.role)]
            if not entries:
                continue
            entry["entries"] = entries
        blocks.append(entry)
    words = sum(len(p.split()) for b in layout.blocks if isinstance(b, BodyTextBlock) for p in b.paragraphs)
    hero = next((b for b in layout.blocks if isinstance(b, HeroBlock)), None)
    return {
        "blocks": blocks,
        "minutes": max(1, round(words / _WORDS_PER_MINUTE)),
        "hero": hero,
    }


def render_article_html(
    layout: Draft | MagazineLayout,
    *,
    standalone: bool = True,
    meta: ArticleMeta | None = None,
    sources: Sequence[SourcePostJson] | None = None,
) -> str:
    """The article as HTML (a full page, or a fragment for the admin UI)."""
    model = layout if isinstance(layout, MagazineLayout) else MagazineLayout.model_validate(layout)
    meta = meta or ArticleMeta()
    template = _env().get_template("article.html" if standalone else "article_fragment.html")
    return template.render(
        layout=model,
        spec=model.design_spec,
        view=article_view(model, sources),
        meta=meta,
        date_text=_date_text(meta.published_at),
    )


def write_published_article(
    layout: Draft,
    publish_dir: Path,
    content_id: str,
    *,
    meta: ArticleMeta | None = None,
    sources: Sequence[SourcePostJson] | None = None,
) -> Path:
    """Write the article to `{publish_dir}/{content_id}.html` and return the path (dated now unless `meta` says)."""
    publish_dir.mkdir(parents=True, exist_ok=True)
    path = publish_dir / f"{content_id}.html"
    tmp = path.with_suffix(".html.tmp")
    meta = meta or ArticleMeta(published_at=datetime.now(UTC))
    tmp.write_text(render_article_html(layout, meta=meta, sources=sources), encoding="utf-8")
    tmp.replace(path)  # atomic: a reader never sees half an article
    return path.resolve()
