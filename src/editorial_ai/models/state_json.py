"""The JSON shapes the run's state carries between layers, typed.

The checkpointer stores the state as JSON, so what travels in it is the `model_dump(mode="json")` of a Pydantic
model (a curated topic, a catalog product) or a record built from one (a source post with its products). These
TypedDicts name those shapes key by key: a node, a service or a check that reads `topic["keyword"]` is checked by
mypy, and tests/models/test_state_json.py holds each shape to the model it dumps, so the two cannot drift apart.
`total=False` because checkpoints written by older releases may lack a key added since.
"""

from __future__ import annotations

from typing import TypedDict

from pydantic import JsonValue


class RefJson(TypedDict, total=False):
    """A `CelebRef` or `BrandRef`."""

    name: str
    relevance: str


class CuratedTopicJson(TypedDict, total=False):
    """A `CuratedTopic`: the trend the run writes about."""

    keyword: str
    trend_background: str
    related_keywords: list[str]
    celebrities: list[RefJson]
    brands_products: list[RefJson]
    seasonality: str | None
    sources: list[str]
    relevance_score: float
    low_quality: bool


class ProductJson(TypedDict, total=False):
    """A catalog `Product` (the catalog calls it a solution)."""

    solution_id: str
    title: str
    brand: str
    thumbnail_url: str
    metadata: dict[str, JsonValue]  # the catalog's free-form JSON column, read as JSON
    link_type: str


class SourcePostJson(TypedDict, total=False):
    """A catalog post as the run sources it (services/source.py): the `CatalogPost`'s fields under `post_id`,
    the date as prose writes it, and the products spotted on it."""

    post_id: str
    image_url: str
    artist_name: str
    group_name: str
    title: str
    context: str
    view_count: int
    created_at: str
    date: str  # "14 February 2026": a dated sentence is checked against the sources verbatim
    solutions: list[ProductJson]


class TokenUsageJson(TypedDict, total=False):
    """One model call's tokens as the run records them (`TokenUsage` plus what the call was for and which node
    made it)."""

    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int
    model_name: str
    purpose: str
    node: str


# A JSON object whose keys are open by design: a tool call's log record, a run request's options. Values are JSON,
# not Any: a reader narrows what it takes out.
JsonObject = dict[str, JsonValue]
