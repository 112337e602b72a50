"""Reading the review history for the learning loop: events of one subcategory, the example item, the stats.

Kept apart from `learning.py` (pure aggregation) because this reads the contents store. Any failure here
degrades to the baseline prompts (no guidance, the static example) and is logged as a decision, never raised.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from editorial_ai.models.content_record import ContentRecord, DecisionEvent
from editorial_ai.models.state_json import JsonObject
from editorial_ai.services.learning import (
    EXAMPLE_PLACEHOLDER,
    MAX_EXAMPLE_CHARS,
    WINDOW,
    Fragments,
    LearningSignal,
    aggregate,
    redact,
    reviewed_events,
)
from editorial_ai.services.learning_log import log_injection
from editorial_ai.services.learning_notes import note_states
from editorial_ai.store.contents import ContentRepository

logger = logging.getLogger(__name__)

# Events read per content type before filtering by subcategory: enough for ten reviews of a rarer subcategory.
SCAN_EVENTS = 300
EXAMPLE_STATUSES = ("published", "approved")


class LearningContentType(Protocol):
    """What the learning loop needs from a content type (content_types.base.ContentType provides it)."""

    @property
    def name(self) -> str: ...
    def subcategory(self, draft: Mapping[str, Any] | None, curation_input: Mapping[str, Any] | None) -> str: ...
    def example_text(self, draft: Mapping[str, Any]) -> str: ...
    def learning_fragments(self) -> Fragments: ...
    def note_placeholders(self) -> Sequence[str]: ...
    def uses_example_item(self) -> bool: ...


async def _subcategory_of(
    contents: ContentRepository,
    content_type: LearningContentType,
    content_ids: Iterable[str],
) -> dict[str, str]:
    out: dict[str, str] = {}
    for content_id in dict.fromkeys(content_ids):
        row = await contents.get(content_id)
        out[content_id] = content_type.subcategory(row.layout_json or {}, None) if row else ""
    return out


async def subcategory_events(
    contents: ContentRepository, content_type: LearningContentType, subcategory: str
) -> Sequence[DecisionEvent]:
    """The content type's recent decision events, only those on items of `subcategory` ("" = all), oldest first."""
    events = await contents.recent_events(content_type.name, limit=SCAN_EVENTS)
    if not subcategory:
        return events
    reviewed = reviewed_events(events)
    groups = await _subcategory_of(contents, content_type, (e.content_id for e in reviewed))
    return [e for e in reviewed if groups.get(e.content_id) == subcategory]


async def example_item(
    contents: ContentRepository, content_type: LearningContentType, subcategory: str
) -> tuple[str, str, str]:
    """(text, content id, why) of the latest approved item of the subcategory, redacted and size-capped;
    ("", "", why) when none qualifies (the prompt then shows its static example)."""
    candidates: list[ContentRecord] = []
    for status in EXAMPLE_STATUSES:
        rows, _ = await contents.list(status=status, limit=50)
        candidates += [r for r in rows if r.content_type == content_type.name]
    candidates.sort(key=lambda r: r.updated_at, reverse=True)
    for row in candidates:
        draft = row.layout_json
        if subcategory and content_type.subcategory(draft, None) != subcategory:
            continue
        text = content_type.example_text(redact(draft))
        if not text.strip():
            continue
        if len(text) > MAX_EXAMPLE_CHARS:
            return "", "", f"latest approved item {row.id} is {len(text)} chars > cap {MAX_EXAMPLE_CHARS}"
        return text, row.id, f"latest approved item {row.id} of {subcategory or 'any subcategory'}"
    return "", "", f"no approved item of {subcategory or 'this type'} yet"


async def learning_for(
    contents: ContentRepository, content_type: LearningContentType, subcategory: str, *, disabled: Iterable[str] = (),
    thread_id: str | None = None, log_dir: Path | None = None,
) -> LearningSignal:
    """The guidance for the next run of `content_type` in `subcategory`, with every decision logged; with
    `thread_id` and `log_dir`, what was injected into that run is appended to the injection log."""
    signal = await _learning_for(contents, content_type, subcategory, disabled=disabled)
    if thread_id and log_dir is not None:
        log_injection(log_dir, {
            "thread_id": thread_id, "content_type": content_type.name, "subcategory": subcategory,
            "notes": [{"note_event": event_id, "text": text} for event_id, text in signal.note_sources],
            "triggers": sorted(flag for flag, fired in signal.triggers.items() if fired),
            "guidance": signal.guidance(), "example_source": signal.example_source,
            "decisions": [d.as_dict() for d in signal.decisions]})
    return signal


async def _learning_for(
    contents: ContentRepository, content_type: LearningContentType, subcategory: str, *, disabled: Iterable[str] = ()
) -> LearningSignal:
    off = frozenset(disabled)
    try:
        events = await subcategory_events(contents, content_type, subcategory)
        notes = note_states(await contents.recent_events(content_type.name, limit=SCAN_EVENTS))
        signal = aggregate(
            events,
            WINDOW,
            fragments=content_type.learning_fragments(),
            note_placeholders=content_type.note_placeholders(),
            disabled=off,
            subcategory=subcategory,
            note_review=notes,
        )
    except Exception:  # learning is an improvement, never a reason to fail a run
        logger.warning("learning: review history unreadable; baseline prompts", exc_info=True)
        signal = LearningSignal(subcategory=subcategory)
        signal.decide("aggregate", "*", False, "review history unreadable: baseline prompts")
    if not content_type.uses_example_item():
        return signal
    if "example_item" in off:
        signal.decide("example_item", EXAMPLE_PLACEHOLDER, False, "switched off: static example")
        return signal
    try:
        signal.example, signal.example_source, why = await example_item(contents, content_type, subcategory)
    except Exception:  # a broken stored item falls back to the static example
        logger.warning("learning: example item unreadable; static example", exc_info=True)
        signal.example, signal.example_source, why = "", "", "example unreadable"
    signal.decide(
        "example_item", EXAMPLE_PLACEHOLDER, bool(signal.example), why if signal.example else f"{why}: static example"
    )
    return signal


@dataclass(frozen=True)
class TriggerStat:
    """One trigger over the window: how often reviewers raised it, its threshold, whether it is in force."""

    trigger: str
    count: int
    reviews: int
    threshold: int
    fired: bool
    switched_off: bool

    @property
    def rate(self) -> float:
        """Share of the window's reviews that raised it (0 when there are none)."""
        return self.count / self.reviews if self.reviews else 0.0


@dataclass(frozen=True)
class LearningStats:
    """What an operator (CLI `learning show`, the admin UI's card) sees for one content type and subcategory."""

    content_type: str
    subcategory: str
    reviews: int
    low_confidence: bool
    triggers: list[TriggerStat]
    fragments: dict[str, list[str]]
    example_source: str
    decisions: list[JsonObject]

    def as_dict(self) -> JsonObject:
        """JSON-ready (rates as fractions 0-1), as `learning show --json` prints it."""
        return {
            "content_type": self.content_type,
            "subcategory": self.subcategory,
            "reviews": self.reviews,
            "low_confidence": self.low_confidence,
            "triggers": [{"trigger": t.trigger, "count": t.count, "reviews": t.reviews, "threshold": t.threshold,
                          "fired": t.fired, "switched_off": t.switched_off, "rate": round(t.rate, 3)}
                         for t in self.triggers],
            "fragments": {placeholder: [*texts] for placeholder, texts in self.fragments.items()},
            "example_source": self.example_source,
            "decisions": [*self.decisions],
        }


async def learning_stats(
    contents: ContentRepository,
    content_type: LearningContentType,
    subcategory: str = "",
    *,
    disabled: Iterable[str] = (),
) -> LearningStats:
    """Trigger rates, thresholds and the fragments in force for the next run of this type and subcategory."""
    off = frozenset(disabled)
    signal = await learning_for(contents, content_type, subcategory, disabled=off)
    triggers = [
        TriggerStat(
            trigger=flag,
            count=signal.counts.get(flag, 0),
            reviews=signal.reviews,
            threshold=threshold,
            fired=signal.triggers.get(flag, False),
            switched_off=flag in off,
        )
        for flag, threshold in signal.thresholds.items()
    ]
    return LearningStats(
        content_type=content_type.name,
        subcategory=subcategory,
        reviews=signal.reviews,
        low_confidence=signal.low_confidence,
        triggers=triggers,
        fragments={k: list(v) for k, v in signal.fragments.items()},
        example_source=signal.example_source,
        decisions=[d.as_dict() for d in signal.decisions],
    )
