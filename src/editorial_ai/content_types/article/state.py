"""The article flow's own state: what curation, sourcing and the writer hand each other besides the gate state."""

from __future__ import annotations

from typing import Any

from editorial_ai.models.state_json import CuratedTopicJson, SourcePostJson
from editorial_ai.pipeline.state import GateState, Node


class ArticleState(GateState, total=False):
    """The gate state plus the article's topics, design, sources and structured content."""

    curated_topics: list[CuratedTopicJson]
    design_spec: dict[str, Any] | None
    enriched_contexts: list[SourcePostJson]
    current_content: dict[str, Any] | None  # the EditorialContent a targeted correction patches
    best_content: dict[str, Any] | None
    last_reviewed_text: str


ArticleNode = Node[ArticleState]
