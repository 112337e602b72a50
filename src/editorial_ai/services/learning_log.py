"""Which guidance went into which run: one JSON line per run that asked the learning loop, kept next to the data.

The guidance page reads it to say which drafts a note or a trigger shaped; nothing is ever rewritten (a run that
asks again, a revision, appends another line).
"""

from __future__ import annotations

import json
import logging
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)
_LOCK = threading.Lock()
FILE_NAME = "learning_injections.jsonl"


def log_path(data_dir: Path) -> Path:
    return Path(data_dir) / FILE_NAME


def log_injection(data_dir: Path, record: dict[str, Any]) -> None:
    """Append one run's injection record; a disk problem is logged, never raised (learning cannot fail a run)."""
    line = json.dumps({"at": datetime.now(UTC).isoformat(), **record}, ensure_ascii=False, default=str) + "\n"
    path = log_path(data_dir)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _LOCK, path.open("a", encoding="utf-8") as handle:
            handle.write(line)
    except OSError as exc:
        logger.warning("learning: injection log %s not written: %s", path, exc)


def read_injections(data_dir: Path, limit: int = 2000) -> list[dict[str, Any]]:
    """The latest `limit` injection records, oldest first (corrupt lines skipped)."""
    path = log_path(data_dir)
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines()[-limit:]:
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return out
