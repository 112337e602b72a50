"""What a writer is shown of its last attempt: the reviewers' feedback and the parser's error.

Shared by every type's writer (articles, exam items) and by structured generation's JSON repair.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from editorial_ai.models.state_json import FeedbackJson
from editorial_ai.prompts.sanitize import quote_as_data, sanitize_text


def format_feedback(feedback_history: Sequence[FeedbackJson], limit: int = 3) -> str:
    """The most recent feedback as actionable lines (bounded, newest last).

    Every free text (editor notes, judge reasons, suggestions, draft titles) goes through the one prompt
    sanitizer and is quoted as data: a note cannot add role lines, fences or instructions to the prompt.
    """
    if not feedback_history:
        return ""
    lines = ["PREVIOUS REVIEW FEEDBACK -- fix every point below (reviewers' words are quoted):"]
    for entry in feedback_history[-limit:]:
        admin = entry.get("source") == "admin"
        origin = "Editor request" if admin else f"Review of attempt {sanitize_text(str(entry.get('attempt', '?')))}"
        lines.append(f"[{origin}]")
        title = quote_as_data(str(entry.get("draft_title") or ""), label="Draft title", max_chars=120)
        if title:
            lines.append(f"- {title}")
        for criterion in entry.get("failed_criteria", []):
            name = re.sub(r"[^\w]", "", str(criterion.get("criterion") or ""))[:40] or "criterion"
            severity = re.sub(r"[^\w]", "", str(criterion.get("severity") or "major"))[:12]
            label = "Editor's note" if admin else f"{name} ({severity})"
            quoted = quote_as_data(str(criterion.get("reason") or ""), label=label)
            if quoted:
                lines.append(f"- {quoted}")
        for suggestion in entry.get("suggestions", [])[:3]:
            quoted = quote_as_data(str(suggestion), label="Suggestion")
            if quoted:
                lines.append(f"- {quoted}")
    return "\n".join(lines)


def build_repair_prompt(raw_text: str, error: str) -> str:
    """Ask the model to fix its own malformed JSON (seed 001 output repair loop)."""
    return (
        "The following output should be a JSON object but is invalid.\n"
        f"Problem: {error}\nOutput:\n{raw_text[:3000]}\n\nReturn only the corrected JSON object:"
    )
