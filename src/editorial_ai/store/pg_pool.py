"""Explicitly configured psycopg pools: one shared per database for the repositories and the run registry, and the
checkpointer's own.

A single long-lived connection (what `AsyncPostgresSaver.from_conn_string` keeps) dies when the server, a
pooler or a firewall drops it while idle, and every later checkpoint write fails until the process restarts.
A pool that checks each connection before lending it, retires idle ones (`max_idle`) and recycles old ones
(`max_lifetime`) never hands a dead connection to a run.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from editorial_ai.store.pg_conninfo import PostgresUnavailableError, describe_dsn

MAX_IDLE_S = 120.0  # below the common 5-10 min idle timeouts of poolers, NATs and cloud load balancers
MAX_LIFETIME_S = 1800.0
CONNECT_TIMEOUT_S = 10


def open_pool(
    dsn: str,
    *,
    max_size: int = 8,
    name: str = "editorial_ai",
    prepare_threshold: int | None = None,
    min_size: int = 1,
    options: str | None = None,
) -> AsyncConnectionPool[Any]:
    """An unopened pool: autocommit sessions returning dict rows; call `await pool.open()` in a running loop.

    `prepare_threshold=None` disables prepared statements (safe behind transaction-mode poolers); the
    checkpointer passes 0, LangGraph's documented setting for its saver.
    """
    kwargs: dict[str, Any] = {"autocommit": True, "prepare_threshold": prepare_threshold, "row_factory": dict_row}
    if options:  # session settings, after any the connection string carries (e.g. a search_path)
        from psycopg.conninfo import conninfo_to_dict

        kwargs["options"] = f"{conninfo_to_dict(dsn).get('options') or ''} {options}".strip()
    if "connect_timeout" not in dsn:
        kwargs["connect_timeout"] = CONNECT_TIMEOUT_S
    return AsyncConnectionPool(
        dsn,
        min_size=min_size,
        max_size=max(max_size, min_size),
        kwargs=kwargs,
        open=False,
        name=name,
        max_idle=MAX_IDLE_S,
        max_lifetime=MAX_LIFETIME_S,
        check=AsyncConnectionPool.check_connection,
        reconnect_timeout=60.0,
    )


# One pool per database per event loop per process, shared by the contents, catalog and sessions repositories and
# the run registry: each used to open its own, so one worker held four pools (up to 16 connections) to the same
# database. The checkpointer keeps its own (`open_checkpoint_pool`): LangGraph's saver needs prepared statements.
SHARED_POOL_SIZE = 8


@dataclass
class _Shared:
    pool: AsyncConnectionPool[Any]
    opening: asyncio.Future[None]
    users: int = 0


# Keyed by the loop object, dropped with it: a pool is bound to the loop it was opened in.
_SHARED: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, _Shared]] = weakref.WeakKeyDictionary()


async def acquire_pool(dsn: str) -> AsyncConnectionPool[Any]:
    """The process's pool to `dsn` in the running event loop, opened by its first user; give it back with
    `release_pool`. Raises PoolTimeout when no connection comes within CONNECT_TIMEOUT_S."""
    pools = _SHARED.setdefault(asyncio.get_running_loop(), {})
    shared = pools.get(dsn)
    if shared is None:  # registered before the first await, so users arriving meanwhile wait for the same pool
        pool = open_pool(dsn, max_size=SHARED_POOL_SIZE)
        shared = pools[dsn] = _Shared(pool, asyncio.ensure_future(pool.open(wait=True, timeout=CONNECT_TIMEOUT_S)))
    try:
        await asyncio.shield(shared.opening)
    except Exception:  # a later user tries again with a new pool
        if pools.get(dsn) is shared:
            del pools[dsn]
            await shared.pool.close()
        raise
    shared.users += 1
    return shared.pool


async def release_pool(pool: AsyncConnectionPool[Any]) -> None:
    """One user less of a shared pool; the last one closes it (its tasks must not outlive the loop)."""
    pools = _SHARED.get(asyncio.get_running_loop(), {})
    for dsn, shared in list(pools.items()):
        if shared.pool is pool:
            shared.users -= 1
            if shared.users <= 0:
                del pools[dsn]
                await pool.close()
            return
    await pool.close()  # not shared in this loop (opened elsewhere): close it as its only user


@asynccontextmanager
async def open_checkpoint_pool(conn_string: str, *, max_size: int = 8) -> AsyncIterator[AsyncConnectionPool[Any]]:
    """The checkpointer's pool, opened (failing fast with the fix when PostgreSQL is unreachable) and closed."""
    pool = open_pool(conn_string, max_size=max_size, name="editorial_ai-checkpoints", prepare_threshold=0)
    try:
        await pool.open(wait=True, timeout=CONNECT_TIMEOUT_S)
    except PoolTimeout as exc:
        await pool.close()
        raise PostgresUnavailableError(
            f"cannot open the checkpointer's connections to PostgreSQL at {describe_dsn(conn_string)} within "
            f"{CONNECT_TIMEOUT_S} s; check DATABASE_URL (is the server running and reachable?)"
        ) from exc
    try:
        yield pool
    finally:
        await pool.close()
