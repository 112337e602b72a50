"""Column builders the revisions share: one call, the type each dialect has always used for that kind of value.

SQLite stores JSON and times as TEXT; PostgreSQL as JSONB and timestamptz (filled by now() when omitted). Keep these
stable: revisions already applied depend on them rendering the same DDL.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql


def target_schema() -> str | None:
    """The PostgreSQL schema holding every table (None on SQLite): the runner passes it as the version table's."""
    schema: str | None = op.get_context().opts.get("version_table_schema")
    return schema


def is_postgres() -> bool:
    """Whether the revision runs against PostgreSQL (otherwise SQLite)."""
    return bool(op.get_bind().dialect.name == "postgresql")


def key(name: str, type_: Any = None) -> sa.Column[Any]:
    """A primary-key column; SQLite's `TEXT PRIMARY KEY` never said NOT NULL, so neither does this there."""
    return sa.Column(name, type_ if type_ is not None else sa.Text(), primary_key=True, nullable=not is_postgres())


def text(name: str, default: str | None = None, *, nullable: bool = False) -> sa.Column[Any]:
    """A TEXT column, NOT NULL unless told, with an optional literal default."""
    return sa.Column(name, sa.Text(), nullable=nullable, server_default=default)


def integer(name: str, default: int | None = None, *, big: bool = False, nullable: bool = False) -> sa.Column[Any]:
    """An INTEGER column (`big`: BIGINT on PostgreSQL, where the current tables use it; SQLite has one integer)."""
    type_: Any = sa.BigInteger() if big and is_postgres() else sa.Integer()
    server_default = None if default is None else sa.text(str(default))
    return sa.Column(name, type_, nullable=nullable, server_default=server_default)


def double(name: str, *, nullable: bool = False) -> sa.Column[Any]:
    """A DOUBLE PRECISION column (the same words on both dialects)."""
    return sa.Column(name, sa.DOUBLE_PRECISION(), nullable=nullable)


def real(name: str) -> sa.Column[Any]:
    """A NOT NULL float: REAL on SQLite, DOUBLE PRECISION on PostgreSQL (the catalog's spot positions)."""
    return sa.Column(name, sa.DOUBLE_PRECISION() if is_postgres() else sa.REAL(), nullable=False)


def json_doc(name: str, default: str) -> sa.Column[Any]:
    """A NOT NULL JSON document: TEXT holding JSON on SQLite, JSONB on PostgreSQL; `default` is its JSON text."""
    type_: Any = postgresql.JSONB() if is_postgres() else sa.Text()
    return sa.Column(name, type_, nullable=False, server_default=sa.text(f"'{default}'"
                                                                          + ("::jsonb" if is_postgres() else "")))


def moment(name: str, *, nullable: bool = False, default_now: bool = True) -> sa.Column[Any]:
    """A point in time: ISO-8601 TEXT on SQLite, timestamptz on PostgreSQL (defaulting to now() if `default_now`)."""
    if not is_postgres():
        return sa.Column(name, sa.Text(), nullable=nullable)
    default = sa.text("now()") if default_now and not nullable else None
    return sa.Column(name, sa.TIMESTAMP(timezone=True), nullable=nullable, server_default=default)


def flag(name: str) -> sa.Column[Any]:
    """A NOT NULL false-by-default flag: INTEGER 0/1 on SQLite, BOOLEAN on PostgreSQL."""
    if is_postgres():
        return sa.Column(name, sa.Boolean(), nullable=False, server_default=sa.false())
    return sa.Column(name, sa.Integer(), nullable=False, server_default=sa.text("0"))


def serial_key(name: str) -> sa.Column[Any]:
    """An auto-numbered primary key: INTEGER PRIMARY KEY AUTOINCREMENT on SQLite, BIGINT identity on PostgreSQL.

    The SQLite table needs `sqlite_autoincrement=True` as well (see `autoincrement_table`).
    """
    if is_postgres():
        return sa.Column(name, sa.BigInteger(), sa.Identity(always=False), primary_key=True)
    return sa.Column(name, sa.Integer(), primary_key=True, nullable=True)


def existing_tables() -> set[str]:
    """Tables already in the target database (the baseline creates only the missing ones)."""
    return set(sa.inspect(op.get_bind()).get_table_names(schema=target_schema()))


def existing_columns(table: str) -> set[str]:
    """Column names of `table` as the database has them."""
    return {c["name"] for c in sa.inspect(op.get_bind()).get_columns(table, schema=target_schema())}
