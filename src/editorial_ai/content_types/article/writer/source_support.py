"""Whether the sourced posts can carry an article, decided before any drafting."""

from __future__ import annotations

from editorial_ai.content_types.article.writer.outline import build_outline, post_on_topic, topic_terms
from editorial_ai.models.state_json import CuratedTopicJson, SourcePostJson

MIN_ON_TOPIC_POSTS = 2


def support_problem(keyword: str, topics: list[CuratedTopicJson], contexts: list[SourcePostJson]) -> str | None:
    """Why the sourced posts cannot carry an article about `keyword` (None when they can): fewer than
    MIN_ON_TOPIC_POSTS posts name the topic in their title, scene or pieces, or the facts fill fewer than three
    paragraphs. Said before drafting: a writer given nothing on topic only fails review after review."""
    terms = topic_terms(keyword)
    on_topic = [p for p in contexts if post_on_topic(p, terms) or any(
        t in str(p.get("artist_name", "")).casefold() for t in terms)]
    if len(on_topic) < MIN_ON_TOPIC_POSTS:
        return (f"the catalog holds {len(on_topic)} post(s) about {keyword!r} (of {len(contexts)} found); an article "
                f"needs at least {MIN_ON_TOPIC_POSTS}: pick a keyword, artist or brand the catalog covers")
    outline = build_outline(keyword, topics, contexts)
    if len(outline.plans) < 3:
        return (f"the sourced posts about {keyword!r} fill {len(outline.plans)} paragraph(s) of facts; an article "
                "needs at least three: pick a broader keyword")
    return None
