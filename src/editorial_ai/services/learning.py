"""Learning from human reviews (seed 003): the last reviews of a subcategory become prompt guidance.

Decisions are append-only events, so feedback given before a later approval is still counted. The last ten
reviews of the subcategory (the run's category for articles, the product category for specs) are aggregated
into boolean triggers with fixed thresholds (proportional when fewer exist); each trigger injects its
content type's fragments into `{{PLACEHOLDER}}`s; reviewer notes go in only sanitized and quoted as data
(`prompts/sanitize.py`). Every injection decision (made, below threshold, switched off) is kept on the signal
and logged. Operators switch triggers off with EDITORIAL_AI_LEARNING_DISABLED (config.py).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from editorial_ai.models.content_record import DecisionEvent
from editorial_ai.models.state_json import JsonObject
from editorial_ai.prompts.sanitize import quote_as_data
from editorial_ai.services.learning_notes import NoteState, note_text
from editorial_ai.services.learning_text import MAX_EXAMPLE_CHARS, MAX_NOTE_CHARS, missing_fields, redact, sanitize_note

__all__ = [
    "MAX_EXAMPLE_CHARS",
    "LearningSignal",
    "aggregate",
    "fill_placeholders",
    "missing_fields",
    "redact",
    "sanitize_note",
]

logger = logging.getLogger(__name__)

WINDOW = 10
EDITORIAL_PLACEHOLDER = "{{EDITORIAL_REVIEW}}"
EXAMPLE_PLACEHOLDER = "{{EXAMPLE_ITEM}}"
# Reviews needed out of WINDOW for each trigger to fire (seed 003's defaults).
THRESHOLDS: dict[str, int] = {
    "bad_format": 3,
    "wrong_information": 3,
    "wrong_physical_dimensions": 2,
    "missing_spec": 2,
    "information_missing": 4,
}
# flag -> the (placeholder, guidance) fragments it injects; a content type may declare its own (content_types/).
Fragments = Mapping[str, Sequence[tuple[str, str]]]
ARTICLE_FRAGMENTS: Fragments = {
    "bad_format": [
        (
            EDITORIAL_PLACEHOLDER,
            "Reviewers often flag the structure: keep every field filled, two or "
            "more body paragraphs, hashtags starting with #.",
        )
    ],
    "wrong_information": [
        (
            EDITORIAL_PLACEHOLDER,
            "Reviewers often find wrong facts: state only what the source material says about each person and product.",
        )
    ],
    "wrong_physical_dimensions": [
        (
            EDITORIAL_PLACEHOLDER,
            "Reviewers often find wrong sizes or units: do not state measurements the sources do not give.",
        )
    ],
    "missing_spec": [
        (
            EDITORIAL_PLACEHOLDER,
            "Reviewers often miss product details: name the product and brand "
            "exactly as the sources list them, with what makes each piece notable.",
        )
    ],
    "information_missing": [
        (
            EDITORIAL_PLACEHOLDER,
            "Reviewers often find the article thin: cover the trend "
            "background, the celebrity and at least two sourced products.",
        )
    ],
}
# Kept for callers that read the table: flag -> (threshold, placeholder, guidance) of the article fragments.
TRIGGERS: dict[str, tuple[int, str, str]] = {
    flag: (THRESHOLDS[flag], *ARTICLE_FRAGMENTS[flag][0]) for flag in THRESHOLDS
}
MAX_NOTES_TOTAL = 600
NOTE_LABEL = "Earlier reviewer note"
DECISION_KINDS = frozenset({"approved", "rejected", "revision_requested"})


@dataclass(frozen=True)
class InjectionDecision:
    """Whether one source (a trigger, the notes, the example) put text into one placeholder, and why."""

    source: str
    placeholder: str
    injected: bool
    reason: str

    def as_dict(self) -> JsonObject:
        """For run logs and `learning show --json`."""
        return {
            "source": self.source,
            "placeholder": self.placeholder,
            "injected": self.injected,
            "reason": self.reason,
        }


@dataclass
class LearningSignal:
    """Aggregated triggers, the guidance they inject and every decision taken on the way."""

    reviews: int = 0
    subcategory: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    thresholds: dict[str, int] = field(default_factory=dict)
    triggers: dict[str, bool] = field(default_factory=dict)
    low_confidence: bool = True
    notes: list[str] = field(default_factory=list)
    fragments: dict[str, list[str]] = field(default_factory=dict)
    decisions: list[InjectionDecision] = field(default_factory=list)
    example: str = ""
    example_source: str = ""
    note_sources: list[tuple[int, str]] = field(default_factory=list)  # (note event id, words that teach)

    def render(self, placeholder: str = EDITORIAL_PLACEHOLDER) -> str:
        """The text for one placeholder ("" when nothing triggered)."""
        if placeholder == EXAMPLE_PLACEHOLDER:
            return self.example
        return "\n".join(f"- {line}" for line in self.fragments.get(placeholder, []))

    def guidance(self) -> dict[str, str]:
        """Placeholder -> text, for every placeholder something was injected into."""
        out = {placeholder: self.render(placeholder) for placeholder in self.fragments}
        if self.example:
            out[EXAMPLE_PLACEHOLDER] = self.example
        return out

    def decide(self, source: str, placeholder: str, injected: bool, reason: str) -> None:
        """Record (and log) one injection decision."""
        decision = InjectionDecision(source, placeholder, injected, reason)
        self.decisions.append(decision)
        logger.info(
            "learning: subcategory=%r source=%s placeholder=%s injected=%s reason=%s",
            self.subcategory,
            source,
            placeholder,
            injected,
            reason,
        )


def _flags(form: Mapping[str, Any]) -> dict[str, bool]:
    return {
        "bad_format": bool(form.get("bad_format")),
        "wrong_information": bool(form.get("wrong_information")),
        "wrong_physical_dimensions": bool(form.get("wrong_physical_dimensions")),
        "missing_spec": bool(form.get("missing_spec")),
        "information_missing": form.get("information_present") is False,
    }


def reviewed_events(events: Iterable[DecisionEvent]) -> list[DecisionEvent]:
    """Human decisions carrying a review form or feedback (edits and other events are not reviews)."""
    return [
        e
        for e in events
        if e.decision in DECISION_KINDS and (e.payload.get("review_form") or e.payload.get("feedback"))
    ]


def _threshold(needed: int, reviews: int, window: int) -> int:
    # Fewer than `window` reviews: scale the threshold, but never trigger on a single review.
    return max(2, round(needed * reviews / window)) if reviews < window else needed


def aggregate(
    events: Iterable[DecisionEvent],
    window: int = WINDOW,
    *,
    fragments: Fragments | None = None,
    note_placeholders: Sequence[str] = (EDITORIAL_PLACEHOLDER,),
    disabled: Iterable[str] = (),
    subcategory: str = "",
    note_review: Mapping[int, NoteState] | None = None,
) -> LearningSignal:
    """Last `window` reviewed decisions -> trigger booleans -> placeholder fragments (and the decisions).

    `note_review`: the editors' note states (services/learning_notes.py); given, a note teaches only once approved.
    """
    table = ARTICLE_FRAGMENTS if fragments is None else fragments
    off = frozenset(disabled)
    reviewed = reviewed_events(events)[-window:]
    signal = LearningSignal(reviews=len(reviewed), low_confidence=len(reviewed) < window, subcategory=subcategory)
    for event in reviewed:
        for flag, value in _flags(event.payload.get("review_form") or {}).items():
            signal.counts[flag] = signal.counts.get(flag, 0) + int(value)
    for flag, needed in THRESHOLDS.items():
        threshold = _threshold(needed, len(reviewed), window)
        signal.thresholds[flag] = threshold
        count = signal.counts.get(flag, 0)
        fired = bool(reviewed) and count >= threshold
        signal.triggers[flag] = fired and flag not in off
        for placeholder, text in table.get(flag, ()):
            if fired and flag in off:
                signal.decide(flag, placeholder, False, f"{count}/{len(reviewed)} >= {threshold} but switched off")
            elif fired:
                signal.fragments.setdefault(placeholder, []).append(text)
                signal.decide(flag, placeholder, True, f"{count}/{len(reviewed)} >= {threshold}")
            else:
                signal.decide(flag, placeholder, False, f"{count}/{len(reviewed)} < {threshold}")
    _add_missing_fields(signal, reviewed, table, "missing_spec" in off, window)
    _add_notes(signal, reviewed, note_placeholders, "notes" in off, note_review)
    logger.info(
        "learning: subcategory=%r %d reviews, triggers=%s, low_confidence=%s",
        subcategory,
        signal.reviews,
        {k: v for k, v in signal.triggers.items() if v},
        signal.low_confidence,
    )
    return signal


def _add_notes(
    signal: LearningSignal, reviewed: list[DecisionEvent], placeholders: Sequence[str], switched_off: bool,
    note_review: Mapping[int, NoteState] | None = None,
) -> None:
    """The window's notes, newest first, within MAX_NOTES_TOTAL. With `note_review` (the store's note states),
    a note teaches only once approved (its edited words when edited); each note's fate is a decision."""
    total = 0
    for event in reversed(reviewed):
        raw = note_text(event.payload)
        if note_review is not None and raw.strip():
            state = note_review.get(event.id)
            if state is None or not state.teaches:
                status = state.status if state else "waiting for approval"
                signal.decide(f"note:{event.id}", "*", False, f"{status}: does not teach")
                continue
            raw = state.text if state.text is not None else raw
        note = sanitize_note(raw)
        if note and note not in signal.notes and total + len(note) <= MAX_NOTES_TOTAL:
            signal.notes.append(note)
            signal.note_sources.append((event.id, note))
            total += len(note)
    for placeholder in placeholders:
        if not signal.notes:
            signal.decide("notes", placeholder, False, "no usable reviewer note")
        elif switched_off:
            signal.decide("notes", placeholder, False, f"{len(signal.notes)} note(s) but switched off")
        else:
            signal.fragments.setdefault(placeholder, []).extend(
                quote_as_data(note, label=NOTE_LABEL, max_chars=MAX_NOTE_CHARS) for note in signal.notes
            )
            signal.decide("notes", placeholder, True, f"{len(signal.notes)} sanitized note(s), quoted as data")


def _add_missing_fields(
    signal: LearningSignal, reviewed: list[DecisionEvent], table: Fragments, switched_off: bool, window: int
) -> None:
    """Seed 003: a spec field listed as missing in >= 2 of the last reviews becomes a focus field to extract."""
    counts: dict[str, int] = {}
    for event in reviewed:
        for name in missing_fields(event.payload):
            counts[name] = counts.get(name, 0) + 1
    threshold = _threshold(THRESHOLDS["missing_spec"], len(reviewed), window)
    focus = sorted(name for name, count in counts.items() if count >= threshold)
    for placeholder, _text in table.get("missing_spec", ())[:1]:
        if not focus:
            reason = f"no field listed in >= {threshold} reviews" + (f" ({len(counts)} listed)" if counts else "")
            signal.decide("missing_spec_fields", placeholder, False, reason)
        elif switched_off:
            signal.decide("missing_spec_fields", placeholder, False, f"{', '.join(focus)} but switched off")
        else:
            signal.fragments.setdefault(placeholder, []).append(
                "Reviewers often found these fields missing; extract them whenever the description gives them: "
                + ", ".join(focus)
                + "."
            )
            signal.decide("missing_spec_fields", placeholder, True, f"{', '.join(focus)} in >= {threshold} reviews")


def fill_placeholders(template: str, signal: LearningSignal) -> str:
    """Replace every `{{PLACEHOLDER}}` with its fragments, or with "" when nothing triggered."""
    return re.sub(r"\{\{[A-Z_]+\}\}", lambda m: signal.render(m.group(0)), template)
