"""A small pool of SQLite connections, so a process reuses connections instead of opening one per query."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

IDLE_CONNECTIONS = 4


class SqliteConnectionPool:
    """Connections to one SQLite file, reused across calls instead of opened per query.

    A connection serves one thread at a time (taken, used, returned); at most `idle` wait between calls. A
    forked child never reuses its parent's connections.
    """

    def __init__(self, db_path: Path, idle: int = IDLE_CONNECTIONS, *, pragmas: tuple[str, ...] = ()) -> None:
        """Pool connections to `db_path`, keeping at most `idle` open between calls; each new connection runs
        `pragmas` (per-connection settings such as `synchronous=NORMAL`) once."""
        self.db_path = db_path
        self.idle = idle
        self.pragmas = pragmas
        self._free: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._pid = os.getpid()

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.db_path, timeout=30.0, isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        for pragma in self.pragmas:
            conn.execute(f"PRAGMA {pragma}")
        return conn

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        """A connection for the duration of the block; a failed one is closed rather than reused."""
        with self._lock:
            if self._pid != os.getpid():  # after fork: the parent's connections are not ours to use
                self._free, self._pid = [], os.getpid()
            conn = self._free.pop() if self._free else None
        conn = conn or self._open()
        try:
            yield conn
        except BaseException:
            conn.close()
            raise
        if conn.in_transaction:  # never hand on a connection inside someone's transaction
            conn.close()
            return
        with self._lock:
            if len(self._free) < self.idle and self._pid == os.getpid():
                self._free.append(conn)
                return
        conn.close()

    def close(self) -> None:
        """Close the idle connections; the pool stays usable and opens new ones on demand."""
        with self._lock:
            free, self._free = self._free, []
        for conn in free:
            conn.close()
