"""Magazine articles (seed 001): fashion_magazine, tech_blog, lifestyle and the generic `default` rubric.

All four share one flow (flow.py: curation -> design_spec -> source -> editorial -> enrich -> review, its nodes
in nodes/, its state in state.py; the writer the editorial node runs in writer/, the page it lays out in layout/)
and differ by rubric only. The review loops back to editorial until it passes or
escalates to the human gate. Importing this package registers the types; the flow is imported when a graph is
built.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from editorial_ai.pipeline.content_type import ContentType, Flow
from editorial_ai.pipeline.registry import register
from editorial_ai.review.profile import ARTICLE_LENGTH_RULE, LengthRule


@dataclass(frozen=True)
class ArticleType(ContentType):
    """A magazine article judged by its own rubric and body length (by default the review's article floor,
    `ARTICLE_LENGTH_RULE`, measured on the labels)."""

    min_paragraphs: int = ARTICLE_LENGTH_RULE.paragraphs
    min_words: int = ARTICLE_LENGTH_RULE.words
    min_paragraph_words: int = ARTICLE_LENGTH_RULE.paragraph_words
    magazine_page: ClassVar[bool] = True

    def length_rule(self) -> LengthRule:
        """The completeness check's floor for this type."""
        return LengthRule(paragraphs=self.min_paragraphs, words=self.min_words,
                          paragraph_words=self.min_paragraph_words)

    def flow(self) -> Flow:
        """The shared article flow."""
        from editorial_ai.content_types.article.flow import article_flow

        return article_flow()

    def render_html(self, draft: Mapping[str, Any], *, standalone: bool = True) -> str:
        """The MagazineLayout as the published article (or its admin fragment)."""
        from editorial_ai.services.publish import render_article_html

        return render_article_html(dict(draft), standalone=standalone)

    def publish(self, draft: Mapping[str, Any], publish_dir: Path, content_id: str) -> Path:
        """The article page, written by the publishing service."""
        from editorial_ai.services.publish import write_published_article

        return write_published_article(dict(draft), publish_dir, content_id)

    def subcategory(self, draft: Mapping[str, Any] | None, curation_input: Mapping[str, Any] | None) -> str:
        """The run's category (`--category`), which the editorial node also records in the draft's metadata."""
        given = str((curation_input or {}).get("category") or "").strip().lower()
        if given:
            return given
        for entry in (draft or {}).get("metadata") or []:
            if isinstance(entry, Mapping) and entry.get("key") == "category":
                return str(entry.get("value") or "").strip().lower()
        return ""

    def example_text(self, draft: Mapping[str, Any]) -> str:
        """Title and the body text blocks of an approved article."""
        parts = [str(draft.get("title") or "")]
        for block in draft.get("blocks") or []:
            if isinstance(block, Mapping) and block.get("type") == "body_text":
                parts += [str(p) for p in block.get("paragraphs") or []]
        return "\n".join(p for p in parts if p.strip())


FASHION_MAGAZINE = register(
    ArticleType(name="fashion_magazine", label="Fashion magazine article", evaluation="pipeline")
)
TECH_BLOG = register(ArticleType(name="tech_blog", label="Tech blog article"))
LIFESTYLE = register(ArticleType(name="lifestyle", label="Lifestyle article"))
DEFAULT_ARTICLE = register(
    ArticleType(name="default", label="Article (generic rubric)", min_paragraphs=2, min_words=80,
                min_paragraph_words=0)
)
