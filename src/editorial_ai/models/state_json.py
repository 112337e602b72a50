"""The JSON shapes the run's state carries between layers, typed.

The checkpointer stores the state as JSON, so what travels in it is the `model_dump(mode="json")` of a Pydantic
model (a curated topic, a catalog product) or a record built from one (a source post with its products). These
TypedDicts name those shapes key by key: a node, a service or a check that reads `topic["keyword"]` is checked by
mypy, and tests/models/test_state_json.py holds each shape to the model it dumps, so the two cannot drift apart.
`total=False` because checkpoints written by older releases may lack a key added since.
"""

from __future__ import annotations

from typing import Literal, TypedDict, cast

from pydantic import JsonValue

from editorial_ai.models.catalog import Product
from editorial_ai.models.curation import CuratedTopic
from editorial_ai.models.review import FeedbackEntry, ReviewResult, Severity


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
    price_krw: int | None  # None when the catalog has no price; absent in checkpoints from before products carried one


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


class CriterionJson(TypedDict, total=False):
    """A `CriterionResult`: one criterion's verdict."""

    criterion: str
    passed: bool
    reason: str
    severity: Severity
    score: float | None
    skipped: bool
    source: Literal["format", "grounding", "judge", "validation"]
    evidence: list[str]
    advisory: bool
    reliability: str


class ReviewJson(TypedDict, total=False):
    """A `ReviewResult`: a whole review."""

    passed: bool
    criteria: list[CriterionJson]
    summary: str
    suggestions: list[str]
    composite_score: float | None
    judge_skipped: bool
    flags: list[str]
    reviewed_at: str  # ISO-8601


class FeedbackJson(TypedDict, total=False):
    """A `FeedbackEntry`: one failed review (or a human's request) that the next draft is written against."""

    attempt: int
    failed_criteria: list[CriterionJson]
    suggestions: list[str]
    draft_title: str
    source: Literal["review", "admin"]
    created_at: str  # ISO-8601


class RunInputJson(TypedDict, total=False):
    """A run's `curation_input`: the `RunRequest`'s fields but its content type (set ones only), plus what a run
    started in Python may name instead of a keyword (an exam's `topic`, a product's `description` or id)."""

    seed_keyword: str
    category: str
    tone: str
    style: str
    target_celeb: str | None
    target_brand: str | None
    model: str
    tenant: str
    slo: str
    blooms_level: str
    judge_model: str
    max_revisions: int
    topic: str
    description: str
    product_id: str


class CorrectionPlanJson(TypedDict):
    """An exam item's `CorrectionPlan` (content_types/exam_item/service.py): what one self-correction regenerates
    and why."""

    target: str
    components: list[str]
    dimension: str | None
    feedback: list[str]


class DimensionJson(TypedDict):
    """One judged dimension of an exam item's review (seed 002 QualityDimension)."""

    name: str
    score: float | None
    feedback: str
    weight: float


# A JSON object whose keys are open by design: a tool call's log record, a run request's options. Values are JSON,
# not Any: a reader narrows what it takes out.
JsonObject = dict[str, JsonValue]


def json_list(value: JsonValue) -> list[JsonValue]:
    """The value when it is a JSON array, else an empty one: a reader of a free-form object takes a list it
    expects or nothing."""
    return value if isinstance(value, list) else []


# A draft: the JSON of a `MagazineLayout`, an `ExamItem` or a `ProductSpec`, by content type. One shape per type
# would be a union no reader could use without knowing the type: a reader validates the draft into its model.
Draft = JsonObject


# A model's `model_dump(mode="json")` is its shape, key for key (the tests hold them equal): these say so to mypy.
def topic_json(topic: CuratedTopic) -> CuratedTopicJson:
    return cast(CuratedTopicJson, topic.model_dump(mode="json"))


def product_json(product: Product) -> ProductJson:
    return cast(ProductJson, product.model_dump(mode="json"))


def review_json(review: ReviewResult) -> ReviewJson:
    return cast(ReviewJson, review.model_dump(mode="json"))


def feedback_json(entry: FeedbackEntry) -> FeedbackJson:
    return cast(FeedbackJson, entry.model_dump(mode="json"))
