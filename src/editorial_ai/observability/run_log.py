"""Append-only JSONL run logs, one file per thread (seed 001 section 8.3)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)


class RunLog:
    """Writes and reads `{log_dir}/{thread_id}.jsonl`; write failures are logged, never raised."""

    def __init__(self, log_dir: Path) -> None:
        self.log_dir = Path(log_dir)
        self._dir_made = False  # one mkdir per process, not one per node of every run

    def path(self, thread_id: str) -> Path:
        """The log file of a thread."""
        safe = "".join(ch for ch in thread_id if ch.isalnum() or ch in "-_") or "unknown"
        return self.log_dir / f"{safe}.jsonl"

    def append(self, thread_id: str, record: dict[str, Any]) -> None:
        """Append one record (fire-and-forget)."""
        line = json.dumps(record, default=str, ensure_ascii=False) + "\n"
        try:
            if not self._dir_made:
                self.log_dir.mkdir(parents=True, exist_ok=True)
                self._dir_made = True
            try:
                self._write(thread_id, line)
            except FileNotFoundError:  # the folder was removed while the process ran
                self.log_dir.mkdir(parents=True, exist_ok=True)
                self._write(thread_id, line)
        except Exception:
            logger.warning("could not write run log for %s", thread_id, exc_info=True)

    def _write(self, thread_id: str, line: str) -> None:
        with self.path(thread_id).open("a", encoding="utf-8") as fh:
            fh.write(line)

    def read(self, thread_id: str) -> list[dict[str, Any]]:
        """All records of a thread, skipping corrupt lines."""
        path = self.path(thread_id)
        if not path.exists():
            return []
        records = []
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                continue
        return records


def summarize_runs(records: list[dict[str, Any]], status: str) -> dict[str, Any]:
    """The logs endpoint's `runs` + `summary` (seed 001 section 6.3)."""
    runs = [
        {
            "node_name": r.get("node_name"),
            "status": r.get("status"),
            "duration_ms": r.get("duration_ms", 0.0),
            "token_usage": [
                {k: u.get(k) for k in ("prompt_tokens", "completion_tokens", "model_name")}
                for u in r.get("token_usage", [])
            ],
            "total_tokens": r.get("total_tokens", 0),
            "started_at": r.get("started_at"),
            "error": r.get("error"),
            "outcome": r.get("outcome"),  # "pass"/"fail" for a review step, "replay" for a no-op re-run, else None
        }
        for r in records
        if r.get("kind", "node") == "node"
    ]
    return {
        "runs": runs,
        "summary": {
            "node_count": len(runs),
            "total_duration_ms": round(sum(r["duration_ms"] or 0 for r in runs), 1),
            "total_tokens": sum(r["total_tokens"] or 0 for r in runs),
            "status": status,
        },
    }
