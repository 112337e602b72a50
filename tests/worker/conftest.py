"""Fixtures: PostgreSQL schemas, the local Redis, and scripted scenarios with latency.

PostgreSQL: `EDITORIAL_AI_TEST_DATABASE_URL` (default postgresql://postgres@127.0.0.1:5432/test), throw-away
schemas dropped afterwards. Redis: `EDITORIAL_AI_TEST_REDIS_URL` (default redis://127.0.0.1:6379/15). When a
service is unreachable the tests that need it are skipped with the reason.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from editorial_ai.llm.scripted import load_scenario

TEST_DATABASE_URL = os.environ.get("EDITORIAL_AI_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
TEST_REDIS_URL = os.environ.get("EDITORIAL_AI_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture(scope="session")
def postgres_dsn() -> str:
    try:
        import psycopg
    except ImportError:
        pytest.skip("psycopg is not installed (pip install 'editorial-ai[postgres]')")
    try:
        with psycopg.connect(TEST_DATABASE_URL, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        pytest.skip(f"PostgreSQL is not reachable (set EDITORIAL_AI_TEST_DATABASE_URL): {str(exc).strip()}")
    return TEST_DATABASE_URL


@pytest.fixture
def pg_schema(postgres_dsn: str) -> Iterator[str]:
    """A fresh schema name, dropped (with everything in it) afterwards."""
    import psycopg
    from psycopg import sql

    name = f"eai_test_{uuid.uuid4().hex[:12]}"
    yield name
    with psycopg.connect(postgres_dsn, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(name)))


@pytest.fixture(scope="session")
def redis_url() -> str:
    """The test Redis (database 15 by default), or a skip saying why."""
    host_port = TEST_REDIS_URL.split("://", 1)[1].split("/", 1)[0]
    host, _, port = host_port.rpartition(":")
    try:
        socket.create_connection((host or "127.0.0.1", int(port or 6379)), timeout=2).close()
    except OSError as exc:
        pytest.skip(f"Redis is not reachable at {host_port} (set EDITORIAL_AI_TEST_REDIS_URL): {exc}")
    return TEST_REDIS_URL


def write_slow_scenario(directory: Path, latency_ms: int, name: str = "slow_happy") -> str:
    """The `happy` scenario answering every call after `latency_ms`; returns its name."""
    directory.mkdir(parents=True, exist_ok=True)
    document = {"latency_ms": latency_ms, "responses": load_scenario("happy")}
    (directory / f"{name}.yaml").write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    return name
