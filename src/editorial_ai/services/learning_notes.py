"""Reviewer notes as the editors control them: a note teaches the writer only once an editor approved it, can be
switched off or on again, and can be edited (the edited words teach, the original stays in the log).

Every action is an event appended to the note's content (`note_approved`, `note_off`, `note_on`, `note_edited`),
so the decision log keeps who changed what and when; the state of a note is its latest action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from editorial_ai.models.content_record import DecisionEvent
from editorial_ai.models.state_json import JsonObject
from editorial_ai.services.learning_text import sanitize_note
from editorial_ai.store.contents import ContentRepository

NOTE_ACTIONS = {"approve": "note_approved", "off": "note_off", "on": "note_on", "edit": "note_edited"}
NOTE_EVENTS = frozenset(NOTE_ACTIONS.values())
PENDING, APPROVED, OFF = "waiting for approval", "approved", "switched off"


@dataclass(frozen=True)
class NoteState:
    """Where one note stands: its status, the words that teach (edited or original) and who acted last."""

    status: str
    text: str | None = None  # the edited words; None: the note's own
    by: str = ""
    at: str = ""

    @property
    def teaches(self) -> bool:
        return self.status == APPROVED


def note_text(payload: Mapping[str, Any]) -> str:
    """The note a decision carries: its feedback, else its review form's notes."""
    return str(payload.get("feedback") or (payload.get("review_form") or {}).get("notes") or "")


def note_states(events: Iterable[DecisionEvent]) -> dict[int, NoteState]:
    """Note event id -> its state after every note action in `events` (oldest first)."""
    states: dict[int, NoteState] = {}
    for event in events:
        kind = event.decision
        if kind not in NOTE_EVENTS:
            continue
        payload = event.payload
        try:
            note = int(str(payload.get("note_event")))
        except (TypeError, ValueError):
            continue
        before = states.get(note, NoteState(PENDING))
        by, at = event.reviewer, event.created_at
        if kind == "note_edited":
            # Editing is approving the new words: the editor wrote them.
            states[note] = NoteState(APPROVED, str(payload.get("text") or ""), by, at)
        elif kind == "note_off":
            states[note] = NoteState(OFF, before.text, by, at)
        else:  # approved, or switched on again
            states[note] = NoteState(APPROVED, before.text, by, at)
    return states


@dataclass(frozen=True)
class NoteRow:
    """One note for the guidance page and `learning notes`."""

    event_id: int
    content_id: str
    reviewer: str
    created_at: str
    decision: str
    original: str
    state: NoteState

    @property
    def teaching_text(self) -> str:
        return sanitize_note(self.state.text if self.state.text is not None else self.original)


def note_rows(events: Iterable[DecisionEvent]) -> list[NoteRow]:
    """Every decision event that carries a note, newest first, with its state."""
    listed = list(events)
    states = note_states(listed)
    rows = []
    for event in listed:
        text = note_text(event.payload)
        if event.decision in NOTE_EVENTS or not text.strip():
            continue
        rows.append(NoteRow(event.id, event.content_id, event.reviewer, event.created_at, event.decision, text,
                            states.get(event.id, NoteState(PENDING))))
    return sorted(rows, key=lambda r: -r.event_id)


def check_edit(text: str) -> str:
    """An editor's new words for a note: sanitized like any note; ValueError naming the fix when nothing is left."""
    cleaned = sanitize_note(text)
    if not cleaned:
        raise ValueError("the edited note is empty once cleaned (no instructions, code or markup are kept); "
                         "write what the writer should do differently, in plain words")
    return cleaned


class NoteActionError(ValueError):
    """A note action that cannot be taken; the message names the fix."""


async def act_on_note(contents: ContentRepository, content_id: str, note_event: int, action: str, reviewer: str,
                      text: str | None = None) -> int:
    """Record an editor's action on one note (approve, off, on, edit) as an event of the note's content; the id
    of the new event. NoteActionError when the note or the action does not exist."""
    if action not in NOTE_ACTIONS:
        raise NoteActionError(f"unknown note action {action!r}; use one of {', '.join(NOTE_ACTIONS)}")
    events = await contents.events(content_id)
    source = next((e for e in events if e.id == note_event), None)
    if source is None or source.decision in NOTE_EVENTS or not note_text(source.payload).strip():
        raise NoteActionError(f"content {content_id} has no note with event id {note_event}; the guidance page "
                              "and `editorial-ai learning notes` list them")
    payload: JsonObject = {"note_event": note_event}
    if action == "edit":
        payload["text"] = check_edit(text or "")
        payload["original"] = note_text(source.payload)
    return int(await contents.record_event(content_id=content_id, thread_id=source.thread_id,
                                           decision=NOTE_ACTIONS[action], reviewer=reviewer, payload=payload))
