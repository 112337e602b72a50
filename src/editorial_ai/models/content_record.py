"""The contents store's rows as every backend returns them: a content at the human gate and a decision event.

SQLite and PostgreSQL return the same records, so a reader never guards a field: a text column that cannot be
missing is "" when the row has none (the nullable ones stay None: no feedback is not empty feedback), a JSON
column is parsed whether the database gave text or a document, and a time is an ISO-8601 string.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from editorial_ai.models.columns import Count, IsoTime, JsonDocument, JsonList, OptionalIsoTime, Text


class ContentRecord(BaseModel):
    """One row of `editorial_contents`: a draft awaiting, or past, an editor's decision."""

    model_config = ConfigDict(frozen=True)

    id: str
    thread_id: Text = ""
    status: Text = ""
    title: Text = ""
    keyword: Text = ""
    content_type: Text = ""
    layout_json: JsonDocument = Field(default_factory=dict)  # the MagazineLayout (or the type's draft) JSON
    review_json: JsonDocument = Field(default_factory=dict)  # the last ReviewResult JSON
    review_summary: Text = ""
    flags: JsonList = Field(default_factory=list)
    attempt: Count = 0
    version: Count = 0  # bumped by every write: the compare-and-set of a decision
    admin_feedback: str | None = None
    rejection_reason: str | None = None
    published_path: str | None = None
    created_at: IsoTime = ""
    updated_at: IsoTime = ""
    published_at: OptionalIsoTime = None
    claim_token: str | None = None  # owner of an open decision claim (None: no claim open)
    claim_event_id: int | None = None


class DecisionEvent(BaseModel):
    """One entry of `review_events`, the append-only decision log (never updated or deleted)."""

    model_config = ConfigDict(frozen=True)

    id: int
    content_id: Text = ""
    thread_id: Text = ""
    decision: Text = ""
    reviewer: Text = ""
    payload: JsonDocument = Field(default_factory=dict)
    created_at: IsoTime = ""
