"""The flag a draft carries when the embedded model wrote part of its prose.

The gate checks every sentence's names, figures, dates, pairings, materials and relationships, whoever wrote it. How a
sentence reads is a criterion no measured judge on the embedded model decides reliably, so a draft with sentences the
embedded model wrote reaches the editor flagged, with those sentences quoted: approving it takes a confirmation and a
note. The writer lists them in the layout metadata (content_types/article/writer/editorial.py); composed sentences are
not listed.
"""

from __future__ import annotations

import json

from editorial_ai.models.layout import MODEL_PROSE_KEY, MagazineLayout

QUOTED = 2  # sentences quoted in the flag; the content page shows the article itself


def model_prose_flags(layout: MagazineLayout | None) -> list[str]:
    """One flag naming how many body sentences the embedded model wrote, or none."""
    entry = next((m for m in (layout.metadata if layout else []) if m.key == MODEL_PROSE_KEY), None)
    if entry is None:
        return []
    try:
        listed = json.loads(entry.value)
        sentences = [str(s) for s in listed.get("sentences", [])]
        model, total = str(listed.get("model", "the embedded model")), int(listed.get("of", len(sentences)))
    except (ValueError, TypeError, AttributeError):
        return [f"prose unjudged: the draft's {MODEL_PROSE_KEY} entry is unreadable; read the whole article"]
    if not sentences:
        return []
    quoted = "; ".join(f"\u201c{s}\u201d" for s in sentences[:QUOTED])
    return [f"prose unjudged: {len(sentences)} of {total} body sentences were written by {model}; the gate checked "
            f"their names, figures, pairings and materials, not how they read. Read them before approving, "
            f"e.g. {quoted}"]
