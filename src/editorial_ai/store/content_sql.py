"""The contents store's statements, written once in SQLAlchemy Core and compiled for SQLite or PostgreSQL.

Each operation is one statement built here; `ContentDialect` compiles it to the SQL text and parameters the
connection in hand runs (sqlite3 or psycopg), and converts the values each database stores its own way: JSON is
TEXT on SQLite and JSONB on PostgreSQL, times are ISO-8601 TEXT and timestamptz.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.sql.expression import ClauseElement, ColumnElement

from editorial_ai.store.content_query import ContentQuery, like_pattern
from editorial_ai.store.sql_compile import Backend, compile_statement, insert

READER_TIMES = ("since", "seen", "expires_at")


@dataclass(frozen=True)
class ContentTables:
    """The tables as the migrations made them (types here only steer how values are bound)."""

    contents: sa.Table
    events: sa.Table
    readers: sa.Table


@lru_cache(maxsize=32)
def content_tables(schema: str | None) -> ContentTables:
    """The tables in `schema` (None: SQLite's one namespace)."""
    metadata = sa.MetaData(schema=schema)
    contents = sa.Table(
        "editorial_contents", metadata,
        *(sa.Column(name, sa.Text) for name in (
            "id", "thread_id", "status", "title", "keyword", "content_type", "layout_json", "review_json",
            "review_summary", "flags", "admin_feedback", "rejection_reason", "published_path", "created_at",
            "updated_at", "published_at", "claim_token")),
        sa.Column("attempt", sa.Integer), sa.Column("version", sa.Integer), sa.Column("claim_event_id", sa.Integer),
    )  # fmt: skip
    events = sa.Table(
        "review_events", metadata, sa.Column("id", sa.Integer),
        *(sa.Column(name, sa.Text) for name in ("content_id", "thread_id", "decision", "reviewer", "payload",
                                                 "created_at")),
    )  # fmt: skip
    readers = sa.Table(
        "content_readers", metadata,
        *(sa.Column(name, sa.Text) for name in ("content_id", "reviewer", "since", "seen", "expires_at")),
    )  # fmt: skip
    return ContentTables(contents, events, readers)


@dataclass(frozen=True)
class ContentDialect:
    """How one database spells the statements and stores the values."""

    backend: Backend
    schema: str | None = None

    @property
    def tables(self) -> ContentTables:
        """This database's tables."""
        return content_tables(self.schema)

    def compile(self, statement: ClauseElement) -> tuple[str, dict[str, Any]]:
        """SQL text with named parameters (`:name` or `%(name)s`) and their values (store/sql_compile.py)."""
        return compile_statement(statement, self.backend)

    def json(self, value: Any) -> Any:
        """A JSON document as this database binds it."""
        if self.backend == "sqlite":
            return json.dumps(value)
        from psycopg.types.json import Jsonb

        return Jsonb(json.loads(value) if isinstance(value, str | bytes) else value)

    def time(self, value: datetime | str | None = None) -> Any:
        """A moment (now when None) as this database binds it: ISO text on SQLite, a datetime on PostgreSQL."""
        moment = datetime.fromisoformat(value.replace("Z", "+00:00")) if isinstance(value, str) else value
        moment = moment or datetime.now(UTC)
        return moment.isoformat() if self.backend == "sqlite" else moment

    def day(self, value: date) -> Any:
        """A calendar day compared with `created_at` (ISO text compares by its date prefix on SQLite)."""
        return value.isoformat() if self.backend == "sqlite" else value

    def number_in(self, column: sa.ColumnElement[Any], key: str) -> ColumnElement[Any]:
        """The number stored under `key` of a JSON column."""
        if self.backend == "sqlite":
            return sa.func.json_extract(column, f"$.{key}")
        return sa.cast(column.op("->>")(sa.literal_column(f"'{key}'")), sa.Float)

    def reader(self, row: dict[str, Any]) -> dict[str, Any]:
        """A reader row with its times as ISO strings."""
        return {**row, **{key: _iso(row.get(key)) for key in READER_TIMES}}

    def where(self, query: ContentQuery) -> list[ColumnElement[bool]]:
        """The queue's filters as conditions (the same on both databases; LIKE folds ASCII case on both)."""
        c = self.tables.contents.c
        conditions: list[ColumnElement[bool]] = []
        if query.text:
            pattern = like_pattern(query.text)
            conditions.append(sa.or_(c.keyword.ilike(pattern, escape="\\"), c.title.ilike(pattern, escape="\\")))
        if query.status:
            conditions.append(c.status == query.status)
        if query.content_type:
            conditions.append(c.content_type == query.content_type)
        score = self.number_in(c.review_json, "composite_score")
        if query.min_score is not None:
            conditions.append(score >= query.min_score)
        if query.max_score is not None:
            conditions.append(score <= query.max_score)
        if query.since is not None:
            conditions.append(c.created_at >= self.day(query.since))
        if query.until is not None:  # inclusive: contents created that day are kept
            conditions.append(c.created_at < self.day(query.until + timedelta(days=1)))
        return conditions

    def _insert(self, table: sa.Table, values: dict[str, Any]) -> Any:
        """This database's INSERT (with ON CONFLICT) of one row."""
        return insert(self.backend, table).values(**values)

    def upsert_pending(self, values: dict[str, Any]) -> ClauseElement:
        """Insert a thread's draft, or replace it when the attempt differs (same attempt: no row returned)."""
        contents = self.tables.contents
        insert = self._insert(contents, values)
        replaced = ("status", "title", "keyword", "content_type", "layout_json", "review_json", "review_summary",
                    "flags", "attempt", "updated_at")  # fmt: skip
        statement: ClauseElement = insert.on_conflict_do_update(
            index_elements=[contents.c.thread_id],
            set_={**{name: insert.excluded[name] for name in replaced}, "version": contents.c.version + 1},
            where=contents.c.attempt != insert.excluded.attempt,
        ).returning(contents.c.id)
        return statement

    def upsert_reader(self, content_id: str, reviewer: str, now: Any, expires_at: Any) -> ClauseElement:
        """`reviewer` is reading `content_id` from `now` until `expires_at`; a claim still in force keeps its `since`
        (a lapsed one starts again)."""
        readers = self.tables.readers
        insert = self._insert(readers, {"content_id": content_id, "reviewer": reviewer, "since": now, "seen": now,
                                        "expires_at": expires_at})
        lapsed = readers.c.expires_at <= insert.excluded.seen
        statement: ClauseElement = insert.on_conflict_do_update(
            index_elements=[readers.c.content_id, readers.c.reviewer],
            set_={"since": sa.case((lapsed, insert.excluded.since), else_=readers.c.since),
                  "seen": insert.excluded.seen, "expires_at": insert.excluded.expires_at})
        return statement


def _iso(value: Any) -> Any:
    return value.astimezone(UTC).isoformat() if isinstance(value, datetime) else value
