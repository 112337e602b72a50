"""Shared plumbing of the reliability checks: isolated backends, runs parked at the human gate, audits.

Every check works in a fresh data directory (and, on PostgreSQL, a throw-away schema dropped afterwards) with
the scripted model, so no real LLM and no shared state are involved.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_PG_URL = "postgresql://postgres@127.0.0.1:5432/test"
SCRIPTS = Path(__file__).resolve().parent


@dataclass
class Backend:
    """Where one check keeps its state: the environment every process of the check runs with."""

    name: str
    data_dir: Path
    env: dict[str, str] = field(default_factory=dict)
    schema: str | None = None
    dsn: str | None = None

    def settings(self) -> Any:
        from editorial_ai.config import Settings

        return Settings(**{k: v for k, v in self.env.items() if k.startswith("EDITORIAL_AI_") or k == "DATABASE_URL"})

    def process_env(self) -> dict[str, str]:
        """os.environ without ambient EDITORIAL_AI_* / DATABASE_URL settings, plus this backend's."""
        base = {k: v for k, v in os.environ.items()
                if not k.startswith("EDITORIAL_AI_") and k not in ("DATABASE_URL", "SUPABASE_URL")}
        return {**base, **self.env, "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}


def postgres_url() -> str | None:
    """DATABASE_URL, or the local server when 127.0.0.1:5432 accepts connections; None when neither."""
    url = os.environ.get("DATABASE_URL") or os.environ.get("EDITORIAL_AI_TEST_DATABASE_URL")
    if url:
        return url
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            return DEFAULT_PG_URL
    except OSError:
        return None


def available_backends(requested: list[str]) -> tuple[list[str], list[str]]:
    """(backends to run, notes about skipped ones)."""
    run, notes = [], []
    for name in requested:
        if name == "postgres" and postgres_url() is None:
            notes.append("postgres skipped: no DATABASE_URL and nothing listening on 127.0.0.1:5432")
            continue
        run.append(name)
    return run, notes


@contextmanager
def isolated_backend(name: str, model: str = "scripted:happy") -> Iterator[Backend]:
    """A fresh data dir (and PostgreSQL schema), removed afterwards."""
    data_dir = Path(tempfile.mkdtemp(prefix=f"eai-reliability-{name}-"))
    env = {"EDITORIAL_AI_DATA_DIR": str(data_dir), "EDITORIAL_AI_MODEL": model, "EDITORIAL_AI_STORAGE": name}
    backend = Backend(name, data_dir, env)
    if name == "postgres":
        dsn = postgres_url()
        if dsn is None:
            raise RuntimeError("PostgreSQL is not reachable: set DATABASE_URL or start the local server")
        backend.dsn, backend.schema = dsn, f"eai_rel_{uuid.uuid4().hex[:12]}"
        env.update(DATABASE_URL=dsn, EDITORIAL_AI_DB_SCHEMA=backend.schema)
    try:
        yield backend
    finally:
        if backend.schema and backend.dsn:
            import psycopg
            from psycopg import sql

            with psycopg.connect(backend.dsn, autocommit=True) as conn:
                conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(backend.schema)))
        shutil.rmtree(data_dir, ignore_errors=True)


async def park_runs(backend: Backend, count: int) -> list[tuple[str, str]]:
    """Start `count` scripted runs and leave them waiting at the human gate: [(content_id, thread_id)]."""
    from editorial_ai.pipeline.runner import open_pipeline

    parked = []
    async with open_pipeline(backend.settings()) as pipeline:
        for _ in range(count):
            outcome = await pipeline.start({"seed_keyword": "Jennie Effect"})
            if not outcome.waiting_for_human:
                raise RuntimeError(f"scripted run did not reach the gate: {outcome.summary()}")
            parked.append((str(outcome.state["current_draft_id"]), outcome.thread_id))
    return parked


@dataclass
class Audit:
    """What the durable state says about one content after a check."""

    status: str
    events: list[str]
    pipeline_status: str
    waiting: bool
    next_nodes: tuple[str, ...]
    claim_open: bool
    publish_runs: int

    def consistent(self) -> bool:
        """Thread and content agree: published/rejected runs are finished, pending ones wait at the gate."""
        if self.claim_open:
            return False
        if self.status == "published":
            return self.pipeline_status == "published" and not self.next_nodes
        if self.status == "rejected":
            return self.pipeline_status == "rejected" and not self.next_nodes
        if self.status in ("pending", "escalated"):
            return self.waiting
        return False


async def audit(backend: Backend, content_id: str, thread_id: str) -> Audit:
    """Read contents, decision events, the checkpoint and the run log of one content."""
    from editorial_ai.pipeline.runner import open_pipeline

    async with open_pipeline(backend.settings()) as pipeline:
        content = await pipeline.deps.contents.get(content_id)
        events = await pipeline.deps.contents.events(content_id)
        outcome = await pipeline.outcome(thread_id)
        records = pipeline.deps.run_log.read(thread_id)
    assert content is not None
    # A publish re-run that found the page already published is logged with outcome "replay" (a designed no-op),
    # not counted as a publish.
    publish_runs = sum(1 for r in records if r.get("node_name") == "publish" and r.get("status") == "success"
                       and r.get("outcome") != "replay")
    return Audit(content.status, [e.decision for e in events],
                 str(outcome.state.get("pipeline_status")), outcome.waiting_for_human, outcome.next_nodes,
                 bool(content.claim_token), publish_runs)


def emit(result: dict[str, Any]) -> None:
    """The one machine-readable line a check prints last (run_all.py reads it)."""
    print("RESULT " + json.dumps(result, sort_keys=True), flush=True)


def python() -> str:
    return sys.executable
