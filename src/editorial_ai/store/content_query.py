"""Queue filters over stored contents: keyword/title text, status, content type, composite score and creation date.

One validated query object; store/content_sql.py turns it into the conditions both content databases run.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


def like_pattern(text: str) -> str:
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
