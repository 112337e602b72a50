"""A feedback entry as the desk lists it: each finding once, with who found it (checks, judge or editor).

The review's feedback carries each failed criterion twice (as a verdict and again as a "criterion: reason"
suggestion); listing both made every automated failure appear twice, under a heading that called the machine a
reviewer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Which part of the review produced a verdict, in the desk's words.
FOUND_BY = {"format": "checks", "grounding": "checks", "validation": "checks", "judge": "judge"}


@dataclass(frozen=True)
class Finding:
    """One thing found wrong with a draft."""

    who: str  # checks / judge / editor
    severity: str
    criterion: str
    text: str


def findings_of(entry: dict[str, Any]) -> list[Finding]:
    """The entry's findings, each once, in the order given."""
    editor = entry.get("source") == "admin"
    found: list[Finding] = []
    seen: set[str] = set()
    for criterion in entry.get("failed_criteria") or []:
        name, reason = str(criterion.get("criterion") or ""), str(criterion.get("reason") or "").strip()
        key = f"{name}: {reason}".casefold()
        if not reason or key in seen:
            continue
        seen.add(key)
        who = "editor" if editor else FOUND_BY.get(str(criterion.get("source") or ""), "checks")
        found.append(Finding(who, str(criterion.get("severity") or "major"),
                             "" if editor else name, reason))
    for suggestion in entry.get("suggestions") or []:
        text = str(suggestion).strip()
        # A review suggestion repeats a verdict as "criterion: reason": already listed above.
        if not text or text.casefold() in seen or any(text.casefold().endswith(f.text.casefold()) for f in found):
            continue
        seen.add(text.casefold())
        found.append(Finding("editor" if editor else "checks", "minor", "", text))
    return found


def findings_heading(entry: dict[str, Any]) -> str:
    """Whose feedback an entry is."""
    if entry.get("source") == "admin":
        return "Request from the editor"
    return "Review findings (automated: checks and judge)"
