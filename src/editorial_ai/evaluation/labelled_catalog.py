"""The shipped sample catalog as facts for labelled records: posts, products, keyword families, sources.

Labelled records (evaluation/labelled_data.py) are built from these facts. Sources are shaped exactly as the
pipeline's source node hands them to review: `curated_topics` (CuratedTopic dumps) and `enriched_contexts`
(services/source.py: post columns plus the spotted solutions with solution_id, title, brand, metadata...).
Invented brand and product names used by perturbations are checked here against every catalog name.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from editorial_ai.review.grounding import normalize
from editorial_ai.store.catalog import load_sample_catalog

CATEGORIES = ("bag", "top", "bottom", "shoes", "sneakers", "eyewear", "jewelry", "accessory", "outerwear", "dress")
# Tag keywords whose catalog products carry the tag (the trend families of the sample catalog).
TAG_KEYWORDS = ("quiet luxury", "balletcore", "gorpcore", "old money", "coquette", "preppy", "streetwear", "utility",
                "minimal", "tomboy", "Y2K")
CONTEXT_KEYWORDS = {
    "Airport fashion": "airport fashion", "Red carpet style": "award show red carpet", "Street style": "street style",
    "Paris Fashion Week": "Paris Fashion Week front row", "Music video style": "music video",
    "Pop-up store looks": "pop-up store event", "Brand campaign": "brand campaign",
    "Magazine cover style": "magazine cover shoot", "Milan Fashion Week": "Milan Fashion Week front row",
}
# Invented names: guaranteed absent from the catalog (checked in `invented_names`), never real houses.
INVENTED_BRANDS = ("Varenne Atelier", "Orlesse", "Halvard Lune", "Castelbrook Hale", "Ostrava Nine",
                   "Belcourt Studio", "Tamsin Vale", "Ardeline Knitworks", "Severin Mott", "Lioravan",
                   "Quillon House", "Marbeque")
INVENTED_ITEMS = ("Crescent Tote", "Harbour Loafers", "Sable Wrap Coat", "Orbit Hoop Earrings", "Tessel Mini Bag",
                  "Drift Cargo Trousers", "Lumen Slingbacks", "Cove Knit Vest")
# Artists whose names are too short or too common a word to swap in unambiguously ("V", the season "Winter").
_AMBIGUOUS_ARTISTS = {"V", "IU", "RM", "Winter"}


@dataclass(frozen=True)
class Product:
    """A catalog solution with the facts articles cite."""

    id: str
    title: str
    brand: str
    category: str
    colour: str
    material: str
    where: str
    tags: tuple[str, ...]
    price_krw: int
    thumbnail_url: str
    link_type: str
    metadata: dict[str, Any] = field(hash=False, compare=False)

    def as_solution(self) -> dict[str, Any]:
        """The solution dict `CatalogRepository.solutions_for_posts` returns."""
        return {"solution_id": self.id, "title": self.title, "brand": self.brand,
                "thumbnail_url": self.thumbnail_url, "metadata": self.metadata, "link_type": self.link_type}


@dataclass(frozen=True)
class Post:
    """A catalog post with its spotted products."""

    id: str
    artist: str
    group: str
    title: str
    context: str
    views: int
    image_url: str
    created_at: str
    products: tuple[Product, ...]

    def as_context(self) -> dict[str, Any]:
        """The enriched context dict the source node builds (services/source.py)."""
        return {"post_id": self.id, "image_url": self.image_url, "artist_name": self.artist,
                "group_name": self.group, "title": self.title, "context": self.context,
                "view_count": self.views, "solutions": [p.as_solution() for p in self.products]}


@dataclass(frozen=True)
class Catalog:
    """The sample catalog, indexed."""

    posts: tuple[Post, ...]
    artists: dict[str, str]  # name -> group
    brands: tuple[str, ...]
    products: tuple[Product, ...]

    def known_names(self) -> set[str]:
        """Every artist, group, brand and product name (as `CatalogRepository.known_entities` lists them)."""
        names = set(self.artists) | {g for g in self.artists.values() if g} | set(self.brands)
        names |= {p.title for p in self.products} | {p.brand for p in self.products}
        return names

    def known_entities(self) -> dict[str, set[str]]:
        """The same names keyed like `CatalogRepository.known_entities`."""
        return {"artists": set(self.artists), "groups": {g for g in self.artists.values() if g},
                "brands": set(self.brands) | {p.brand for p in self.products},
                "products": {p.title for p in self.products}}


def _product(raw: dict[str, Any], brands: set[str]) -> Product:
    meta = raw.get("metadata") or {}
    keywords = [str(k) for k in meta.get("keywords", [])]
    answers = [str(qa.get("a", "")) for qa in meta.get("qa_pairs", [])]
    colour, _, material = (answers[0] if answers else "").rstrip(".").partition(", ")
    where = answers[1].rstrip(".") if len(answers) > 1 else "Through partner retailers"
    brand_keys = {normalize(b) for b in brands}
    category = next((k for k in keywords if k in CATEGORIES), "piece")
    tags = tuple(k for k in keywords if k != category and normalize(k) not in brand_keys
                 and k.lower() not in {"black", "white", "brown", "beige", "navy", "grey", "silver", "olive",
                                       "burgundy", "ivory"})
    return Product(id=str(raw["id"]), title=raw["title"], brand=raw["brand"], category=category,
                   colour=colour.lower(), material=material, where=where[0].lower() + where[1:], tags=tags,
                   price_krw=int(raw.get("price_krw") or 0), thumbnail_url=raw.get("thumbnail_url", ""),
                   link_type=raw.get("link_type", ""), metadata=meta)


@cache
def sample_catalog() -> Catalog:
    """The shipped sample catalog (read once)."""
    data = load_sample_catalog()
    brands = {b["name"] for b in data["brands"]} | {s["brand"] for s in data["solutions"]}
    products = {s["id"]: _product(s, brands) for s in data["solutions"]}
    spotted: dict[str, list[Product]] = {}
    for spot in data["spots"]:
        items = spotted.setdefault(spot["post_id"], [])
        product = products[spot["solution_id"]]
        if product not in items:
            items.append(product)
    posts = tuple(
        Post(id=str(p["id"]), artist=p["artist_name"], group=p.get("group_name") or "", title=p["title"],
             context=p["context"], views=int(p["view_count"]), image_url=p.get("image_url", ""),
             created_at=p.get("created_at", ""), products=tuple(spotted.get(p["id"], [])))
        for p in data["posts"] if p.get("status", "active") == "active"
    )
    return Catalog(posts=posts, artists={a["name"]: a.get("group_name") or "" for a in data["artists"]},
                   brands=tuple(sorted(brands)), products=tuple(products.values()))


@dataclass(frozen=True)
class Topic:
    """A keyword and how a post is about it (what each paragraph mentions to stay on topic)."""

    keyword: str
    family: str  # artist | context | brand | tag
    term: str  # the artist, context, brand or tag the keyword stands for

    def matches(self, post: Post) -> bool:
        """Whether the post belongs to the topic."""
        if self.family == "artist":
            return post.artist == self.term
        if self.family == "context":
            return post.context == self.term
        if self.family == "brand":
            return any(p.brand == self.term for p in post.products)
        return any(self.term in p.tags for p in post.products)

    def products_of(self, post: Post) -> list[Product]:
        """The post's products that carry the topic (all of them for artist and context topics)."""
        if self.family == "brand":
            return [p for p in post.products if p.brand == self.term]
        if self.family == "tag":
            return [p for p in post.products if self.term in p.tags]
        return list(post.products)


def topics(catalog: Catalog) -> list[Topic]:
    """Every keyword the generator writes about, each backed by at least two catalog posts."""
    found: list[Topic] = []
    artist_posts = Counter(p.artist for p in catalog.posts)
    for artist, count in sorted(artist_posts.items()):
        if count >= 3 and artist not in _AMBIGUOUS_ARTISTS:
            found.append(Topic(f"{artist} Effect", "artist", artist))
    found += [Topic(keyword, "context", context) for keyword, context in CONTEXT_KEYWORDS.items()]
    brand_posts = Counter(b for p in catalog.posts for b in {x.brand for x in p.products})
    found += [Topic(f"{brand} style", "brand", brand) for brand, n in sorted(brand_posts.items()) if n >= 3]
    found += [Topic(tag if tag == "Y2K" else tag.capitalize(), "tag", tag) for tag in TAG_KEYWORDS]
    return [t for t in found if sum(t.matches(p) for p in catalog.posts) >= 2]


def _topic_for(post_list: list[Post], keyword: str) -> dict[str, Any]:
    celebs = Counter(p.artist for p in post_list)
    brands = Counter(x.brand for p in post_list for x in p.products)
    scenes = list(dict.fromkeys(p.context for p in post_list))[:3]
    lead = ", ".join(n for n, _ in celebs.most_common(3))
    houses = ", ".join(n for n, _ in brands.most_common(3))
    return {
        "keyword": keyword,
        "trend_background": f"{keyword} in the catalog: {lead} wearing {houses} for {' and '.join(scenes)}.",
        "related_keywords": scenes,
        "celebrities": [{"name": n, "relevance": f"{c} catalog posts"} for n, c in celebs.most_common(5)],
        "brands_products": [{"name": n, "relevance": f"{c} products"} for n, c in brands.most_common(6)],
        "seasonality": None, "sources": [], "relevance_score": 0.8, "low_quality": False,
    }


def build_sources(keyword: str, posts: list[Post]) -> dict[str, Any]:
    """`curated_topics` + `enriched_contexts` for these posts, highest view count first (as the source node)."""
    ordered = sorted(posts, key=lambda p: p.views, reverse=True)
    return {"curated_topics": [_topic_for(ordered, keyword)], "enriched_contexts": [p.as_context() for p in ordered]}


def source_text(sources: dict[str, Any]) -> str:
    """Every string in the sources, joined (what a name or number must occur in)."""
    parts: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, (str, int)) and not isinstance(value, bool):
            parts.append(str(value))

    walk(sources)
    return "\n".join(parts)


def numbers_in(text: str) -> set[str]:
    """Numbers in a text, without thousands separators (`1,972,793` -> `1972793`)."""
    return {n.replace(",", "") for n in re.findall(r"\d[\d,]*(?:\.\d+)?", text)}


def invented_names(catalog: Catalog) -> list[str]:
    """Invented brand names, each verified absent from every catalog name (else the list is wrong: raise)."""
    known = " | ".join(normalize(n) for n in catalog.known_names())
    words = set(known.split())
    for name in INVENTED_BRANDS + INVENTED_ITEMS:
        # A brand shares not even a word with a catalog name, so no partial match can vouch for it.
        if normalize(name) in known or (name in INVENTED_BRANDS and set(normalize(name).split()) & words):
            raise ValueError(f"invented name {name!r} overlaps the sample catalog; pick another")
    return list(INVENTED_BRANDS)


def invented_product(rng: random.Random, catalog: Catalog) -> tuple[str, str]:
    """An invented (brand, product) pair, e.g. ("Varenne Atelier", "Varenne Atelier Crescent Tote")."""
    brand = rng.choice(invented_names(catalog))
    return brand, f"{brand} {rng.choice(INVENTED_ITEMS)}"


def other_artists(catalog: Catalog, sources: dict[str, Any]) -> list[str]:
    """Catalog artists named nowhere in the sources (candidates for a wrong-celebrity swap)."""
    text = normalize(source_text(sources))
    return [a for a in sorted(catalog.artists) if a not in _AMBIGUOUS_ARTISTS
            and not re.search(rf"(?<![a-z0-9]){re.escape(normalize(a))}(?![a-z0-9])", text)]
