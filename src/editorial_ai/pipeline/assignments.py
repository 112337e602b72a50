"""Who is reading which item on the desk: "in review by NAME" for the others, and a second editor's decision asks
first (admin UI, API and CLI alike).

Kept in the contents store (table `content_readers`), so every server worker, the admin UI and the CLI see the same
readers. An editor's claim lasts READING_TTL_S after their last page view or heartbeat, so a closed tab frees the
item on its own; a decision drops the decider's claim. The decision itself stays exactly-once whatever this says.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from editorial_ai.store.contents import ContentRepository

READING_TTL_S = 300.0


@dataclass(frozen=True)
class Reader:
    """An editor reading an item, since and until when (epoch seconds)."""

    name: str
    since: float
    until: float

    def as_dict(self) -> dict[str, str]:
        """JSON-ready, times as ISO-8601 UTC."""
        return {"name": self.name, "since": _iso(self.since), "until": _iso(self.until)}


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat()


def _seconds(value: Any) -> float:
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def _moment(now: float | None) -> datetime | None:
    return None if now is None else datetime.fromtimestamp(now, UTC)


class Assignments:
    """content id -> the editors reading it, by name, as the shared store holds them."""

    def __init__(self, contents: ContentRepository, ttl_s: float = READING_TTL_S) -> None:
        self.contents, self.ttl_s = contents, ttl_s

    async def touch(self, content_id: str, name: str, now: float | None = None) -> None:
        """`name` is reading `content_id` (a page view or a heartbeat)."""
        await self.contents.touch_reader(content_id, name, ttl_s=self.ttl_s, now=_moment(now))

    async def others_of(self, content_ids: list[str], name: str,
                        now: float | None = None) -> dict[str, list[Reader]]:
        """For each of `content_ids`, the other editors reading it now, first come first (items nobody else
        reads are left out)."""
        rows = await self.contents.readers_of(list(dict.fromkeys(content_ids)), now=_moment(now))
        found = {content_id: [Reader(str(r["reviewer"]), _seconds(r["since"]), _seconds(r["expires_at"]))
                              for r in readers if r["reviewer"] != name]
                 for content_id, readers in rows.items()}
        return {content_id: readers for content_id, readers in found.items() if readers}

    async def others(self, content_id: str, name: str, now: float | None = None) -> list[Reader]:
        """The other editors reading `content_id` now, first come first."""
        return (await self.others_of([content_id], name, now)).get(content_id, [])

    async def leave(self, content_id: str, name: str) -> None:
        """`name` decided (or left): the item is no longer theirs."""
        await self.contents.drop_reader(content_id, name)


def names(readers: list[Reader]) -> str:
    """"Mina", "Mina and Kim": who reviews an item, as a sentence says it."""
    return " and ".join(r.name for r in readers)


def reviewing(readers: list[Reader]) -> str:
    """"Mina is reviewing this item", "Mina and Kim are reviewing this item"."""
    return f"{names(readers)} {'is' if len(readers) == 1 else 'are'} reviewing this item"
