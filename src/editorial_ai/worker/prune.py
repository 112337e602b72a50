"""Checkpoints of a finished run: keep what the audit and the attempt diff read, delete the rest.

A run writes a checkpoint after every node (some twenty per attempt); once it has ended (published, rejected, or
stopped with nothing to write about) nobody resumes it again, and only three kinds stay useful:

* the latest checkpoint: the final state (status, every review, the feedback history, token usage), which
  `status`, `logs` and the content page read;
* the last checkpoint of every draft version: that attempt's draft as reviewed, with its review, which the
  admin UI's attempt list and side-by-side diff read (api/views.py `load_attempts`);
* every checkpoint where the run waited at the human gate: the draft exactly as the editor decided on it.

The decision log itself (who decided what, when) lives in `review_events`, never in checkpoints. Failed runs are
not pruned: a retry runs again from the checkpoint before the node that failed.
"""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from editorial_ai.pipeline.runner import Pipeline


@dataclass(frozen=True)
class Pruned:
    kept: int
    deleted: int


async def checkpoints_to_keep(pipeline: Pipeline, thread_id: str) -> tuple[set[str], set[str]]:
    """(ids to keep, every id) of the thread's checkpoints (root namespace)."""
    keep: set[str] = set()
    every: set[str] = set()
    versions: set[int] = set()
    config = {"configurable": {"thread_id": thread_id}}
    async for snapshot in pipeline.graph.aget_state_history(config):  # newest first
        checkpoint_id = str(snapshot.config["configurable"]["checkpoint_id"])
        every.add(checkpoint_id)
        version = int((snapshot.values or {}).get("draft_version") or 0)
        if not keep or (version and version not in versions) or "human_decision" in (snapshot.next or ()):
            keep.add(checkpoint_id)
        versions.add(version)
    return keep, every


async def prune_finished_run(pipeline: Pipeline, thread_id: str, checkpoint_path: Path | None) -> Pruned:
    """Delete the checkpoints (and their pending writes and unreferenced blobs) that are not kept."""
    keep, every = await checkpoints_to_keep(pipeline, thread_id)
    doomed = every - keep
    if not doomed:
        return Pruned(len(keep), 0)
    saver: Any = pipeline.graph.checkpointer
    pool = getattr(saver, "conn", None)
    if pool is not None and hasattr(pool, "connection") and checkpoint_path is None:
        await _prune_postgres(pool, thread_id, sorted(keep))
    elif checkpoint_path is not None:
        await asyncio.to_thread(_prune_sqlite, checkpoint_path, thread_id, sorted(keep))
    else:  # pragma: no cover - a checkpointer this module does not know: keep everything
        return Pruned(len(every), 0)
    return Pruned(len(keep), len(doomed))


async def _prune_postgres(pool: Any, thread_id: str, keep: list[str]) -> None:
    async with pool.connection() as conn, conn.transaction():
        await conn.execute(
            "DELETE FROM checkpoints WHERE thread_id = %s AND checkpoint_ns = '' AND NOT (checkpoint_id = ANY(%s))",
            (thread_id, keep),
        )
        await conn.execute(
            "DELETE FROM checkpoint_writes WHERE thread_id = %s AND checkpoint_ns = ''"
            " AND NOT (checkpoint_id = ANY(%s))",
            (thread_id, keep),
        )
        # Channel values are stored once per version and shared by checkpoints: drop those no kept one names.
        await conn.execute(
            "DELETE FROM checkpoint_blobs b WHERE b.thread_id = %s AND b.checkpoint_ns = '' AND NOT EXISTS ("
            " SELECT 1 FROM checkpoints c, jsonb_each_text(c.checkpoint -> 'channel_versions') v"
            " WHERE c.thread_id = b.thread_id AND c.checkpoint_ns = b.checkpoint_ns AND v.key = b.channel"
            " AND v.value = b.version)",
            (thread_id,),
        )


def _prune_sqlite(path: Path, thread_id: str, keep: list[str]) -> None:
    marks = ", ".join("?" for _ in keep)
    conn = sqlite3.connect(path, timeout=30, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        for table in ("checkpoints", "writes"):
            conn.execute(
                f"DELETE FROM {table} WHERE thread_id = ? AND checkpoint_ns = '' AND checkpoint_id NOT IN ({marks})",
                (thread_id, *keep),
            )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    finally:
        conn.close()
