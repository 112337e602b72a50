"""Clean fashion_magazine articles composed from a record's sources, and their MagazineLayout.

Every sentence is a template over one fact group of the record's own sources (the topic, one post and its
products, the products together), with several templates per fact kind so the clean texts differ. Names and
numbers come only from the sources: artists, groups, contexts, post titles, product titles, brands, colours,
materials, tags, where-to-buy answers and view counts. Perturbations (labelled_perturb.py) edit these articles.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field, replace
from typing import Any

from editorial_ai.evaluation.labelled_catalog import Post, Product, Topic

_CONTEXT_PHRASE = {
    "airport fashion": "an airport fashion moment", "brand campaign": "a brand campaign",
    "music video": "a music video", "pop-up store event": "a pop-up store event",
    "award show red carpet": "the award show red carpet", "magazine cover shoot": "a magazine cover shoot",
    "Paris Fashion Week front row": "the Paris Fashion Week front row", "street style": "a street style moment",
    "Milan Fashion Week front row": "the Milan Fashion Week front row", "stage outfit": "a stage outfit",
}
_NOUN = {"bag": "bag", "top": "top", "bottom": "piece", "shoes": "pair of shoes", "sneakers": "pair of sneakers",
         "eyewear": "pair of frames", "jewelry": "piece of jewelry", "accessory": "accessory",
         "outerwear": "layer", "dress": "dress"}


def context_phrase(context: str) -> str:
    """`airport fashion` -> `an airport fashion moment` (the context words kept verbatim)."""
    return _CONTEXT_PHRASE.get(context, f"the {context}")


def noun(product: Product) -> str:
    """What kind of piece a product is, in words."""
    return _NOUN.get(product.category, "piece")


def views(post: Post) -> str:
    """A view count as readers write it (the sources hold the same digits without separators)."""
    return f"{post.views:,}"


def join(items: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    items = list(dict.fromkeys(items))
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def tidy(text: str) -> str:
    """Template seams smoothed: `the The Row Ballet Flats` -> `The Row Ballet Flats`."""
    return re.sub(r"\b[Tt]he (The )", r"\1", text)


def replace_name(text: str, old: str, new: str) -> str:
    """`old` -> `new` as a whole word, outside quoted post titles (a quote stays what the source says)."""
    parts = re.split(r'("[^"]*")', text)
    pattern = re.compile(rf"(?<!\w){re.escape(old)}(?!\w)")
    return "".join(part if part.startswith('"') else pattern.sub(new, part) for part in parts)


def sentences(paragraph: str) -> list[str]:
    """Split a paragraph into sentences (the templates end every sentence with . ? or !)."""
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z\"])", paragraph.strip()) if s]


@dataclass(frozen=True)
class Look:
    """One post the article covers and the products it names from it."""

    post: Post
    products: tuple[Product, ...]


@dataclass(frozen=True)
class Article:
    """An article before layout: what perturbations edit."""

    topic: Topic
    title: str
    subtitle: str
    paragraphs: tuple[str, ...]
    pull_quote: str
    looks: tuple[Look, ...]
    hashtags: tuple[str, ...]
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def with_paragraphs(self, paragraphs: list[str]) -> Article:
        """A copy with other body paragraphs."""
        return replace(self, paragraphs=tuple(paragraphs))

    def body_words(self) -> int:
        """Words in the body paragraphs."""
        return sum(len(p.split()) for p in self.paragraphs)


def a_or_an(word: str) -> str:
    """`a` or `an` before a word."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def keyword_mid(topic: Topic) -> str:
    """The keyword inside a sentence: names keep their capitals, trend words do not."""
    if topic.family == "artist":
        return f"the {topic.keyword}"
    if topic.family == "brand" or topic.keyword.split()[0] in ("Y2K", "Paris", "Milan"):
        return topic.keyword
    return topic.keyword[0].lower() + topic.keyword[1:]


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _intro(rng: random.Random, topic: Topic, looks: list[Look]) -> str:
    kw = keyword_mid(topic)
    artists = join([look.post.artist for look in looks])
    brands = join([p.brand for look in looks for p in look.products])
    scenes = join([look.post.context for look in looks])
    first = rng.choice([
        f"{_cap(kw)} is easy to trace in the catalog: {artists} {'keeps' if len(looks) == 1 else 'keep'} returning "
        f"to {brands}.",
        f"Few trends have a cast as clear as {kw}, led by {artists} in {brands}.",
        f"The {kw.removeprefix('the ')} story is told through {artists}, and through the {brands} pieces in "
        f"those posts.",
    ])
    second = rng.choice([
        f"Every look comes from {scenes}, and each one is built around a piece you can name.",
    ]) if len({look.post.context for look in looks}) == 1 else rng.choice([
        f"The looks move between {scenes}, and each one is built around a piece you can name.",
        f"The posts span {scenes}, so {kw} reads as both dressed up and everyday.",
        f"From {scenes}, the same idea repeats: a recognisable piece, worn simply.",
    ])
    tags = list(dict.fromkeys(t for look in looks for p in look.products for t in p.tags))[:3] or [kw]
    third = rng.choice([
        f"The pieces behind {kw} carry tags such as {join(tags)}.",
        f"In the product tags, {kw} means {join(tags)}.",
    ])
    return " ".join([first, second, third])


def _look_paragraph(rng: random.Random, topic: Topic, look: Look) -> str:
    post, first = look.post, look.products[0]
    who = f"{post.artist} of {post.group}" if post.group else post.artist
    scene = context_phrase(post.context)
    parts = [rng.choice([
        f'{who} was photographed for {scene} in the post "{post.title}".',
        f'The post "{post.title}" shows {who} at {scene}.',
        f'In "{post.title}", {who} turns up for {scene}.',
    ])]
    material = f"{first.colour} {first.material}".strip()
    parts.append(rng.choice([
        f"{post.artist} wore the {first.title}, {a_or_an(material)} {material} {noun(first)} from {first.brand}.",
        f"At the centre of the look is the {first.title} by {first.brand}, in {material}.",
        f"{post.artist} chose the {first.title} in {material}.",
    ]))
    if first.tags:
        tag = topic.term if topic.family == "tag" and topic.term in first.tags else first.tags[0]
        tags = join(list(dict.fromkeys([tag, *first.tags]))[:2])
        parts.append(rng.choice([f"The {first.title} carries the {tags} tags.",
                                 f"Its tags, {tags}, place it squarely in {keyword_mid(topic)}."]))
    for second in look.products[1:2]:
        second_material = f"{second.colour} {second.material}".strip()
        parts.append(rng.choice([
            f"{post.artist} paired it with the {second.title}, in {second_material}.",
            f"The outfit is finished with the {second.title} from {second.brand}, in {second_material}.",
            f"Alongside it sits the {second.title}, {a_or_an(second.colour)} {second.colour} {noun(second)}.",
        ]))
    parts.append(rng.choice([
        f"The post has been viewed {views(post)} times, and the {first.title} can be bought {first.where}.",
        f"With {views(post)} views, the post keeps {keyword_mid(topic)} in view; the {first.title} can be found "
        f"{first.where}.",
        f"Fans can find the {first.title} {first.where}; the post itself counts {views(post)} views.",
    ]))
    return " ".join(parts)


def _roundup(rng: random.Random, topic: Topic, looks: list[Look]) -> str:
    by_brand: dict[str, list[Product]] = {}
    for look in looks:
        for product in look.products:
            by_brand.setdefault(product.brand, []).append(product)
    lines = []
    for brand, items in by_brand.items():
        names = join([f"the {p.title}" for p in items])
        lines.append(rng.choice([
            f"{brand} is represented by {names}.",
            f"From {brand} come {names}.",
            f"{brand} contributes {names} to {keyword_mid(topic)}.",
        ]))
    return " ".join(lines)


def _closing(rng: random.Random, topic: Topic, looks: list[Look]) -> str:
    kw = keyword_mid(topic)
    products = [p for look in looks for p in look.products]
    top = max(looks, key=lambda look: look.post.views)
    first = rng.choice([
        f"Why does {kw} spread? The pieces are specific and easy to find, like the {products[0].title}.",
        f"{_cap(kw)} spreads because every look comes down to named pieces, starting with the {products[0].title}.",
    ])
    where = rng.choice(products)
    second = f"Readers can buy the {where.title} {where.where}."
    third = rng.choice([
        f"{top.post.artist} at {context_phrase(top.post.context)}, with {views(top.post)} views, remains the "
        f"clearest reference for {kw}.",
        f"For now, {kw} belongs to {join([look.post.artist for look in looks])}.",
    ])
    return " ".join([first, second, third])


def _title(rng: random.Random, topic: Topic, looks: list[Look]) -> tuple[str, str]:
    lead, product = looks[0].post, looks[0].products[0]
    brands = list(dict.fromkeys(p.brand for look in looks for p in look.products))
    kw = topic.keyword
    title = rng.choice([
        f"{kw}: {lead.artist} in {product.brand}",
        f"{kw}: The {product.title}",
        f"Inside {kw}: {join(brands[:2])}",
        f"{lead.artist}, {product.title} and {kw}",
    ])
    subtitle = rng.choice([
        f"{join([look.post.artist for look in looks][:2])} in {join(brands[:2])}",
        f"From {join([look.post.context for look in looks][:2])}: the pieces behind {keyword_mid(topic)}",
    ])
    return title, subtitle


def hashtag(text: str) -> str:
    """`Jennie Effect` -> `#JennieEffect`."""
    return "#" + "".join(w[:1].upper() + w[1:] for w in re.findall(r"\w+", text))


def compose(rng: random.Random, topic: Topic, looks: list[Look], min_words: int = 300) -> Article:
    """A clean article: intro, one paragraph per look, a brand roundup when short, a closing paragraph."""
    paragraphs = [_intro(rng, topic, looks)] + [_look_paragraph(rng, topic, look) for look in looks]
    closing = _closing(rng, topic, looks)
    if sum(len(p.split()) for p in [*paragraphs, closing]) < min_words and len(paragraphs) < 4:
        paragraphs.append(_roundup(rng, topic, looks))
    paragraphs = [tidy(p) for p in [*paragraphs, closing]]
    title, subtitle = _title(rng, topic, looks)
    tags = [hashtag(topic.keyword), hashtag(looks[0].products[0].brand), hashtag(looks[0].post.artist)]
    return Article(topic=topic, title=title, subtitle=subtitle, paragraphs=tuple(paragraphs),
                   pull_quote=looks[0].post.title, looks=tuple(looks), hashtags=tuple(dict.fromkeys(tags)))


def render(article: Article) -> dict[str, Any]:
    """The MagazineLayout dict, block order as content_types/article/layout/planner.py places it."""
    paragraphs = list(article.paragraphs)
    split = max(1, (len(paragraphs) + 1) // 2)
    products = list(dict.fromkeys(p for look in article.looks for p in look.products))
    celebs = list(dict.fromkeys((look.post.artist, look.post.group) for look in article.looks))
    blocks: list[dict[str, Any]] = [
        {"type": "hero", "image_url": article.looks[0].post.image_url, "overlay_title": article.title,
         "overlay_subtitle": article.subtitle},
        {"type": "headline", "text": article.title, "level": 1},
        {"type": "body_text", "paragraphs": paragraphs[:split]},
        {"type": "pull_quote", "quote": article.pull_quote, "attribution": ""},
        {"type": "image_gallery", "layout_style": "grid", "images": [
            {"url": look.post.image_url, "caption": f"{look.post.artist}, {look.post.context}",
             "post_id": look.post.id} for look in article.looks]},
    ]
    if paragraphs[split:]:
        blocks.append({"type": "body_text", "paragraphs": paragraphs[split:]})
    blocks += [
        {"type": "celeb_feature", "celebs": [{"name": name, "description": group} for name, group in celebs]},
        {"type": "product_showcase", "products": [
            {"product_id": p.id, "name": p.title, "brand": p.brand, "image_url": p.thumbnail_url,
             "description": f"{p.colour} {p.material}".strip()} for p in products]},
        {"type": "divider"},
        {"type": "hashtag_bar", "hashtags": list(article.hashtags)},
    ]
    layout = {"keyword": article.topic.keyword, "title": tidy(article.title), "blocks": blocks}
    return json.loads(tidy(json.dumps(layout, ensure_ascii=False)))
