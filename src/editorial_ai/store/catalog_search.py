"""Catalog search helpers shared by every backend: folding, the searched text of a post, and searching many terms."""

from __future__ import annotations

import asyncio
import json
import unicodedata
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any, Protocol

from editorial_ai.models.catalog import CatalogPost
from editorial_ai.models.characters import without_non_characters


class PostSearcher(Protocol):
    """The one catalog method the search helpers call (every CatalogRepository has it); declared here so the
    helpers do not import the repository module that imports them."""

    async def search_posts(self, term: str, limit: int = 5) -> list[CatalogPost]: ...


def fold_text(value: str | None) -> str | None:
    """Unicode-aware case folding for SQL comparisons (SQLite's own LOWER/LIKE only fold ASCII), without the
    characters that are never text: a NUL in a model's keyword used to fail every term of the step's search."""
    return None if value is None else unicodedata.normalize("NFKC", without_non_characters(value)).casefold()


def search_text(post: Mapping[str, Any], solutions: Sequence[Mapping[str, Any]]) -> str:
    """The folded text a post is searched by: its columns and its products' names, brands and tags."""
    parts = [str(post.get(col) or "") for col in ("artist_name", "group_name", "context", "title")]
    for sol in solutions:
        metadata = sol.get("metadata") or {}
        if isinstance(metadata, str):
            metadata = json.loads(metadata or "{}")
        keywords = metadata.get("keywords") if isinstance(metadata, dict) else None
        parts += [str(sol.get("title") or ""), str(sol.get("brand") or "")]
        parts += [str(k) for k in keywords or [] if isinstance(k, str)]
    # Newlines keep fields apart: a term never matches across the end of one field and the start of the next.
    return fold_text("\n".join(p for p in parts if p)) or ""


def like_pattern(term: str) -> str:
    """`%term%` with LIKE wildcards and the escape character itself escaped (ESCAPE '\\')."""
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def fts_phrase(folded: str) -> str:
    """`folded` as one FTS5 phrase (double quotes doubled): a trigram phrase matches it as a substring."""
    return '"' + folded.replace('"', '""') + '"'


async def search_terms(catalog: PostSearcher, terms: Sequence[str], limit: int) -> list[list[CatalogPost]]:
    """`search_posts` for each term, in order: one round trip where the repository offers `search_many`, else
    the searches run concurrently."""
    many = getattr(catalog, "search_many", None)
    if many is not None:
        found: list[list[CatalogPost]] = await many(list(terms), limit)
        return found
    return list(await asyncio.gather(*(catalog.search_posts(term, limit=limit) for term in terms)))


async def each_search(
    catalog: PostSearcher, terms: Sequence[str], limit: int
) -> AsyncIterator[list[CatalogPost]]:
    """`search_posts` results term by term, for a caller that may stop early: a repository with `search_many`
    answers every term in one round trip (cheaper than a second trip), any other is asked one term at a time."""
    if getattr(catalog, "search_many", None) is not None:
        for found in await search_terms(catalog, terms, limit):
            yield found
        return
    for term in terms:
        yield await catalog.search_posts(term, limit=limit)
