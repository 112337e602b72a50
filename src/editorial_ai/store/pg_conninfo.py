"""What every PostgreSQL piece of the store says about a connection string: its printable form and the error
raised when the server cannot be reached. Below both the repositories (postgres.py) and the pools (pg_pool.py),
so neither needs the other to report a failure."""

from __future__ import annotations

import psycopg
from psycopg.conninfo import conninfo_to_dict

from editorial_ai.config import ConfigError


class PostgresUnavailableError(ConfigError):
    """PostgreSQL could not be reached or refused the connection; the message names the fix."""


def describe_dsn(dsn: str) -> str:
    """`user@host:port/dbname` of a connection string, without the password (for messages)."""
    try:
        parts = conninfo_to_dict(dsn)
    except psycopg.ProgrammingError:
        return "<unparsable DATABASE_URL>"
    host = parts.get("host") or parts.get("hostaddr") or "localhost"
    user = f"{parts['user']}@" if parts.get("user") else ""
    return f"{user}{host}:{parts.get('port') or 5432}/{parts.get('dbname') or ''}"
