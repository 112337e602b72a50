"""Research briefs (seed 004): written and critiqued by this package's service, judged by the harness.

Briefs are not run by the pipeline (no flow): the evaluation harness and `editorial-ai brief` generate them with
their own critic loop. The whole type is this package: models.py (the request, the draft, the critic's verdict),
prompts.py and service.py (the writer and its revision loop), critic.py (the critic gate), rubric.yaml (what the
critic and the judge score).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from editorial_ai.pipeline.content_type import ContentType
from editorial_ai.pipeline.registry import register


@dataclass(frozen=True)
class ResearchBriefType(ContentType):
    """A markdown brief answering sub-questions from catalog passages."""

    def prompt_example_texts(self) -> list[str]:
        """The example brief the writer's prompt shows."""
        from editorial_ai.content_types.research_brief.prompts import BRIEF_EXAMPLE

        return [BRIEF_EXAMPLE]

    def render_html(self, draft: Mapping[str, Any], *, standalone: bool = True) -> str:
        """The brief's markdown text, escaped, in a preformatted block."""
        body = f'<pre class="brief">{html.escape(str(draft.get("text") or ""))}</pre>'
        return self.page(draft, body, heading=False) if standalone else body


RESEARCH_BRIEF = register(
    ResearchBriefType(name="research_brief", label="Research brief", evaluation="brief", free_text_review=True)
)
