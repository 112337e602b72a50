"""Research briefs (seed 004): written and critiqued by services/research_brief.py, judged by the harness.

Briefs are not run by the pipeline (no flow): the evaluation harness generates them with their own critic loop.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from editorial_ai.content_types.base import ContentType
from editorial_ai.content_types.registry import register


@dataclass(frozen=True)
class ResearchBriefType(ContentType):
    """A markdown brief answering sub-questions from catalog passages."""

    def render_html(self, draft: Mapping[str, Any], *, standalone: bool = True) -> str:
        """The brief's markdown text, escaped, in a preformatted block."""
        body = f'<pre class="brief">{html.escape(str(draft.get("text") or ""))}</pre>'
        if not standalone:
            return body
        title = html.escape(self.title_of(draft) or self.label)
        return (
            f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>'
            f"<body>{body}</body></html>\n"
        )


RESEARCH_BRIEF = register(ResearchBriefType(name="research_brief", label="Research brief", evaluation="brief"))
