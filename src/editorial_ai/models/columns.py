"""Column types every store's rows share, as annotated Pydantic types: each backend's raw value in, one form out.

SQLite, PostgreSQL and Supabase disagree at the edges (NULL where a text is expected, a datetime or the ISO text it
stored, JSON as text or as a parsed document, an integer id or a text one); a row model declares its fields with
these, so a reader never guards a field.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import BeforeValidator


def _text(value: Any) -> Any:
    return "" if value is None else value


def _count(value: Any) -> Any:
    return 0 if value is None else value


def _iso(value: Any) -> Any:
    """PostgreSQL gives a datetime, SQLite and Supabase the ISO text: one form for every reader."""
    return value.astimezone(UTC).isoformat() if isinstance(value, datetime) else value


def _id(value: Any) -> Any:
    return str(value) if isinstance(value, int) else value


def _document(empty: Any) -> Any:
    def parse(value: Any) -> Any:
        """SQLite hands JSON back as text, psycopg has parsed JSONB already; a null, blank or empty one is
        `empty`."""
        if isinstance(value, str | bytes):
            value = json.loads(value or "null")
        return value or empty()

    return parse


Text = Annotated[str, BeforeValidator(_text)]  # NULL reads as ""
Count = Annotated[int, BeforeValidator(_count)]  # NULL reads as 0
TextId = Annotated[str, BeforeValidator(_id)]  # an integer key reads as its text
IsoTime = Annotated[str, BeforeValidator(lambda v: _text(_iso(v)))]  # ISO-8601; "" when the row has none
OptionalIsoTime = Annotated[str | None, BeforeValidator(_iso)]  # ISO-8601, or None
JsonDocument = Annotated[dict[str, Any], BeforeValidator(_document(dict))]  # text or parsed; NULL reads as {}
JsonList = Annotated[list[str], BeforeValidator(_document(list))]  # text or parsed; NULL reads as []
