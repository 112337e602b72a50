"""Admin UI sessions on SQLite and PostgreSQL: hashed ids, expiry, revocation, a fresh store sees them."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from editorial_ai.config import Settings
from editorial_ai.store.sessions import SessionStore, SqliteSessionStore, hash_id, open_sessions

from .conftest import BACKENDS, SchemaPool


@pytest.fixture(params=BACKENDS)
def new_store(request: pytest.FixtureRequest, tmp_path: Path) -> object:
    """A factory of stores on one database (each call: a new store object, as after a restart)."""
    if request.param == "postgres":
        pool: SchemaPool = request.getfixturevalue("pg_schemas")
        schema = pool.new()
        settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, DATABASE_URL=pool.dsn, EDITORIAL_AI_DB_SCHEMA=schema)
        return lambda: open_sessions(settings)
    return lambda: SqliteSessionStore(tmp_path / "editorial.db")


async def test_create_get_revoke_and_survive_a_new_store(new_store: object) -> None:
    store: SessionStore = new_store()  # type: ignore[operator]
    await store.initialize()
    session_id, session = await store.create(authenticated=True, ttl=timedelta(hours=1))
    assert session.id_hash == hash_id(session_id) != session_id and len(session.csrf_token) >= 32
    again: SessionStore = new_store()  # type: ignore[operator]
    await again.initialize()
    found = await again.get(session_id)
    assert found is not None and found.authenticated and found.csrf_token == session.csrf_token
    await again.revoke(session_id)
    assert await store.get(session_id) is None
    assert await store.get("not-a-session") is None


async def test_expired_sessions_are_not_returned_and_are_pruned(new_store: object) -> None:
    store: SessionStore = new_store()  # type: ignore[operator]
    await store.initialize()
    old_id, _ = await store.create(authenticated=False, ttl=timedelta(seconds=-1))
    assert await store.get(old_id) is None
    live_id, _ = await store.create(authenticated=False, ttl=timedelta(hours=1))
    assert await store.get(live_id) is not None


async def test_a_session_keeps_its_credential_and_a_reviewer_s_sessions_end_together(new_store: object) -> None:
    store: SessionStore = new_store()  # type: ignore[operator]
    await store.initialize()
    ttl = timedelta(hours=1)
    mina = [await store.create(authenticated=True, ttl=ttl, reviewer="Mina Park", credential="reviewer:0a1b2c3d")
            for _ in range(2)]
    admin_id, _ = await store.create(authenticated=True, ttl=ttl, credential="admin:deadbeef")
    found = await store.get(mina[0][0])
    assert found is not None and found.reviewer == "Mina Park" and found.credential == "reviewer:0a1b2c3d"
    assert await store.revoke_reviewer("mina park") == 2  # names compare as the reviewers file does
    assert [await store.get(session_id) for session_id, _ in mina] == [None, None]
    assert await store.get(admin_id) is not None and await store.revoke_reviewer("Mina Park") == 0
