"""Who is reading which item on the desk: "in review by NAME" for the others, and a second editor's decision asks
first.

Held in this server process (like the decision locks): an editor's claim lasts READING_TTL_S after their last
page view or heartbeat, so a closed tab frees the item on its own. Several servers behind one database do not see
each other's readers; the decision itself stays exactly-once whatever this says.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from fastapi import Request

READING_TTL_S = 300.0


@dataclass(frozen=True)
class Reader:
    name: str
    since: float
    seen: float


class Assignments:
    """content id -> the editors reading it, by name."""

    def __init__(self, ttl_s: float = READING_TTL_S) -> None:
        self.ttl_s = ttl_s
        self._readers: dict[str, dict[str, Reader]] = {}

    def touch(self, content_id: str, name: str, now: float | None = None) -> None:
        """`name` is reading `content_id` (a page view or a heartbeat)."""
        now = time.time() if now is None else now
        readers = self._readers.setdefault(content_id, {})
        before = readers.get(name)
        readers[name] = Reader(name, before.since if before else now, now)

    def others(self, content_id: str, name: str, now: float | None = None) -> list[Reader]:
        """The other editors reading `content_id` now, first come first."""
        now = time.time() if now is None else now
        readers = self._readers.get(content_id, {})
        for stale in [n for n, r in readers.items() if now - r.seen > self.ttl_s]:
            del readers[stale]
        return sorted((r for n, r in readers.items() if n != name), key=lambda r: r.since)

    def leave(self, content_id: str, name: str) -> None:
        """`name` decided (or left): the item is no longer theirs."""
        self._readers.get(content_id, {}).pop(name, None)


def assignments_of(request: Request) -> Assignments:
    """The app's registry (created on first use)."""
    state = request.app.state
    if getattr(state, "assignments", None) is None:
        state.assignments = Assignments()
    registry: Assignments = state.assignments
    return registry
