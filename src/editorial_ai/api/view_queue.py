"""The queue's filters read from the query string (with errors an editor can act on), and the runs that failed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime

from editorial_ai.api.redact import public_error
from editorial_ai.api.runs import RunManager
from editorial_ai.models.status import valid_status_names
from editorial_ai.store.content_query import ContentQuery

STATUS_TABS = tuple(valid_status_names())  # the one status vocabulary (models/status.py), in workflow order
FILTER_KEYS = ("q", "status", "type", "min_score", "max_score", "since", "until")
MAX_TEXT = 120


def _score(raw: str, label: str, errors: dict[str, str]) -> float | None:
    if not raw:
        return None
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        errors[label] = f"{label.replace('_', ' ')} must be a number from 0 to 1, e.g. 0.7"
        return None
    return value


def _day(raw: str, label: str, errors: dict[str, str]) -> date | None:
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        errors[label] = f"{label} must be a date written YYYY-MM-DD, e.g. 2026-01-31"
        return None


def parse_filters(params: Mapping[str, str], content_types: list[str]) -> tuple[ContentQuery, dict[str, str]]:
    """The query the filters describe, and {field: message} for every value that had to be ignored."""
    raw = {k: str(params.get(k) or "").strip() for k in FILTER_KEYS}
    errors: dict[str, str] = {}
    status = raw["status"] or None
    if status and status not in STATUS_TABS:
        errors["status"] = f"unknown status {status!r}: use one of {', '.join(STATUS_TABS)}"
        status = None
    kind = raw["type"] or None
    if kind and kind not in content_types:
        errors["type"] = f"unknown content type {kind!r}: use one of {', '.join(content_types)}"
        kind = None
    text = raw["q"][:MAX_TEXT] or None
    query = ContentQuery(
        text=text,
        status=status,
        content_type=kind,
        min_score=_score(raw["min_score"], "min_score", errors),
        max_score=_score(raw["max_score"], "max_score", errors),
        since=_day(raw["since"], "since", errors),
        until=_day(raw["until"], "until", errors),
    )
    return query, errors


def filter_values(query: ContentQuery) -> dict[str, str]:
    """The query as query-string values (for the form and the pager's links)."""
    values = {
        "q": query.text,
        "status": query.status,
        "type": query.content_type,
        "min_score": query.min_score,
        "max_score": query.max_score,
        "since": query.since,
        "until": query.until,
    }
    return {k: str(v) for k, v in values.items() if v is not None}


@dataclass
class FailedRun:
    """A run that stopped with an error, from the run registry (runs that never reached an editor included)."""

    thread_id: str
    keyword: str
    node: str
    error: str
    at: str
    content_id: str | None
    retryable: bool


async def failed_runs(runs: RunManager, limit: int = 10) -> list[FailedRun]:
    """The latest failed runs, newest first (none when the run registry is not open)."""
    if runs.service is None:
        return []
    rows, _ = await runs.service.store.list("failed", limit, 0)
    return [
        FailedRun(
            thread_id=str(row["thread_id"]),
            keyword=str(row.get("keyword") or ""),
            node=str(row.get("current_node") or ""),
            error=public_error(str(row.get("error") or "no error recorded")),
            at=datetime.fromtimestamp(float(row["updated_at"]), UTC).strftime("%Y-%m-%d %H:%M"),
            content_id=row.get("content_id"),
            retryable=True,
        )
        for row in rows
    ]
