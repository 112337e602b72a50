"""The desk's view of who reads which item (pipeline/assignments.py) for a request, and the API's rule that a
decision on an item another editor is reviewing asks first.

The readers live in the database, so several server workers, the admin UI and the CLI all see them.
"""

from __future__ import annotations

from fastapi import Request

from editorial_ai.api.errors import ApiError
from editorial_ai.pipeline.assignments import READING_TTL_S, Assignments, reviewing


def assignments_of(request: Request) -> Assignments:
    """The registry over the app's contents store (`app.state.reading_ttl_s` overrides the reading time)."""
    state = request.app.state
    return Assignments(state.pipeline.deps.contents, getattr(state, "reading_ttl_s", READING_TTL_S))


async def ask_first(request: Request, content_id: str, reviewer: str, take_over: bool) -> None:
    """409 (nothing changed) when another editor is reviewing the item and the request did not say `take_over`;
    otherwise the decider's own claim on it ends."""
    registry = assignments_of(request)
    others = await registry.others(content_id, reviewer)
    if others and not take_over:
        raise ApiError(409, f"{reviewing(others)} (content {content_id}); nothing was changed",
                       'see in_review_by in GET /api/contents/{id}, or send "take_over": true to decide anyway')
    await registry.leave(content_id, reviewer)
