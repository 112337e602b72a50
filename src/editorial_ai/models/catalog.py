"""The catalog's rows as every backend returns them: posts (a celebrity wearing items) and products.

SQLite, PostgreSQL and Supabase return the same models, so a reader never guards a field: a missing text column
is "", a count is an int and a timestamp is an ISO-8601 string whatever the database gave.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator


def _text(value: Any) -> Any:
    return "" if value is None else value


class CatalogPost(BaseModel):
    """One active post: who wore what, where (`context`), how often it was seen, and when."""

    model_config = ConfigDict(frozen=True)

    id: str
    image_url: str = ""
    artist_name: str = ""
    group_name: str = ""
    title: str = ""
    context: str = ""
    view_count: int = 0
    status: str = "active"
    created_at: str = ""  # ISO-8601; "" when the row has none

    @field_validator("image_url", "artist_name", "group_name", "title", "context", "status", mode="before")
    @classmethod
    def _null_is_empty(cls, value: Any) -> Any:
        return _text(value)

    @field_validator("id", mode="before")
    @classmethod
    def _id_as_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) else value

    @field_validator("view_count", mode="before")
    @classmethod
    def _null_is_zero(cls, value: Any) -> Any:
        return 0 if value is None else value

    @field_validator("created_at", mode="before")
    @classmethod
    def _iso(cls, value: Any) -> Any:
        """PostgreSQL gives a datetime, SQLite and Supabase a string: one ISO form for every reader."""
        if isinstance(value, datetime):
            return value.astimezone(UTC).isoformat()
        return _text(value)


class Product(BaseModel):
    """A product spotted on posts (the catalog calls it a solution)."""

    model_config = ConfigDict(frozen=True)

    solution_id: str
    title: str = ""
    brand: str = ""
    thumbnail_url: str = ""
    # The catalog's free-form JSON column (trend `keywords`, `qa_pairs`, ...): stored as JSON, read as JSON.
    metadata: dict[str, Any] = Field(default_factory=dict)
    link_type: str = ""

    @field_validator("title", "brand", "thumbnail_url", "link_type", mode="before")
    @classmethod
    def _null_is_empty(cls, value: Any) -> Any:
        return _text(value)

    @field_validator("solution_id", mode="before")
    @classmethod
    def _id_as_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) else value

    @field_validator("metadata", mode="before")
    @classmethod
    def _json(cls, value: Any) -> Any:
        """SQLite holds the column as text; an empty or null one is no metadata."""
        if isinstance(value, str | bytes):
            return json.loads(value or "{}")
        return value or {}

    @property
    def keywords(self) -> list[str]:
        """The product's trend tags (metadata `keywords`), text entries only."""
        return [k for k in self.metadata.get("keywords") or [] if isinstance(k, str)]

