"""Source: catalog posts and their products for the curated topics (seed 001 section 3.3)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from editorial_ai.models.catalog import CatalogPost
from editorial_ai.models.state_json import CuratedTopicJson, SourcePostJson, product_json
from editorial_ai.store.catalog import CatalogRepository, each_search

PER_TERM_LIMIT = 5
TOTAL_LIMIT = 15
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # not strftime("%B"): that follows the process locale
_STOPWORDS = {"the", "a", "an", "of", "and", "in", "on", "for", "to", "with", "effect", "style", "look", "trend"}


def expand_terms(curated_topics: Sequence[CuratedTopicJson], seed_keyword: str = "") -> list[str]:
    """Search terms: keywords, related keywords and celebrity names, then compound words split.

    "Jennie Effect" -> "Jennie Effect", "Jennie", "Effect" (generic words like "effect" are dropped
    after the split because they match every caption).
    """
    base: list[str] = [seed_keyword] if seed_keyword else []
    for topic in curated_topics:
        base.append(topic.get("keyword", ""))
        base += [c.get("name", "") for c in topic.get("celebrities", [])]
        base += topic.get("related_keywords", [])
    terms: list[str] = []

    def add(term: str) -> None:
        term = term.strip()
        if len(term) >= 2 and term.lower() not in {t.lower() for t in terms}:
            terms.append(term)

    for term in base:
        add(term)
    for term in base:
        parts = [p for p in re.split(r"[\s\-_/]+", term) if p]
        if len(parts) > 1:
            for part in parts:
                if part.lower() not in _STOPWORDS:
                    add(part)
    return terms


def readable_date(value: Any) -> str:
    """"2026-02-14T06:36:00Z" -> "14 February 2026"; "" when the value is not an ISO date."""
    try:
        moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return ""
    return f"{moment.day} {_MONTHS[moment.month - 1]} {moment.year}"


async def source_contexts(
    catalog: CatalogRepository, curated_topics: Sequence[CuratedTopicJson], seed_keyword: str = ""
) -> list[SourcePostJson]:
    """Posts (<=5 per term, <=15 total, by view count) joined with their products."""
    posts: dict[str, CatalogPost] = {}
    async for found in each_search(catalog, expand_terms(curated_topics, seed_keyword), PER_TERM_LIMIT):
        if len(posts) >= TOTAL_LIMIT:
            break
        for post in found:
            if len(posts) >= TOTAL_LIMIT:
                break
            posts.setdefault(post.id, post)
    solutions = await catalog.solutions_for_posts(list(posts))
    contexts: list[SourcePostJson] = []
    for post_id, post in posts.items():
        contexts.append(
            {
                "post_id": post_id,
                "image_url": post.image_url,
                "artist_name": post.artist_name,
                "group_name": post.group_name,
                "title": post.title,
                "context": post.context,
                "view_count": post.view_count,
                "created_at": post.created_at,
                # The date as prose writes it, so a dated sentence can be checked against the sources verbatim.
                "date": readable_date(post.created_at),
                # The run's state is JSON (the checkpointer stores it): the products go in as their JSON shape.
                "solutions": [product_json(product) for product in solutions.get(post_id, [])],
            }
        )
    contexts.sort(key=lambda c: c["view_count"], reverse=True)
    return contexts
