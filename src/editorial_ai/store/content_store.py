"""Every content-store operation written once over the statements of store/content_sql.py.

`SqlContentRepository` holds the logic (compare-and-set claims, the decision log, the queue's pages); a backend
supplies only `_transaction()`, a unit of work on its own connections (sqlite3 in a thread, psycopg async), and
its `ContentDialect`. SQLite and PostgreSQL therefore answer every call with the same records
(models/content_record.py: a row read back is validated into one, whichever form its backend gave).
"""

from __future__ import annotations

import builtins
import uuid
from collections.abc import Mapping
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy.sql.expression import ClauseElement, ColumnElement

from editorial_ai.models.content_record import ContentRecord, DecisionEvent
from editorial_ai.store.content_query import ContentQuery
from editorial_ai.store.content_sql import ContentDialect

TRANSITION_FIELDS = frozenset({"admin_feedback", "rejection_reason", "published_path", "published_at", "layout_json"})


class Unit(Protocol):
    """One transaction's statements: rows of a SELECT or RETURNING, or the count of rows a statement changed."""

    async def rows(self, statement: ClauseElement) -> list[dict[str, Any]]: ...
    async def count(self, statement: ClauseElement) -> int: ...


class SqlContentRepository:
    """The ContentRepository operations; subclasses give `dialect` and `_transaction`."""

    dialect: ContentDialect

    def _transaction(self) -> AbstractAsyncContextManager[Unit]:
        """A unit of work committed when the block ends (rolled back on an exception)."""
        raise NotImplementedError

    async def _rows(self, statement: ClauseElement) -> list[dict[str, Any]]:
        async with self._transaction() as unit:
            return await unit.rows(statement)

    async def upsert_pending(
        self, *, thread_id: str, attempt: int, status: str, title: str, keyword: str, content_type: str,
        layout: dict[str, Any], review: dict[str, Any], flags: list[str],
    ) -> str:
        """Store a draft awaiting a decision, keyed by thread. Re-running the same attempt changes nothing,
        so a gate node re-executed on resume cannot undo a decision in progress."""
        d, now = self.dialect, self.dialect.time()
        values = {"id": str(uuid.uuid4()), "thread_id": thread_id, "status": status, "title": title,
                  "keyword": keyword, "content_type": content_type, "layout_json": d.json(layout),
                  "review_json": d.json(review), "review_summary": review.get("summary", ""), "flags": d.json(flags),
                  "attempt": attempt, "created_at": now, "updated_at": now}  # fmt: skip
        contents = d.tables.contents
        async with self._transaction() as unit:
            rows = await unit.rows(d.upsert_pending(values))
            if not rows:  # same attempt already stored: nothing changed
                rows = await unit.rows(sa.select(contents.c.id).where(contents.c.thread_id == thread_id))
        if not rows:  # pragma: no cover - rows are never deleted
            raise RuntimeError(f"content for thread {thread_id!r} vanished during upsert")
        return str(rows[0]["id"])

    async def _one(self, condition: ColumnElement[bool]) -> ContentRecord | None:
        rows = await self._rows(sa.select(self.dialect.tables.contents).where(condition))
        return ContentRecord.model_validate(rows[0]) if rows else None

    async def get(self, content_id: str) -> ContentRecord | None:
        """One content by id."""
        return await self._one(self.dialect.tables.contents.c.id == content_id)

    async def get_by_thread(self, thread_id: str) -> ContentRecord | None:
        """One content by pipeline thread."""
        return await self._one(self.dialect.tables.contents.c.thread_id == thread_id)

    async def ids_starting_with(self, prefix: str, limit: int = 10) -> builtins.list[str]:
        """Content ids that begin with `prefix` (for short ids typed by hand), at most `limit`, sorted."""
        pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        c = self.dialect.tables.contents.c
        rows = await self._rows(sa.select(c.id).where(c.id.like(pattern, escape="\\")).order_by(c.id).limit(limit))
        return [str(r["id"]) for r in rows]

    async def list(
        self, status: str | None = None, limit: int = 20, offset: int = 0
    ) -> tuple[builtins.list[ContentRecord], int]:
        """A page of contents, newest first, and the total count."""
        c = self.dialect.tables.contents.c
        return await self._page([c.status == status] if status else [], limit, offset)

    async def search(
        self, query: ContentQuery, limit: int = 20, offset: int = 0
    ) -> tuple[builtins.list[ContentRecord], int]:
        """A page of the contents matching the queue's filters, newest first, and their total count."""
        return await self._page(self.dialect.where(query), limit, offset)

    async def _page(self, conditions: builtins.list[ColumnElement[bool]], limit: int,
                    offset: int) -> tuple[builtins.list[ContentRecord], int]:  # fmt: skip
        """Rows matching every condition, newest first (ties by id), and their total count."""
        contents = self.dialect.tables.contents
        count = sa.select(sa.func.count().label("n")).select_from(contents).where(*conditions)
        page = (sa.select(contents).where(*conditions)
                .order_by(contents.c.created_at.desc(), contents.c.id.desc()).limit(limit).offset(offset))
        async with self._transaction() as unit:
            total, rows = await unit.rows(count), await unit.rows(page)
        return [ContentRecord.model_validate(row) for row in rows], int(total[0]["n"]) if total else 0

    def _moved(self, content_id: str, expected: tuple[str, ...], new_status: str, fields: Mapping[str, Any],
               version: int | None = None) -> sa.Update:
        """The compare-and-set UPDATE of a status (and the allowed extra fields), bumping `version`."""
        unknown = set(fields) - TRANSITION_FIELDS
        if unknown:
            raise ValueError(f"cannot set {sorted(unknown)} through transition()")
        d, c = self.dialect, self.dialect.tables.contents.c
        values = {key: d.time(value) if key == "published_at" and value is not None
                  else d.json(value) if key == "layout_json" else value for key, value in fields.items()}  # fmt: skip
        conditions = [c.id == content_id, c.status.in_(expected)]
        if version is not None:
            conditions.append(c.version == version)
        return (sa.update(d.tables.contents).where(*conditions)
                .values(status=new_status, updated_at=d.time(), version=c.version + 1, **values))

    async def transition(self, content_id: str, *, expected: tuple[str, ...], new_status: str, **fields: Any) -> bool:
        """Compare-and-set the status; False (nothing changed) when the current status is not expected."""
        async with self._transaction() as unit:
            return await unit.count(self._moved(content_id, expected, new_status, fields)) == 1

    async def transition_with_event(
        self, content_id: str, *, expected: tuple[str, ...], new_status: str, decision: str, reviewer: str,
        payload: dict[str, Any], **fields: Any
    ) -> int | None:
        """In one transaction: compare-and-set the status (and the allowed extra fields) and append the step's event.
        The event id, or None (nothing written) when the current status is not expected.

        Approve, revert, unpublish and a republish are each a status and its event: a failure between the two writes
        rolls both back, so the log never misses a status change nor records one that did not happen."""
        contents = self.dialect.tables.contents
        move = self._moved(content_id, expected, new_status, fields).returning(contents.c.thread_id)
        async with self._transaction() as unit:
            rows = await unit.rows(move)
            if not rows:
                return None
            return await self._insert_event(unit, content_id, str(rows[0]["thread_id"]), decision, reviewer, payload)

    async def claim_decision(
        self, content_id: str, *, version: int, expected: tuple[str, ...], new_status: str, token: str,
        decision: str, reviewer: str, payload: dict[str, Any], **fields: Any
    ) -> int | None:
        """In one transaction: move the status if the row is still at `version` in an `expected` status, append
        the decision event and store the owner token. The event id, or None (nothing written) when the row moved.

        PostgreSQL (READ COMMITTED): a racing UPDATE waits for the winner's row lock and then re-checks `version`;
        SQLite: the first write takes the database's write lock. Either way exactly one claim matches. A claim
        still open (its run not yet stopped) is never overwritten: a publication claimed twice in a row keeps
        its status, so the version alone would let the second one in and take the first one's token."""
        contents = self.dialect.tables.contents
        claim = (self._moved(content_id, expected, new_status, {**fields}, version)
                 .where(contents.c.claim_token.is_(None)).values(claim_token=token))
        async with self._transaction() as unit:
            rows = await unit.rows(claim.returning(contents.c.thread_id))
            if not rows:
                return None
            event_id = await self._insert_event(unit, content_id, str(rows[0]["thread_id"]), decision, reviewer,
                                                payload)  # fmt: skip
            await unit.count(sa.update(contents).where(contents.c.id == content_id).values(claim_event_id=event_id))
            return event_id

    async def save_edit(
        self, content_id: str, *, version: int, expected: tuple[str, ...], attempt: int, title: str,
        layout: dict[str, Any], review: dict[str, Any], reviewer: str, payload: dict[str, Any]
    ) -> int | None:
        """An editor's edit as the content's new attempt, in one transaction with its `edited` event, if the row is
        still at `version` in an `expected` status (the compare-and-set decisions use). The event id, or None."""
        d, contents = self.dialect, self.dialect.tables.contents
        c = contents.c
        edit = (sa.update(contents).where(c.id == content_id, c.version == version, c.status.in_(expected))
                .values(title=title, layout_json=d.json(layout), review_json=d.json(review),
                        review_summary=review.get("summary", ""), attempt=attempt, updated_at=d.time(),
                        version=c.version + 1).returning(c.thread_id))  # fmt: skip
        async with self._transaction() as unit:
            rows = await unit.rows(edit)
            if not rows:
                return None
            return await self._insert_event(unit, content_id, str(rows[0]["thread_id"]), "edited", reviewer, payload)

    async def take_over_claim(self, content_id: str, *, token: str, new_token: str) -> bool:
        """Make `new_token` the owner of an open claim still held by `token`; False when someone else took it."""
        return await self._set_claim(content_id, token, new_token)

    async def release_claim(self, content_id: str, *, token: str) -> bool:
        """Close the claim held by `token` (its resumed run has stopped); False when it is not the owner."""
        return await self._set_claim(content_id, token, None)

    async def _set_claim(self, content_id: str, token: str, new_token: str | None) -> bool:
        contents = self.dialect.tables.contents
        update = (sa.update(contents).where(contents.c.id == content_id, contents.c.claim_token == token)
                  .values(claim_token=new_token))
        async with self._transaction() as unit:
            return await unit.count(update) == 1

    async def _insert_event(self, unit: Unit, content_id: str, thread_id: str, decision: str, reviewer: str,
                            payload: dict[str, Any]) -> int:
        events = self.dialect.tables.events
        rows = await unit.rows(sa.insert(events).values(
            content_id=content_id, thread_id=thread_id, decision=decision, reviewer=reviewer,
            payload=self.dialect.json(payload), created_at=self.dialect.time()).returning(events.c.id))
        return int(rows[0]["id"])

    async def record_event(
        self, *, content_id: str, thread_id: str, decision: str, reviewer: str, payload: dict[str, Any]
    ) -> int:
        """Append a decision event (never updated or deleted)."""
        async with self._transaction() as unit:
            return await self._insert_event(unit, content_id, thread_id, decision, reviewer, payload)

    async def events(self, content_id: str | None = None) -> builtins.list[DecisionEvent]:
        """Decision events, oldest first."""
        events = self.dialect.tables.events
        query = sa.select(events).order_by(events.c.id)
        if content_id:
            query = query.where(events.c.content_id == content_id)
        return [DecisionEvent.model_validate(row) for row in await self._rows(query)]

    async def touch_reader(self, content_id: str, reviewer: str, *, ttl_s: float,
                           now: datetime | None = None) -> None:
        """`reviewer` is reading `content_id` (a page view or a heartbeat): their claim lasts `ttl_s` from now.
        Claims that lapsed, on any content, are dropped in the same transaction."""
        d, readers = self.dialect, self.dialect.tables.readers
        moment = now or datetime.now(UTC)
        async with self._transaction() as unit:
            await unit.count(sa.delete(readers).where(readers.c.expires_at <= d.time(moment)))
            await unit.count(d.upsert_reader(content_id, reviewer, d.time(moment),
                                             d.time(moment + timedelta(seconds=ttl_s))))

    async def readers_of(self, content_ids: builtins.list[str], *,
                         now: datetime | None = None) -> dict[str, builtins.list[dict[str, Any]]]:
        """For each of `content_ids` that someone reads, the claims in force (reviewer, since, seen, expires_at),
        first come first; a lapsed claim is never returned, whether or not its row is still there."""
        if not content_ids:
            return {}
        d, readers = self.dialect, self.dialect.tables.readers
        query = (sa.select(readers).where(readers.c.content_id.in_(content_ids),
                                          readers.c.expires_at > d.time(now or datetime.now(UTC)))
                 .order_by(readers.c.since, readers.c.reviewer))
        found: dict[str, builtins.list[dict[str, Any]]] = {}
        for row in await self._rows(query):
            found.setdefault(str(row["content_id"]), []).append(d.reader(row))
        return found

    async def drop_reader(self, content_id: str, reviewer: str) -> None:
        """`reviewer` decided on (or left) `content_id`: the item is no longer theirs."""
        readers = self.dialect.tables.readers
        async with self._transaction() as unit:
            await unit.count(sa.delete(readers).where(readers.c.content_id == content_id,
                                                      readers.c.reviewer == reviewer))

    async def recent_events(self, content_type: str, limit: int = 10) -> builtins.list[DecisionEvent]:
        """The latest `limit` decision events for contents of one type, oldest first."""
        events, contents = self.dialect.tables.events, self.dialect.tables.contents
        query = (sa.select(events).join(contents, contents.c.id == events.c.content_id)
                 .where(contents.c.content_type == content_type).order_by(events.c.id.desc()).limit(limit))
        return [DecisionEvent.model_validate(row) for row in reversed(await self._rows(query))]
