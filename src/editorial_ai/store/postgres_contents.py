"""PostgreSQL content repository: contents awaiting or past the human gate, and decision events."""

from __future__ import annotations

import builtins
import uuid
from collections.abc import Mapping
from typing import Any

import psycopg
from psycopg.rows import DictRow
from psycopg.types.json import Jsonb

from editorial_ai.store.content_query import ContentQuery
from editorial_ai.store.contents import TRANSITION_FIELDS, ContentStatus
from editorial_ai.store.postgres import PostgresRepositoryBase, to_iso, to_jsonb, to_timestamp

_CONTENT_COLUMNS = (
    "id, thread_id, status, title, keyword, content_type, layout_json, review_json, review_summary, flags, "
    "attempt, admin_feedback, rejection_reason, published_path, created_at, updated_at, published_at, version, "
    "claim_token, claim_event_id"
)
_EVENT_COLUMNS = "id, content_id, thread_id, decision, reviewer, payload, created_at"
_TIMESTAMPS = ("created_at", "updated_at", "published_at")
class PostgresContentRepository(PostgresRepositoryBase):
    """`ContentRepository` over PostgreSQL: JSONB documents, timestamptz times, row-level compare-and-set."""

    @staticmethod
    def _row(row: Mapping[str, Any] | None) -> dict[str, Any] | None:
        if row is None:
            return None
        data = dict(row)
        for key in _TIMESTAMPS:
            data[key] = to_iso(data[key])
        return data

    async def upsert_pending(
        self,
        *,
        thread_id: str,
        attempt: int,
        status: ContentStatus,
        title: str,
        keyword: str,
        content_type: str,
        layout: dict[str, Any],
        review: dict[str, Any],
        flags: list[str],
    ) -> str:
        """Store a draft awaiting a decision, keyed by thread. Re-running the same attempt changes nothing,
        so a gate node re-executed on resume cannot undo a decision in progress."""
        params = {
            "id": str(uuid.uuid4()), "thread_id": thread_id, "status": status, "title": title, "keyword": keyword,
            "content_type": content_type, "layout": Jsonb(layout), "review": Jsonb(review),
            "summary": review.get("summary", ""), "flags": Jsonb(flags), "attempt": attempt,
        }  # fmt: skip
        upsert = self._sql(
            "INSERT INTO {s}.editorial_contents AS c (id, thread_id, status, title, keyword, content_type, layout_json,"
            " review_json, review_summary, flags, attempt) VALUES (%(id)s, %(thread_id)s, %(status)s, %(title)s,"
            " %(keyword)s, %(content_type)s, %(layout)s, %(review)s, %(summary)s, %(flags)s, %(attempt)s)"
            " ON CONFLICT (thread_id) DO UPDATE SET status = EXCLUDED.status, title = EXCLUDED.title,"
            " keyword = EXCLUDED.keyword, content_type = EXCLUDED.content_type, layout_json = EXCLUDED.layout_json,"
            " review_json = EXCLUDED.review_json, review_summary = EXCLUDED.review_summary, flags = EXCLUDED.flags,"
            " attempt = EXCLUDED.attempt, updated_at = now(), version = c.version + 1"
            " WHERE c.attempt <> EXCLUDED.attempt RETURNING c.id"
        )
        async with self._connect() as conn:
            row = await (await conn.execute(upsert, params)).fetchone()
            if row is None:  # same attempt already stored: nothing changed, a fresh statement sees the row
                existing = self._sql("SELECT id FROM {s}.editorial_contents WHERE thread_id = %s")
                row = await (await conn.execute(existing, (thread_id,))).fetchone()
        if row is None:  # pragma: no cover - rows are never deleted
            raise RuntimeError(f"content for thread {thread_id!r} vanished during upsert")
        return str(row["id"])

    async def _one(self, where: str, value: str) -> dict[str, Any] | None:
        query = self._sql(f"SELECT {_CONTENT_COLUMNS} FROM {{s}}.editorial_contents WHERE {where} = %s")
        async with self._connect() as conn:
            return self._row(await (await conn.execute(query, (value,))).fetchone())

    async def get(self, content_id: str) -> dict[str, Any] | None:
        """One content by id."""
        return await self._one("id", content_id)

    async def get_by_thread(self, thread_id: str) -> dict[str, Any] | None:
        """One content by pipeline thread."""
        return await self._one("thread_id", thread_id)

    async def ids_starting_with(self, prefix: str, limit: int = 10) -> builtins.list[str]:
        """Content ids that begin with `prefix` (for short ids typed by hand), at most `limit`, sorted."""
        pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        async with self._connect() as conn:
            rows = await (await conn.execute(self._sql(
                "SELECT id FROM {s}.editorial_contents WHERE id LIKE %(p)s ORDER BY id LIMIT %(n)s"),
                {"p": pattern, "n": limit})).fetchall()
        return [str(r["id"]) for r in rows]

    async def list(
        self, status: str | None = None, limit: int = 20, offset: int = 0
    ) -> tuple[builtins.list[dict[str, Any]], int]:
        """A page of contents, newest first, and the total count."""
        where = "WHERE status = %(status)s" if status else ""
        params = {"status": status, "limit": limit, "offset": offset}
        return await self._page(where, params)

    async def search(
        self, query: ContentQuery, limit: int = 20, offset: int = 0
    ) -> tuple[builtins.list[dict[str, Any]], int]:
        """A page of the contents matching the queue's filters, newest first, and their total count."""
        where, params = query.postgres_where()
        return await self._page(where, {**params, "limit": limit, "offset": offset})

    async def _page(self, where: str, params: dict[str, Any]) -> tuple[builtins.list[dict[str, Any]], int]:
        """Rows matching `where` (params carry limit and offset), newest first, and their total count."""
        async with self._connect() as conn:
            total_row = await (
                await conn.execute(self._sql(f"SELECT COUNT(*) AS n FROM {{s}}.editorial_contents {where}"), params)
            ).fetchone()
            rows = await (
                await conn.execute(
                    self._sql(
                        f"SELECT {_CONTENT_COLUMNS} FROM {{s}}.editorial_contents {where}"
                        " ORDER BY created_at DESC, id DESC LIMIT %(limit)s OFFSET %(offset)s"
                    ),
                    params,
                )
            ).fetchall()
        items = [item for item in (self._row(row) for row in rows) if item is not None]
        return items, int(total_row["n"]) if total_row else 0

    async def transition(
        self, content_id: str, *, expected: tuple[str, ...], new_status: ContentStatus, **fields: Any
    ) -> bool:
        """Compare-and-set the status in one UPDATE; False (nothing changed) when the status is not expected."""
        sets, values = _transition_sets(fields)
        query = self._sql(
            f"UPDATE {{s}}.editorial_contents SET {sets} WHERE id = %(content_id)s AND status = ANY(%(expected)s)"
        )
        params = {**values, "new_status": new_status, "content_id": content_id, "expected": builtins.list(expected)}
        async with self._connect() as conn:
            cur = await conn.execute(query, params)
            return cur.rowcount == 1

    async def claim_decision(
        self, content_id: str, *, version: int, expected: tuple[str, ...], new_status: ContentStatus, token: str,
        decision: str, reviewer: str, payload: dict[str, Any], **fields: Any
    ) -> int | None:
        """In one transaction: move the status if the row is still at `version` in an `expected` status, append
        the decision event and store the owner token. The event id, or None (nothing written) when the row moved.

        Under READ COMMITTED a racing UPDATE waits for the winner's row lock and then re-checks `version`, so
        exactly one claim matches."""
        sets, values = _transition_sets(fields)
        claim = self._sql(
            f"UPDATE {{s}}.editorial_contents SET {sets}, claim_token = %(token)s WHERE id = %(content_id)s"
            " AND version = %(version)s AND status = ANY(%(expected)s) RETURNING thread_id"
        )
        params = {**values, "new_status": new_status, "content_id": content_id, "version": version,
                  "expected": builtins.list(expected), "token": token}
        async with self._connect() as conn, conn.transaction():
            row = await (await conn.execute(claim, params)).fetchone()
            if row is None:
                return None
            event_id = await self._insert_event(conn, content_id, str(row["thread_id"]), decision, reviewer, payload)
            link = self._sql("UPDATE {s}.editorial_contents SET claim_event_id = %s WHERE id = %s")
            await conn.execute(link, (event_id, content_id))
            return event_id

    async def save_edit(
        self, content_id: str, *, version: int, expected: tuple[str, ...], attempt: int, title: str,
        layout: dict[str, Any], review: dict[str, Any], reviewer: str, payload: dict[str, Any]
    ) -> int | None:
        """An editor's edit as the content's new attempt, in one transaction with its `edited` event, if the row is
        still at `version` in an `expected` status (the compare-and-set decisions use). The event id, or None."""
        update = self._sql(
            "UPDATE {s}.editorial_contents SET title = %(title)s, layout_json = %(layout)s, review_json = %(review)s,"
            " review_summary = %(summary)s, attempt = %(attempt)s, updated_at = now(), version = version + 1"
            " WHERE id = %(content_id)s AND version = %(version)s AND status = ANY(%(expected)s) RETURNING thread_id"
        )
        params = {"title": title, "layout": Jsonb(layout), "review": Jsonb(review),
                  "summary": review.get("summary", ""), "attempt": attempt, "content_id": content_id,
                  "version": version, "expected": builtins.list(expected)}
        async with self._connect() as conn, conn.transaction():
            row = await (await conn.execute(update, params)).fetchone()
            if row is None:
                return None
            return await self._insert_event(conn, content_id, str(row["thread_id"]), "edited", reviewer, payload)

    async def take_over_claim(self, content_id: str, *, token: str, new_token: str) -> bool:
        """Make `new_token` the owner of an open claim still held by `token`; False when someone else took it."""
        query = self._sql("UPDATE {s}.editorial_contents SET claim_token = %s WHERE id = %s AND claim_token = %s")
        async with self._connect() as conn:
            return (await conn.execute(query, (new_token, content_id, token))).rowcount == 1

    async def release_claim(self, content_id: str, *, token: str) -> bool:
        """Close the claim held by `token` (its resumed run has stopped); False when it is not the owner."""
        query = self._sql("UPDATE {s}.editorial_contents SET claim_token = NULL WHERE id = %s AND claim_token = %s")
        async with self._connect() as conn:
            return (await conn.execute(query, (content_id, token))).rowcount == 1

    async def _insert_event(self, conn: psycopg.AsyncConnection[DictRow], content_id: str, thread_id: str,
                            decision: str, reviewer: str, payload: dict[str, Any]) -> int:
        query = self._sql(
            "INSERT INTO {s}.review_events (content_id, thread_id, decision, reviewer, payload)"
            " VALUES (%s, %s, %s, %s, %s) RETURNING id"
        )
        row = await (await conn.execute(query, (content_id, thread_id, decision, reviewer, Jsonb(payload)))).fetchone()
        if row is None:  # pragma: no cover - INSERT ... RETURNING always yields the row
            raise RuntimeError("the decision event was not stored")
        return int(row["id"])

    async def record_event(
        self, *, content_id: str, thread_id: str, decision: str, reviewer: str, payload: dict[str, Any]
    ) -> int:
        """Append a decision event (never updated or deleted)."""
        async with self._connect() as conn:
            return await self._insert_event(conn, content_id, thread_id, decision, reviewer, payload)

    @staticmethod
    def _event(row: Mapping[str, Any]) -> dict[str, Any]:
        return {**row, "created_at": to_iso(row["created_at"])}

    async def events(self, content_id: str | None = None) -> builtins.list[dict[str, Any]]:
        """Decision events, oldest first."""
        where = "WHERE content_id = %s" if content_id else ""
        query = self._sql(f"SELECT {_EVENT_COLUMNS} FROM {{s}}.review_events {where} ORDER BY id")
        async with self._connect() as conn:
            rows = await (await conn.execute(query, (content_id,) if content_id else ())).fetchall()
        return [self._event(row) for row in rows]

    async def recent_events(self, content_type: str, limit: int = 10) -> builtins.list[dict[str, Any]]:
        """The latest `limit` decision events for contents of one type, oldest first."""
        columns = ", ".join(f"e.{c.strip()}" for c in _EVENT_COLUMNS.split(","))
        query = self._sql(
            f"SELECT {columns} FROM {{s}}.review_events e JOIN {{s}}.editorial_contents c ON c.id = e.content_id"
            " WHERE c.content_type = %s ORDER BY e.id DESC LIMIT %s"
        )
        async with self._connect() as conn:
            rows = await (await conn.execute(query, (content_type, limit))).fetchall()
        return [self._event(row) for row in reversed(rows)]


def _transition_sets(fields: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """SET clause (status, updated_at, version bump, the allowed extra fields) and the converted extra values."""
    unknown = set(fields) - TRANSITION_FIELDS
    if unknown:
        raise ValueError(f"cannot set {sorted(unknown)} through transition()")
    values = {
        key: to_timestamp(value) if key == "published_at" else to_jsonb(value) if key == "layout_json" else value
        for key, value in fields.items()
    }
    sets = ", ".join(["status = %(new_status)s", "updated_at = now()", "version = version + 1",
                      *(f"{k} = %({k})s" for k in values)])
    return sets, values
