"""SQLAlchemy Core statements compiled for the connection in hand (sqlite3 or psycopg), shared by the stores.

The stores write each operation once in Core and run it on their own connections (pooled sqlite3 connections, the
process's psycopg pool), not through SQLAlchemy engines: this module turns a statement into the SQL text and
parameters those connections take.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

import sqlalchemy as sa
from sqlalchemy.sql.expression import ClauseElement

Backend = Literal["sqlite", "postgresql"]

_CACHE_SIZE = 256
_COMPILED: dict[Backend, dict[Any, Any]] = {"sqlite": {}, "postgresql": {}}


def compile_statement(statement: ClauseElement, backend: Backend) -> tuple[str, dict[str, Any]]:
    """SQL text with named parameters (`:name` or `%(name)s`) and their values; IN lists expanded.

    A statement's shape is compiled once per process and reused with each call's values (SQLAlchemy's own cache
    key, as its engines do): compiling took 0.25-1 ms a statement, reusing it a tenth of that."""
    key = statement._generate_cache_key()
    if key is None:  # not cacheable: compile this one alone
        alone = statement.compile(dialect=_dialect(backend), compile_kwargs={"render_postcompile": True})
        return str(alone), dict(alone.params)
    cache = _COMPILED[backend]
    compiled: Any = cache.get(key.key)
    if compiled is None:
        compiled = cache[key.key] = statement.compile(dialect=_dialect(backend), cache_key=key)
        if len(cache) > _CACHE_SIZE:  # shapes are few (one per operation and filter set): a bound, not an LRU
            cache.pop(next(iter(cache)))
    expanded = compiled.construct_expanded_state(compiled.construct_params(extracted_parameters=key.bindparams))
    return expanded.statement, dict(expanded.parameters)


def insert(backend: Backend, table: sa.Table) -> Any:
    """This database's INSERT into `table`, which offers ON CONFLICT (`on_conflict_do_update` / `_do_nothing`)."""
    if backend == "sqlite":  # each dialect imported on use: a process talks to one database
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        return sqlite_insert(table)
    from sqlalchemy.dialects.postgresql import insert as postgres_insert

    return postgres_insert(table)


@lru_cache(maxsize=2)
def _dialect(backend: Backend) -> sa.engine.Dialect:
    # The base dialects: statements are only compiled here, executed by the stores' own connections, and the
    # driver dialects would add casts (`::VARCHAR`) that a JSONB column refuses.
    if backend == "sqlite":
        from sqlalchemy.dialects.sqlite.base import SQLiteDialect

        return SQLiteDialect(paramstyle="named")
    from sqlalchemy.dialects.postgresql.base import PGDialect

    return PGDialect(paramstyle="pyformat")
