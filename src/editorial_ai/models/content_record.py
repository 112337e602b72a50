"""The contents store's rows as every backend returns them: a content at the human gate and a decision event.

SQLite and PostgreSQL return the same records, so a reader never guards a field: a text column that cannot be
missing is "" when the row has none (the nullable ones stay None: no feedback is not empty feedback), a JSON
column is parsed whether the database gave text or a document, and a time is an ISO-8601 string.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator


def _text(value: Any) -> Any:
    return "" if value is None else value


def _iso(value: Any) -> Any:
    """PostgreSQL gives a datetime, SQLite the ISO text it stored: one form for every reader."""
    return value.astimezone(UTC).isoformat() if isinstance(value, datetime) else value


def _document(value: Any, empty: Any) -> Any:
    """SQLite hands JSON back as text, psycopg has parsed JSONB already; a null or blank one is `empty`."""
    if isinstance(value, str | bytes):
        value = json.loads(value or "null")
    return empty if value is None else value


class ContentRecord(BaseModel):
    """One row of `editorial_contents`: a draft awaiting, or past, an editor's decision."""

    model_config = ConfigDict(frozen=True)

    id: str
    thread_id: str = ""
    status: str = ""
    title: str = ""
    keyword: str = ""
    content_type: str = ""
    layout_json: dict[str, Any] = Field(default_factory=dict)  # the MagazineLayout (or the type's draft) JSON
    review_json: dict[str, Any] = Field(default_factory=dict)  # the last ReviewResult JSON
    review_summary: str = ""
    flags: list[str] = Field(default_factory=list)
    attempt: int = 0
    version: int = 0  # bumped by every write: the compare-and-set of a decision
    admin_feedback: str | None = None
    rejection_reason: str | None = None
    published_path: str | None = None
    created_at: str = ""  # ISO-8601
    updated_at: str = ""
    published_at: str | None = None
    claim_token: str | None = None  # owner of an open decision claim (None: no claim open)
    claim_event_id: int | None = None

    @field_validator("thread_id", "status", "title", "keyword", "content_type", "review_summary", mode="before")
    @classmethod
    def _null_is_empty(cls, value: Any) -> Any:
        return _text(value)

    @field_validator("attempt", "version", mode="before")
    @classmethod
    def _null_is_zero(cls, value: Any) -> Any:
        return 0 if value is None else value

    @field_validator("layout_json", "review_json", mode="before")
    @classmethod
    def _object(cls, value: Any) -> Any:
        return _document(value, {})

    @field_validator("flags", mode="before")
    @classmethod
    def _list(cls, value: Any) -> Any:
        return _document(value, [])

    @field_validator("created_at", "updated_at", mode="before")
    @classmethod
    def _time(cls, value: Any) -> Any:
        return _text(_iso(value))

    @field_validator("published_at", mode="before")
    @classmethod
    def _optional_time(cls, value: Any) -> Any:
        return _iso(value)


class DecisionEvent(BaseModel):
    """One entry of `review_events`, the append-only decision log (never updated or deleted)."""

    model_config = ConfigDict(frozen=True)

    id: int
    content_id: str = ""
    thread_id: str = ""
    decision: str = ""
    reviewer: str = ""
    payload: dict[str, Any] = Field(default_factory=dict)
    created_at: str = ""  # ISO-8601

    @field_validator("content_id", "thread_id", "decision", "reviewer", mode="before")
    @classmethod
    def _null_is_empty(cls, value: Any) -> Any:
        return _text(value)

    @field_validator("payload", mode="before")
    @classmethod
    def _object(cls, value: Any) -> Any:
        return _document(value, {})

    @field_validator("created_at", mode="before")
    @classmethod
    def _time(cls, value: Any) -> Any:
        return _text(_iso(value))
