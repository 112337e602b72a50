"""The SQLite checkpointer: WAL, how often a commit waits for the disk, and one thread hop per operation.

Measured here (docs/benchmarks.md): an fsync costs about 7 ms and a run writes some twenty checkpoints and write
sets, so with `synchronous=FULL` a run spent about 140 ms waiting for the disk, behind the one connection every
concurrent run shares. In WAL mode `synchronous=NORMAL` syncs at WAL checkpoints instead of at every commit: a
killed process loses nothing (committed pages are in the WAL file, in the operating system's cache); only a power
cut or a kernel crash can roll back the last commits, and the database stays consistent, so the run resumes from
an earlier checkpoint and its last nodes run again. `EDITORIAL_AI_CHECKPOINT_SYNC=full` buys durability against
power loss at the measured cost.

langgraph's AsyncSqliteSaver goes through aiosqlite, which hands every cursor step (execute, fetch, close, commit)
to its thread: about 145 hand-offs per run, each a wake-up and a wait for the GIL. This saver runs langgraph's own
synchronous SqliteSaver operations instead. With `synchronous=NORMAL` a commit writes to the WAL without waiting
for the disk (0.16 ms measured), less than a hand-off costs, so each operation runs on the event loop itself; with
`synchronous=FULL` every commit waits for an fsync, so each operation runs whole in a worker thread (one hand-off).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal, TypeVar

from langgraph.checkpoint.base import ChannelVersions, Checkpoint, CheckpointMetadata, CheckpointTuple
from langgraph.checkpoint.sqlite import SqliteSaver

CheckpointSync = Literal["normal", "full"]
T = TypeVar("T")


class ThreadedSqliteSaver(SqliteSaver):
    """langgraph's SqliteSaver with its async API: each operation runs whole, inline or in one worker thread."""

    def __init__(self, conn: sqlite3.Connection, *, inline: bool = False) -> None:
        """Use `conn`; `inline` runs operations on the event loop (for commits that do not wait for the disk)."""
        super().__init__(conn)
        self.inline = inline

    async def _call(self, fn: Callable[[], T]) -> T:
        return fn() if self.inline else await asyncio.to_thread(fn)

    async def aget_tuple(self, config: Any) -> CheckpointTuple | None:
        """See SqliteSaver.get_tuple."""
        return await self._call(lambda: self.get_tuple(config))

    async def alist(
        self, config: Any, *, filter: dict[str, Any] | None = None, before: Any = None, limit: int | None = None
    ) -> AsyncIterator[CheckpointTuple]:
        """See SqliteSaver.list (read whole at once: the lists a run asks for are short)."""
        for item in await self._call(lambda: list(self.list(config, filter=filter, before=before, limit=limit))):
            yield item

    async def aput(
        self, config: Any, checkpoint: Checkpoint, metadata: CheckpointMetadata, new_versions: ChannelVersions
    ) -> Any:
        """See SqliteSaver.put."""
        return await self._call(lambda: self.put(config, checkpoint, metadata, new_versions))

    async def aput_writes(
        self, config: Any, writes: Sequence[tuple[str, Any]], task_id: str, task_path: str = ""
    ) -> None:
        """See SqliteSaver.put_writes."""
        await self._call(lambda: self.put_writes(config, writes, task_id, task_path))

    async def adelete_thread(self, thread_id: str) -> None:
        """See SqliteSaver.delete_thread."""
        await self._call(lambda: self.delete_thread(thread_id))

    async def aget_delta_channel_history(self, *, config: Any, channels: Sequence[str]) -> Mapping[str, Any]:
        """See SqliteSaver.get_delta_channel_history."""
        return await self._call(lambda: self.get_delta_channel_history(config=config, channels=channels))


def _connect(path: Path, sync: CheckpointSync) -> sqlite3.Connection:
    # check_same_thread=False: the saver serialises every use of the connection behind its own lock.
    conn = sqlite3.connect(str(path), check_same_thread=False, timeout=30.0)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute(f"PRAGMA synchronous={sync.upper()}")
    return conn


@asynccontextmanager
async def open_sqlite_saver(path: Path, sync: CheckpointSync = "normal") -> AsyncIterator[ThreadedSqliteSaver]:
    """A checkpointer on the SQLite file `path` in WAL mode with `synchronous` set to `sync`."""
    if sync not in ("normal", "full"):
        raise ValueError(f"checkpoint sync must be 'normal' or 'full' (EDITORIAL_AI_CHECKPOINT_SYNC), not {sync!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = await asyncio.to_thread(_connect, path, sync)
    try:
        saver = ThreadedSqliteSaver(conn, inline=sync == "normal")
        await asyncio.to_thread(saver.setup)
        yield saver
    finally:
        await asyncio.to_thread(conn.close)
