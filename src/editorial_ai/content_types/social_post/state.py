"""The social post flow's own state, beside the gate state every flow shares."""

from __future__ import annotations

from typing import Any

from editorial_ai.pipeline.state import GateState, Node


class SocialPostState(GateState, total=False):
    """The gate state plus the article's facts (an `ArticleFacts` in JSON form) and the captions' text as last
    reviewed (the loop compares a correction with it)."""

    social_article: dict[str, Any] | None
    social_reviewed_text: str


SocialNode = Node[SocialPostState]
