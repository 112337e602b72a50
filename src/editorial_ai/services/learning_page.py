"""The guidance page's data: the guidance in force, the notes that produce it (with their state), and which runs
each note and trigger shaped (from the injection log)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from editorial_ai.services.learning_context import SCAN_EVENTS, LearningContentType, LearningStats, learning_stats
from editorial_ai.services.learning_log import read_injections
from editorial_ai.services.learning_notes import NoteRow, note_rows
from editorial_ai.store.contents import ContentRepository


@dataclass
class ShapedRun:
    """A run the guidance went into."""

    thread_id: str
    content_id: str | None
    title: str
    at: str


@dataclass
class GuidancePage:
    stats: LearningStats
    notes: list[NoteRow]
    runs_by_note: dict[int, list[ShapedRun]] = field(default_factory=dict)
    runs_by_trigger: dict[str, list[ShapedRun]] = field(default_factory=dict)
    # The latest injection records, newest first, each with the run it shaped under "run".
    recent: list[dict[str, object]] = field(default_factory=list)


async def guidance_page(contents: ContentRepository, content_type: LearningContentType, data_dir: Path, *,
                        disabled: Iterable[str] = ()) -> GuidancePage:
    """Everything the page shows for one content type."""
    stats = await learning_stats(contents, content_type, "", disabled=disabled)
    notes = note_rows(await contents.recent_events(content_type.name, limit=SCAN_EVENTS))
    page = GuidancePage(stats, notes)
    shaped: dict[str, ShapedRun] = {}
    for record in reversed(read_injections(data_dir)):
        if record.get("content_type") != content_type.name:
            continue
        thread = str(record.get("thread_id") or "")
        if thread not in shaped:
            row = await contents.get_by_thread(thread)
            shaped[thread] = ShapedRun(thread, row.id if row else None, row.title if row else "",
                                       str(record.get("at") or ""))
        run = shaped[thread]
        for note in record.get("notes") or []:
            runs = page.runs_by_note.setdefault(int(note.get("note_event") or 0), [])
            if run not in runs:
                runs.append(run)
        for trigger in record.get("triggers") or []:
            runs = page.runs_by_trigger.setdefault(str(trigger), [])
            if run not in runs:
                runs.append(run)
        if len(page.recent) < 20:
            page.recent.append({**record, "run": run})
    return page
