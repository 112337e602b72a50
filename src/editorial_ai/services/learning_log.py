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
from typing import TypedDict

from editorial_ai.models.state_json import JsonObject

logger = logging.getLogger(__name__)
_LOCK = threading.Lock()
FILE_NAME = "learning_injections.jsonl"


class InjectedNote(TypedDict):
    note_event: int
    text: str


class InjectionRecord(TypedDict, total=False):
    """One run's line: what the learning loop put into its prompts, and every decision it took."""

    at: str  # ISO-8601, added when the line is written
    thread_id: str
    content_type: str
    subcategory: str
    notes: list[InjectedNote]
    triggers: list[str]
    guidance: dict[str, str]  # placeholder -> the text put into it
    example_source: str
    decisions: list[JsonObject]


def log_path(data_dir: Path) -> Path:
    return Path(data_dir) / FILE_NAME


def log_injection(data_dir: Path, record: InjectionRecord) -> None:
    """Append one run's injection record; a disk problem is logged, never raised (learning cannot fail a run)."""
    line = json.dumps({"at": datetime.now(UTC).isoformat(), **record}, ensure_ascii=False, default=str) + "\n"
    path = log_path(data_dir)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _LOCK, path.open("a", encoding="utf-8") as handle:
            handle.write(line)
    except OSError as exc:
        logger.warning("learning: injection log %s not written: %s", path, exc)


def read_injections(data_dir: Path, limit: int = 2000) -> list[InjectionRecord]:
    """The latest `limit` injection records, oldest first (corrupt lines skipped)."""
    path = log_path(data_dir)
    if not path.exists():
        return []
    out: list[InjectionRecord] = []
    for line in path.read_text(encoding="utf-8").splitlines()[-limit:]:
        try:
            out.append(json.loads(line))  # each line is one record log_injection wrote
        except json.JSONDecodeError:
            continue
    return out
