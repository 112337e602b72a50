"""What a draft is checked against, in any of the shapes content types give it: curated topics and sourced posts
(articles), passages and sub-questions (briefs, plain text), a topic and the question a text answers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from editorial_ai.models.state_json import CuratedTopicJson, SourcePostJson
from editorial_ai.prompts.review import summarize_sources


@dataclass
class Sources:
    """Source material in any of the shapes content types use."""

    curated_topics: list[CuratedTopicJson] = field(default_factory=list)
    enriched_contexts: list[SourcePostJson] = field(default_factory=list)
    passages: list[str] = field(default_factory=list)
    sub_questions: list[str] = field(default_factory=list)
    topic: str = ""
    question: str = ""  # what a text answers: context, never a claim of the draft

    @classmethod
    def coerce(cls, raw: Any) -> Sources:
        """From a list of passages, a list of posts, or a dict with any of the fields."""
        if isinstance(raw, Sources):
            return raw
        if isinstance(raw, str):
            return cls(passages=[raw])
        if isinstance(raw, list):
            if all(isinstance(item, str) for item in raw):
                return cls(passages=list(raw))
            # Untyped input (a caller's JSON): the objects of a list are taken as sourced posts.
            return cls(enriched_contexts=[cast(SourcePostJson, item) for item in raw if isinstance(item, dict)])
        raw = raw or {}
        return cls(curated_topics=list(raw.get("curated_topics", [])),
                   enriched_contexts=list(raw.get("enriched_contexts", [])),
                   passages=[str(p) for p in raw.get("passages", [])],
                   sub_questions=[str(q) for q in raw.get("sub_questions", [])], topic=str(raw.get("topic", "")),
                   question=str(raw.get("question", "") or ""))

    def as_text(self) -> str:
        """A compact text view for the judge."""
        parts = []
        if self.topic:
            parts.append(f"Topic: {self.topic}")
        if self.question:
            parts.append(f"Question: {self.question}")
        if self.curated_topics or self.enriched_contexts:
            parts.append(self.summary())
        parts += [f"- {p}" for p in self.passages]
        return "\n".join(parts)

    def summary(self) -> str:
        """The topics and posts in brief (prompts/review.py)."""
        return summarize_sources(self.curated_topics, self.enriched_contexts)

    def all_passages(self) -> list[str]:
        """Every piece of source text, for the text grounding check."""
        return [self.topic, *self.sub_questions, *self.passages, self.as_text()]
