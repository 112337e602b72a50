"""Enrich: inject real catalog data into the layout's blocks (seed 001 section 3.5)."""

from __future__ import annotations

from editorial_ai.models.layout import (
    CelebFeatureBlock,
    CelebItem,
    GalleryImage,
    HeroBlock,
    ImageGalleryBlock,
    MagazineLayout,
    ProductItem,
    ProductShowcaseBlock,
)
from editorial_ai.models.state_json import Draft, ProductJson, SourcePostJson
from editorial_ai.review.grounding import normalize


def _find_solution(item: ProductItem, solutions: list[ProductJson]) -> ProductJson | None:
    name, brand = normalize(item.name), normalize(item.brand)
    for sol in solutions:
        title, sol_brand = normalize(sol.get("title", "")), normalize(sol.get("brand", ""))
        if name and (name in title or title in name) and (not brand or brand == sol_brand or brand in title):
            return sol
    return None


def _enrich_products(block: ProductShowcaseBlock, solutions: list[ProductJson]) -> None:
    if not block.products:
        block.products = [
            ProductItem(
                product_id=s["solution_id"],
                name=s.get("title", ""),
                brand=s.get("brand", ""),
                image_url=s.get("thumbnail_url", ""),
            )
            for s in solutions[:4]
        ]
        return
    for item in block.products:
        match = _find_solution(item, solutions)
        if match:  # unmatched mentions stay as written so grounding can flag them
            item.product_id = match["solution_id"]
            item.name = match.get("title", item.name)
            item.brand = match.get("brand", item.brand)
            item.image_url = match.get("thumbnail_url", "")


def _enrich_celebs(block: CelebFeatureBlock, contexts: list[SourcePostJson]) -> None:
    by_artist: dict[str, SourcePostJson] = {}
    for post in contexts:
        by_artist.setdefault(normalize(post.get("artist_name", "")), post)
    if not block.celebs:
        block.celebs = [
            CelebItem(name=p["artist_name"], image_url=p.get("image_url", ""), description=p.get("context", ""))
            for p in list(by_artist.values())[:4]
            if p.get("artist_name")
        ]
        return
    for celeb in block.celebs:
        match = by_artist.get(normalize(celeb.name))
        if match:
            celeb.celeb_id = normalize(celeb.name).replace(" ", "-")
            celeb.image_url = match.get("image_url", "")


def enrich_layout(draft: Draft, contexts: list[SourcePostJson]) -> Draft:
    """Return the draft with hero, gallery, celebrity and product blocks filled from sourced posts."""
    layout = MagazineLayout.model_validate(draft)
    if not contexts:
        return layout.model_dump(mode="json")
    posts = sorted(contexts, key=lambda c: c.get("view_count", 0), reverse=True)
    solutions = [s for p in posts for s in p.get("solutions", [])]
    for block in layout.blocks:
        if isinstance(block, HeroBlock):
            block.image_url = posts[0].get("image_url", "")
        elif isinstance(block, ImageGalleryBlock):
            block.images = [
                GalleryImage(
                    url=p.get("image_url", ""),
                    caption=f"{p.get('artist_name', '')} -- {p.get('context', '')}",
                    post_id=p.get("post_id"),
                )
                for p in posts[:6]
            ]
        elif isinstance(block, CelebFeatureBlock):
            _enrich_celebs(block, posts)
        elif isinstance(block, ProductShowcaseBlock):
            _enrich_products(block, solutions)
    return layout.model_dump(mode="json")
