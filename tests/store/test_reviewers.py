"""Named reviewers: keys shown once, stored only as scrypt hashes, found by their key id."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from editorial_ai.store.reviewers import ReviewerError, ReviewerStore


def test_a_key_is_returned_once_and_never_stored_in_clear(tmp_path: Path) -> None:
    store = ReviewerStore(tmp_path / "reviewers.json")
    reviewer, key = store.add("Mina Park")
    raw = (tmp_path / "reviewers.json").read_text(encoding="utf-8")
    secret = key.split("_", 2)[2]
    assert key not in raw and secret not in raw
    assert json.loads(raw)["reviewers"][0]["key_hash"].startswith("scrypt$")
    assert stat.S_IMODE((tmp_path / "reviewers.json").stat().st_mode) == 0o600
    assert store.authenticate(key) == "Mina Park" == reviewer.name
    assert ReviewerStore(tmp_path / "reviewers.json").authenticate(key) == "Mina Park"  # another process


def test_wrong_and_malformed_keys_name_nobody(tmp_path: Path) -> None:
    store = ReviewerStore(tmp_path / "reviewers.json")
    _, key = store.add("Mina")
    assert store.authenticate(key[:-1] + ("A" if key[-1] != "A" else "B")) is None
    assert store.authenticate("ea_00000000_" + "x" * 43) is None
    assert store.authenticate("") is None and store.authenticate("admin") is None


def test_names_are_unique_and_admin_is_reserved(tmp_path: Path) -> None:
    store = ReviewerStore(tmp_path / "reviewers.json")
    store.add("Mina")
    with pytest.raises(ReviewerError, match="already exists"):
        store.add("mina")
    with pytest.raises(ReviewerError, match="ADMIN_API_KEY"):
        store.add("Admin")
    with pytest.raises(ReviewerError, match="letters, digits"):
        store.add("<script>")
    assert [r.name for r in store.list()] == ["Mina"]


def test_removing_a_reviewer_revokes_the_key(tmp_path: Path) -> None:
    store = ReviewerStore(tmp_path / "reviewers.json")
    _, key = store.add("Mina")
    assert store.authenticate(key) == "Mina"
    assert store.remove("Mina") and not store.remove("Mina")
    assert store.authenticate(key) is None


def test_a_corrupt_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "reviewers.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ReviewerError, match="not valid"):
        ReviewerStore(tmp_path / "reviewers.json").list()


async def test_sessions_record_the_reviewer_and_old_tables_gain_the_column(tmp_path: Path) -> None:
    import sqlite3
    from datetime import timedelta

    from editorial_ai.store.sessions import SqliteSessionStore

    db = tmp_path / "editorial.db"
    with sqlite3.connect(db) as conn:  # a table from before named reviewers
        conn.execute(
            "CREATE TABLE admin_sessions (id_hash TEXT PRIMARY KEY, csrf_token TEXT NOT NULL, "
            "authenticated INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, expires_at TEXT NOT NULL, "
            "revoked_at TEXT)"
        )
    store = SqliteSessionStore(db)
    await store.initialize()
    await store.initialize()  # idempotent
    cookie, _ = await store.create(authenticated=True, ttl=timedelta(hours=1), reviewer="Mina Park")
    session = await store.get(cookie)
    assert session is not None and session.reviewer == "Mina Park"
    admin_cookie, _ = await store.create(authenticated=True, ttl=timedelta(hours=1))
    admin = await store.get(admin_cookie)
    assert admin is not None and admin.reviewer == "admin"
