"""Queue filters over stored contents: keyword/title text, status, content type, composite score and creation date.

One validated query object, rendered as a WHERE clause for each SQL dialect the content repositories speak.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any


def _like(text: str) -> str:
    """A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


@dataclass(frozen=True)
class ContentQuery:
    """What the editor filters the queue by; every field is optional (None: no filter)."""

    text: str | None = None
    status: str | None = None
    content_type: str | None = None
    min_score: float | None = None
    max_score: float | None = None
    since: date | None = None
    until: date | None = None  # inclusive: contents created on that day are kept

    @property
    def active(self) -> bool:
        """Whether any filter is set."""
        return any(
            v is not None
            for v in (self.text, self.status, self.content_type, self.min_score, self.max_score, self.since, self.until)
        )

    def sqlite_where(self) -> tuple[str, tuple[Any, ...]]:
        """`WHERE ...` (or "") and its positional arguments for SQLite (JSON read with json_extract)."""
        parts: list[str] = []
        args: list[Any] = []
        if self.text:
            parts.append("(keyword LIKE ? ESCAPE '\\' OR title LIKE ? ESCAPE '\\')")
            args += [_like(self.text)] * 2
        for column, value in (("status", self.status), ("content_type", self.content_type)):
            if value:
                parts.append(f"{column} = ?")
                args.append(value)
        score = "json_extract(review_json, '$.composite_score')"
        if self.min_score is not None:
            parts.append(f"{score} >= ?")
            args.append(self.min_score)
        if self.max_score is not None:
            parts.append(f"{score} <= ?")
            args.append(self.max_score)
        # created_at is ISO 8601 text in UTC, so a date prefix compares correctly as a string.
        if self.since is not None:
            parts.append("created_at >= ?")
            args.append(self.since.isoformat())
        if self.until is not None:
            parts.append("created_at < ?")
            args.append((self.until + timedelta(days=1)).isoformat())
        return ("WHERE " + " AND ".join(parts)) if parts else "", tuple(args)

    def postgres_where(self) -> tuple[str, dict[str, Any]]:
        """`WHERE ...` (or "") and its named parameters for PostgreSQL (JSONB, timestamptz)."""
        parts: list[str] = []
        params: dict[str, Any] = {}
        if self.text:
            parts.append("(keyword ILIKE %(q_text)s OR title ILIKE %(q_text)s)")
            params["q_text"] = _like(self.text)
        for column, value in (("status", self.status), ("content_type", self.content_type)):
            if value:
                parts.append(f"{column} = %(q_{column})s")
                params[f"q_{column}"] = value
        score = "(review_json->>'composite_score')::float"
        if self.min_score is not None:
            parts.append(f"{score} >= %(q_min_score)s")
            params["q_min_score"] = self.min_score
        if self.max_score is not None:
            parts.append(f"{score} <= %(q_max_score)s")
            params["q_max_score"] = self.max_score
        if self.since is not None:
            parts.append("created_at >= %(q_since)s")
            params["q_since"] = self.since
        if self.until is not None:
            parts.append("created_at < %(q_until)s")
            params["q_until"] = self.until + timedelta(days=1)
        return ("WHERE " + " AND ".join(parts)) if parts else "", params
