"""Upgrading a database to `HEAD` with Alembic (imported only when `store.schema_version` finds one behind).

One upgrade at a time per database: SQLite takes the write lock (`BEGIN IMMEDIATE`) before reading the version,
PostgreSQL a transaction-scoped advisory lock per schema, and the revisions run inside that same transaction, so a
second process starting at the same moment waits and then finds nothing left to do.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.pool import NullPool

from editorial_ai.migrations import HEAD

SCRIPT_LOCATION = Path(__file__).resolve().parent
# Alembic's `op` and `context` are process-wide proxies, so two upgrades in two threads at once (a SQLite file and
# a PostgreSQL schema opened together) would run each other's statements: one upgrade at a time per process.
_ALEMBIC = threading.Lock()


def alembic_config(connection: sa.Connection, schema: str | None) -> Config:
    """A Config pointing at the shipped revisions (no alembic.ini: it must work from an installed package)."""
    config = Config()
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    config.attributes["connection"] = connection
    config.attributes["schema"] = schema
    return config


def sqlite_engine(db_path: Path) -> sa.Engine:
    """An engine whose transactions begin with `BEGIN IMMEDIATE` (the write lock first, so DDL is transactional).

    pysqlite would otherwise defer BEGIN to the first write and commit implicitly around DDL.
    """
    engine = sa.create_engine(f"sqlite:///{db_path}", poolclass=NullPool, connect_args={"timeout": 30.0})

    @sa.event.listens_for(engine, "connect")
    def _autocommit_driver(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None

    @sa.event.listens_for(engine, "begin")
    def _begin_immediate(connection: sa.Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def upgrade_sqlite(db_path: Path, revision: str = HEAD) -> None:
    """Bring the SQLite file at `db_path` (created if missing) to `revision`."""
    engine = sqlite_engine(db_path)
    try:
        with _ALEMBIC, engine.begin() as connection:
            command.upgrade(alembic_config(connection, None), revision)
    finally:
        engine.dispose()


def upgrade_postgres(dsn: str, schema: str, revision: str = HEAD, *, connect_timeout: int = 10) -> None:
    """Bring the tables of `schema` at `dsn` to `revision`, creating the schema when it is missing."""
    import psycopg

    kwargs: dict[str, Any] = {} if "connect_timeout" in dsn else {"connect_timeout": connect_timeout}
    engine = sa.create_engine("postgresql+psycopg://", creator=lambda: psycopg.connect(dsn, **kwargs),
                              poolclass=NullPool)  # fmt: skip
    try:
        with _ALEMBIC, engine.begin() as connection:
            # The same lock the stores' initialization takes: schema creation, upgrades and seeding never race.
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"),
                               {"key": f"editorial_ai:init:{schema}"})  # fmt: skip
            exists = connection.execute(sa.text("SELECT 1 FROM pg_namespace WHERE nspname = :s"), {"s": schema})
            if exists.first() is None:  # only when missing: a role without CREATE on the database can use `public`
                quoted = connection.dialect.identifier_preparer.quote_identifier(schema)
                connection.exec_driver_sql(f"CREATE SCHEMA IF NOT EXISTS {quoted}")
            command.upgrade(alembic_config(connection, schema), revision)
    finally:
        engine.dispose()
