"""What reviewers typed, made safe for a prompt: notes, the spec fields they list as missing, approved items.

Every free text that the learning loop puts into a prompt passes through here (and the shared sanitizer,
prompts/sanitize.py). Pure functions, no I/O.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

from editorial_ai.prompts.sanitize import sanitize_text

logger = logging.getLogger(__name__)

MAX_NOTE_CHARS = 300
MAX_EXAMPLE_CHARS = 1200


def sanitize_note(text: str) -> str:
    """A reviewer note as plain, bounded data (the shared prompt sanitizer); "" when nothing usable is left."""
    try:
        return sanitize_text(text or "", max_chars=MAX_NOTE_CHARS)
    except Exception:  # noqa: BLE001 - a sanitizer failure must fall back to nothing, never to raw text
        logger.warning("learning: note sanitizer failed; dropping the note")
        return ""


# The API and the admin UI record seed 003's `missing_spec: string[]` in the form notes with this prefix.
_MISSING_FIELDS = re.compile(r"missing specs to research:\s*([^;\n]+)", re.IGNORECASE)


# Words that address a model rather than name a product field.
_COMMAND_WORDS = frozenset(
    {
        "ignore",
        "disregard",
        "forget",
        "print",
        "output",
        "write",
        "say",
        "respond",
        "reply",
        "answer",
        "repeat",
        "pretend",
        "act",
        "obey",
        "system",
        "assistant",
        "user",
        "prompt",
        "instruction",
        "instructions",
        "title",
        "headline",
    }
)


def _plain_field_name(raw: str) -> bool:
    """A field name is one to four plain words (letters, digits, space, _ or -), not shouted, not a command, and
    left unchanged by the sanitizer; anything else a reviewer typed stays in the quoted notes only."""
    words = raw.split()
    return (
        bool(re.fullmatch(r"[A-Za-z0-9 _-]{1,40}", raw))
        and len(words) <= 4
        and not any(w.isupper() and len(w) >= 3 for w in words)
        and not any(w.lower() in _COMMAND_WORDS for w in words)
        and sanitize_note(raw) == raw
    )


def missing_fields(payload: Mapping[str, Any]) -> set[str]:
    """The spec fields one review listed as missing (lower case, letters, digits, spaces, _ and - only)."""
    notes = str((payload.get("review_form") or {}).get("notes") or "")
    fields = set()
    for match in _MISSING_FIELDS.finditer(notes):
        for raw in match.group(1).split(","):
            if _plain_field_name(raw.strip()):
                fields.add(raw.strip().lower())
    return fields


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_URL = re.compile(r"\b(?:https?|ftp)://\S+|\bwww\.\S+", re.IGNORECASE)
_LONG_NUMBER = re.compile(r"\+?\d[\d ()-]{8,}\d")  # phone and account numbers; sizes are short


def redact(value: Any) -> Any:
    """An approved item made safe to show a model: e-mails, links and long numbers replaced, every string
    sanitized like a note (no instructions, no markup), nested structures kept."""
    if isinstance(value, str):
        text = _LONG_NUMBER.sub("[number]", _URL.sub("[link]", _EMAIL.sub("[email]", value)))
        return sanitize_text(text, max_chars=MAX_EXAMPLE_CHARS) if text.strip() else ""
    if isinstance(value, Mapping):
        return {str(k): redact(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact(v) for v in value]
    return value
