"""The catalog's rows as every backend returns them: posts (a celebrity wearing items) and products.

SQLite, PostgreSQL and Supabase return the same models, so a reader never guards a field: a missing text column
is "", a count is an int and a timestamp is an ISO-8601 string whatever the database gave.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from editorial_ai.models.columns import Count, IsoTime, JsonDocument, Text, TextId


class CatalogPost(BaseModel):
    """One active post: who wore what, where (`context`), how often it was seen, and when."""

    model_config = ConfigDict(frozen=True)

    id: TextId
    image_url: Text = ""
    artist_name: Text = ""
    group_name: Text = ""
    title: Text = ""
    context: Text = ""
    view_count: Count = 0
    status: Text = "active"
    created_at: IsoTime = ""  # "" when the row has none


class Product(BaseModel):
    """A product spotted on posts (the catalog calls it a solution)."""

    model_config = ConfigDict(frozen=True)

    solution_id: TextId
    title: Text = ""
    brand: Text = ""
    thumbnail_url: Text = ""
    # The catalog's free-form JSON column (trend `keywords`, `qa_pairs`, ...): stored as JSON, read as JSON.
    metadata: JsonDocument = Field(default_factory=dict)
    link_type: Text = ""
    # The catalog's price in won, when it has one: a sourced figure the article may give ("It sells for KRW ...").
    price_krw: int | None = None

    @field_validator("price_krw", mode="before")
    @classmethod
    def _a_price_or_none(cls, value: Any) -> int | None:
        """A whole, non-negative number of won; anything else (a blank, "call us", -1) is no price, and the product
        stays: a price no check can read must not cost the run its product."""
        try:
            price = int(value)
        except (TypeError, ValueError):
            return None
        return price if price >= 0 and not isinstance(value, bool) else None

    @property
    def keywords(self) -> list[str]:
        """The product's trend tags (metadata `keywords`), text entries only."""
        return [k for k in self.metadata.get("keywords") or [] if isinstance(k, str)]

