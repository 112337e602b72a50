"""Editorial contents and the append-only decision log (seed 001 section 11).

A human decision is claimed in one transaction: the compare-and-set of the status on the row's `version`, the
decision event and an owner token (`claim_token`) for resuming the graph. Only the claim's owner resumes the
graph; the token is cleared when the resumed run stops, so a claim left open by a crash is found by `resume`.
"""

from __future__ import annotations

import asyncio
import builtins
import contextlib
import json
import sqlite3
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, Protocol

from editorial_ai.store.content_query import ContentQuery
from editorial_ai.store.schema_version import ensure_sqlite_schema
from editorial_ai.store.sqlite_pool import SqliteConnectionPool

ContentStatus = Literal["pending", "escalated", "approved", "published", "rejected", "revision_requested"]
AWAITING: tuple[str, ...] = ("pending", "escalated")

_JSON_FIELDS = ("layout_json", "review_json", "flags")
TRANSITION_FIELDS = frozenset({"admin_feedback", "rejection_reason", "published_path", "published_at", "layout_json"})


def _now() -> str:
    return datetime.now(UTC).isoformat()


class ContentRepository(Protocol):
    """Storage of contents awaiting or past the human gate."""

    async def initialize(self) -> None: ...
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
    ) -> str: ...
    async def get(self, content_id: str) -> dict[str, Any] | None: ...
    async def get_by_thread(self, thread_id: str) -> dict[str, Any] | None: ...
    async def ids_starting_with(self, prefix: str, limit: int = 10) -> builtins.list[str]: ...
    async def list(
        self, status: str | None = None, limit: int = 20, offset: int = 0
    ) -> tuple[list[dict[str, Any]], int]: ...
    async def search(
        self, query: ContentQuery, limit: int = 20, offset: int = 0
    ) -> tuple[builtins.list[dict[str, Any]], int]: ...
    async def transition(
        self, content_id: str, *, expected: tuple[str, ...], new_status: ContentStatus, **fields: Any
    ) -> bool: ...
    async def claim_decision(
        self, content_id: str, *, version: int, expected: tuple[str, ...], new_status: ContentStatus, token: str,
        decision: str, reviewer: str, payload: dict[str, Any], **fields: Any
    ) -> int | None: ...
    async def save_edit(
        self, content_id: str, *, version: int, expected: tuple[str, ...], attempt: int, title: str,
        layout: dict[str, Any], review: dict[str, Any], reviewer: str, payload: dict[str, Any]
    ) -> int | None: ...
    async def take_over_claim(self, content_id: str, *, token: str, new_token: str) -> bool: ...
    async def release_claim(self, content_id: str, *, token: str) -> bool: ...
    async def record_event(
        self, *, content_id: str, thread_id: str, decision: str, reviewer: str, payload: dict[str, Any]
    ) -> int: ...
    async def events(self, content_id: str | None = None) -> builtins.list[dict[str, Any]]: ...

    async def recent_events(self, content_type: str, limit: int = 10) -> builtins.list[dict[str, Any]]: ...


class SqliteContentRepository:
    """ContentRepository over an SQLite file (WAL), on connections pooled for the life of the repository.

    Tables come from the versioned migrations (`editorial_ai.migrations`): `initialize()` checks the recorded
    revision with one query and upgrades only a database that is behind.
    """

    def __init__(self, db_path: Path, *, synchronous: Literal["normal", "full"] = "normal") -> None:
        """Use `db_path`; `synchronous` as EDITORIAL_AI_CHECKPOINT_SYNC, so a decision is as durable as its checkpoint.

        In WAL mode `normal` syncs at checkpoints, not at every commit: a write survives any process dying, only a
        power cut can lose the last ones; `full` waits for the disk at every commit.
        """
        self.db_path = Path(db_path)
        self._pool = SqliteConnectionPool(self.db_path, pragmas=(f"synchronous={synchronous.upper()}",))

    async def _run(self, fn: Any, *args: Any) -> Any:
        def job() -> Any:
            with self._pool.connection() as conn:
                return fn(conn, *args)

        return await asyncio.to_thread(job)

    def close(self) -> None:
        """Close the pooled connections (the repository stays usable: new ones open on demand)."""
        self._pool.close()

    async def initialize(self) -> None:
        """Bring the database to the current schema (creating the file if needed); idempotent."""
        self.db_path.parent.mkdir(parents=True, exist_ok=True)
        await self._run(self._initialize)

    def _initialize(self, conn: sqlite3.Connection) -> None:
        ensure_sqlite_schema(conn, self.db_path)
        # WAL lets readers run beside the one writer. The mode is stored in the file, so this is a no-op once set;
        # switching needs a moment alone with the file and SQLite does not wait for it, so a connection racing the
        # first switch finds it done (or keeps the default journal).
        with contextlib.suppress(sqlite3.OperationalError):
            conn.execute("PRAGMA journal_mode=WAL")

    @staticmethod
    def _row(row: sqlite3.Row | None) -> dict[str, Any] | None:
        if row is None:
            return None
        data = dict(row)
        for key in _JSON_FIELDS:
            data[key] = json.loads(data[key] or "null")
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

        def job(conn: sqlite3.Connection) -> str:
            conn.execute("BEGIN IMMEDIATE")
            try:
                row = conn.execute(
                    "SELECT id, attempt FROM editorial_contents WHERE thread_id=?", (thread_id,)
                ).fetchone()
                now = _now()
                values = (
                    status,
                    title,
                    keyword,
                    content_type,
                    json.dumps(layout),
                    json.dumps(review),
                    review.get("summary", ""),
                    json.dumps(flags),
                    attempt,
                    now,
                )
                if row is None:
                    content_id = str(uuid.uuid4())
                    conn.execute(
                        "INSERT INTO editorial_contents (status, title, keyword, content_type, layout_json,"
                        " review_json, review_summary, flags, attempt, updated_at, id, thread_id, created_at)"
                        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                        (*values, content_id, thread_id, now),
                    )
                else:
                    content_id = row["id"]
                    if row["attempt"] != attempt:
                        conn.execute(
                            "UPDATE editorial_contents SET status=?, title=?, keyword=?, content_type=?, layout_json=?,"
                            " review_json=?, review_summary=?, flags=?, attempt=?, updated_at=?, version=version+1"
                            " WHERE id=?",
                            (*values, content_id),
                        )
                conn.execute("COMMIT")
                return str(content_id)
            except BaseException:
                conn.execute("ROLLBACK")
                raise

        return str(await self._run(job))

    async def get(self, content_id: str) -> dict[str, Any] | None:
        """One content by id."""
        return self._row(
            await self._run(
                lambda c: c.execute("SELECT * FROM editorial_contents WHERE id=?", (content_id,)).fetchone()
            )
        )

    async def get_by_thread(self, thread_id: str) -> dict[str, Any] | None:
        """One content by pipeline thread."""
        return self._row(
            await self._run(
                lambda c: c.execute("SELECT * FROM editorial_contents WHERE thread_id=?", (thread_id,)).fetchone()
            )
        )

    async def ids_starting_with(self, prefix: str, limit: int = 10) -> builtins.list[str]:
        """Content ids that begin with `prefix` (for short ids typed by hand), at most `limit`, sorted."""
        pattern = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = await self._run(lambda c: c.execute(
            "SELECT id FROM editorial_contents WHERE id LIKE ? ESCAPE '\\' ORDER BY id LIMIT ?",
            (pattern, limit)).fetchall())
        return [str(r["id"]) for r in rows]

    async def list(
        self, status: str | None = None, limit: int = 20, offset: int = 0
    ) -> tuple[list[dict[str, Any]], int]:
        """A page of contents, newest first, and the total count."""
        where, args = ("WHERE status=?", (status,)) if status else ("", ())
        return await self._page(where, args, limit, offset)

    async def search(
        self, query: ContentQuery, limit: int = 20, offset: int = 0
    ) -> tuple[builtins.list[dict[str, Any]], int]:
        """A page of the contents matching the queue's filters, newest first, and their total count."""
        where, args = query.sqlite_where()
        return await self._page(where, args, limit, offset)

    async def _page(self, where: str, args: tuple[Any, ...], limit: int,
                    offset: int) -> tuple[builtins.list[dict[str, Any]], int]:  # fmt: skip
        """Rows matching `where`, newest first, and their total count (list and search share it)."""

        def job(conn: sqlite3.Connection) -> tuple[builtins.list[sqlite3.Row], int]:
            total = conn.execute(f"SELECT COUNT(*) FROM editorial_contents {where}", args).fetchone()[0]
            rows = conn.execute(
                f"SELECT * FROM editorial_contents {where} ORDER BY created_at DESC LIMIT ? OFFSET ?",
                (*args, limit, offset),
            ).fetchall()
            return rows, int(total)

        rows, total = await self._run(job)
        return [r for r in (self._row(row) for row in rows) if r is not None], total

    async def transition(
        self, content_id: str, *, expected: tuple[str, ...], new_status: ContentStatus, **fields: Any
    ) -> bool:
        """Compare-and-set the status; False (nothing changed) when the current status is not expected."""
        sets, values = _transition_sets(fields)
        marks = ",".join("?" * len(expected))
        args = (new_status, _now(), *values, content_id, *expected)
        count = await self._run(
            lambda c: (
                c.execute(f"UPDATE editorial_contents SET {sets} WHERE id=? AND status IN ({marks})", args).rowcount
            )
        )
        return bool(count)

    async def claim_decision(
        self, content_id: str, *, version: int, expected: tuple[str, ...], new_status: ContentStatus, token: str,
        decision: str, reviewer: str, payload: dict[str, Any], **fields: Any
    ) -> int | None:
        """In one transaction: move the status if the row is still at `version` in an `expected` status, append
        the decision event and store the owner token. The event id, or None (nothing written) when the row moved."""
        sets, values = _transition_sets(fields)
        marks = ",".join("?" * len(expected))
        args = (new_status, _now(), *values, token, content_id, version, *expected)

        def job(conn: sqlite3.Connection) -> int | None:
            conn.execute("BEGIN IMMEDIATE")
            try:
                moved = conn.execute(
                    f"UPDATE editorial_contents SET {sets}, claim_token=? WHERE id=? AND version=?"
                    f" AND status IN ({marks})", args).rowcount
                if not moved:
                    conn.execute("ROLLBACK")
                    return None
                thread_id = conn.execute("SELECT thread_id FROM editorial_contents WHERE id=?",
                                         (content_id,)).fetchone()[0]
                event_id = self._insert_event(conn, content_id, thread_id, decision, reviewer, payload)
                conn.execute("UPDATE editorial_contents SET claim_event_id=? WHERE id=?", (event_id, content_id))
                conn.execute("COMMIT")
                return event_id
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

        result = await self._run(job)
        return None if result is None else int(result)

    async def save_edit(
        self, content_id: str, *, version: int, expected: tuple[str, ...], attempt: int, title: str,
        layout: dict[str, Any], review: dict[str, Any], reviewer: str, payload: dict[str, Any]
    ) -> int | None:
        """An editor's edit as the content's new attempt, in one transaction with its `edited` event, if the row is
        still at `version` in an `expected` status (the compare-and-set decisions use). The event id, or None."""
        args = (title, json.dumps(layout), json.dumps(review), review.get("summary", ""), attempt, _now(),
                content_id, version, *expected)
        marks = ",".join("?" * len(expected))

        def job(conn: sqlite3.Connection) -> int | None:
            conn.execute("BEGIN IMMEDIATE")
            try:
                moved = conn.execute(
                    "UPDATE editorial_contents SET title=?, layout_json=?, review_json=?, review_summary=?, attempt=?,"
                    f" updated_at=?, version=version+1 WHERE id=? AND version=? AND status IN ({marks})",
                    args).rowcount
                if not moved:
                    conn.execute("ROLLBACK")
                    return None
                thread_id = conn.execute("SELECT thread_id FROM editorial_contents WHERE id=?",
                                         (content_id,)).fetchone()[0]
                event_id = self._insert_event(conn, content_id, thread_id, "edited", reviewer, payload)
                conn.execute("COMMIT")
                return event_id
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

        result = await self._run(job)
        return None if result is None else int(result)

    async def take_over_claim(self, content_id: str, *, token: str, new_token: str) -> bool:
        """Make `new_token` the owner of an open claim still held by `token`; False when someone else took it."""
        count = await self._run(lambda c: c.execute(
            "UPDATE editorial_contents SET claim_token=? WHERE id=? AND claim_token=?",
            (new_token, content_id, token)).rowcount)
        return bool(count)

    async def release_claim(self, content_id: str, *, token: str) -> bool:
        """Close the claim held by `token` (its resumed run has stopped); False when it is not the owner."""
        count = await self._run(lambda c: c.execute(
            "UPDATE editorial_contents SET claim_token=NULL WHERE id=? AND claim_token=?",
            (content_id, token)).rowcount)
        return bool(count)

    @staticmethod
    def _insert_event(conn: sqlite3.Connection, content_id: str, thread_id: str, decision: str, reviewer: str,
                      payload: dict[str, Any]) -> int:
        cur = conn.execute(
            "INSERT INTO review_events (content_id, thread_id, decision, reviewer, payload, created_at)"
            " VALUES (?,?,?,?,?,?)", (content_id, thread_id, decision, reviewer, json.dumps(payload), _now()))
        return int(cur.lastrowid or 0)

    async def record_event(
        self, *, content_id: str, thread_id: str, decision: str, reviewer: str, payload: dict[str, Any]
    ) -> int:
        """Append a decision event (never updated or deleted)."""
        return int(await self._run(self._insert_event, content_id, thread_id, decision, reviewer, payload))

    async def events(self, content_id: str | None = None) -> builtins.list[dict[str, Any]]:
        """Decision events, oldest first."""

        def job(conn: sqlite3.Connection) -> builtins.list[dict[str, Any]]:
            sql = "SELECT * FROM review_events" + (" WHERE content_id=?" if content_id else "") + " ORDER BY id"
            rows = conn.execute(sql, (content_id,) if content_id else ()).fetchall()
            return [{**dict(r), "payload": json.loads(r["payload"])} for r in rows]

        return list(await self._run(job))

    async def recent_events(self, content_type: str, limit: int = 10) -> builtins.list[dict[str, Any]]:
        """The latest `limit` decision events for contents of one type, oldest first."""

        def job(conn: sqlite3.Connection) -> builtins.list[dict[str, Any]]:
            rows = conn.execute(
                "SELECT e.* FROM review_events e JOIN editorial_contents c ON c.id = e.content_id"
                " WHERE c.content_type = ? ORDER BY e.id DESC LIMIT ?",
                (content_type, limit),
            ).fetchall()
            return [{**dict(r), "payload": json.loads(r["payload"])} for r in reversed(rows)]

        return builtins.list(await self._run(job))


def _transition_sets(fields: dict[str, Any]) -> tuple[str, tuple[Any, ...]]:
    """SET clause (status, updated_at, version bump, the allowed extra fields) and the extra values, in order."""
    unknown = set(fields) - TRANSITION_FIELDS
    if unknown:
        raise ValueError(f"cannot set {sorted(unknown)} through transition()")
    sets = ", ".join(["status=?", "updated_at=?", "version=version+1", *(f"{k}=?" for k in fields)])
    return sets, tuple(fields.values())
