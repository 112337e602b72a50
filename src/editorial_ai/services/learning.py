"""Learning from human reviews (seed 003): the last reviews per content type become prompt guidance.

Decisions are append-only events, so feedback given before a later approval is still counted. The last ten
reviews are aggregated into boolean triggers with fixed thresholds (proportional when fewer exist), and each
trigger injects a fragment into a `{{PLACEHOLDER}}`; reviewer notes go in only sanitized and quoted as
data (`prompts/sanitize.py`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from editorial_ai.prompts.sanitize import quote_as_data, sanitize_text

logger = logging.getLogger(__name__)

WINDOW = 10
# flag -> (hits needed out of WINDOW, placeholder, guidance)
TRIGGERS: dict[str, tuple[int, str, str]] = {
    "bad_format": (3, "{{EDITORIAL_REVIEW}}", "Reviewers often flag the structure: keep every field filled, "
                   "two or more body paragraphs, hashtags starting with #."),
    "wrong_information": (3, "{{EDITORIAL_REVIEW}}", "Reviewers often find wrong facts: state only what the "
                          "source material says about each person and product."),
    "wrong_physical_dimensions": (2, "{{EDITORIAL_REVIEW}}", "Reviewers often find wrong sizes or units: do not "
                                  "state measurements the sources do not give."),
    "missing_spec": (2, "{{EDITORIAL_REVIEW}}", "Reviewers often miss product details: name the product and brand "
                     "exactly as the sources list them, with what makes each piece notable."),
    "information_missing": (4, "{{EDITORIAL_REVIEW}}", "Reviewers often find the article thin: cover the trend "
                            "background, the celebrity and at least two sourced products."),
}
MAX_NOTE_CHARS = 300
MAX_NOTES_TOTAL = 600
NOTE_LABEL = "Earlier reviewer note"


def sanitize_note(text: str) -> str:
    """A reviewer note as plain, bounded data (the shared prompt sanitizer); "" when nothing usable is left."""
    try:
        return sanitize_text(text or "", max_chars=MAX_NOTE_CHARS)
    except Exception:  # noqa: BLE001 - a sanitizer failure must fall back to nothing, never to raw text
        logger.warning("note sanitizer failed; dropping the note")
        return ""


@dataclass
class LearningSignal:
    """Aggregated triggers and the guidance they inject."""

    reviews: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    triggers: dict[str, bool] = field(default_factory=dict)
    low_confidence: bool = True
    notes: list[str] = field(default_factory=list)
    fragments: dict[str, list[str]] = field(default_factory=dict)

    def render(self, placeholder: str = "{{EDITORIAL_REVIEW}}") -> str:
        """The text for one placeholder ("" when nothing triggered)."""
        return "\n".join(f"- {line}" for line in self.fragments.get(placeholder, []))


def _flags(form: dict[str, Any]) -> dict[str, bool]:
    return {
        "bad_format": bool(form.get("bad_format")),
        "wrong_information": bool(form.get("wrong_information")),
        "wrong_physical_dimensions": bool(form.get("wrong_physical_dimensions")),
        "missing_spec": bool(form.get("missing_spec")),
        "information_missing": form.get("information_present") is False,
    }


def aggregate(events: Iterable[dict[str, Any]], window: int = WINDOW) -> LearningSignal:
    """Last `window` reviewed decisions -> trigger booleans -> placeholder fragments."""
    reviewed = [e for e in events if (e.get("payload") or {}).get("review_form")
                or (e.get("payload") or {}).get("feedback")][-window:]
    signal = LearningSignal(reviews=len(reviewed), low_confidence=len(reviewed) < window)
    if not reviewed:
        return signal
    for event in reviewed:
        for flag, value in _flags(event["payload"].get("review_form") or {}).items():
            signal.counts[flag] = signal.counts.get(flag, 0) + int(value)
    for flag, (needed, placeholder, text) in TRIGGERS.items():
        # Fewer than `window` reviews: scale the threshold, but never trigger on a single review.
        threshold = max(2, round(needed * len(reviewed) / window)) if signal.low_confidence else needed
        fired = signal.counts.get(flag, 0) >= threshold
        signal.triggers[flag] = fired
        if fired:
            signal.fragments.setdefault(placeholder, []).append(text)
    total = 0
    for event in reversed(reviewed):
        payload = event["payload"]
        note = sanitize_note(str(payload.get("feedback") or (payload.get("review_form") or {}).get("notes") or ""))
        if note and total + len(note) <= MAX_NOTES_TOTAL:
            signal.notes.append(note)
            total += len(note)
    if signal.notes:
        signal.fragments.setdefault("{{EDITORIAL_REVIEW}}", []).extend(
            quote_as_data(note, label=NOTE_LABEL, max_chars=MAX_NOTE_CHARS) for note in signal.notes)
    logger.info("learning: %d reviews, triggers=%s, low_confidence=%s", signal.reviews,
                {k: v for k, v in signal.triggers.items() if v}, signal.low_confidence)
    return signal


def fill_placeholders(template: str, signal: LearningSignal) -> str:
    """Replace every `{{PLACEHOLDER}}` with its fragments, or with "" when nothing triggered."""
    return re.sub(r"\{\{[A-Z_]+\}\}", lambda m: signal.render(m.group(0)), template)
