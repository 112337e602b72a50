"""Magazine articles (seed 001): fashion_magazine, tech_blog, lifestyle and the generic `default` rubric.

All four share one flow, curation -> design_spec -> source -> editorial -> enrich -> review, and differ by
rubric only. The review loops back to editorial until it passes or escalates to the human gate.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from editorial_ai.pipeline.content_type import GATE_NODE, ContentType, Flow
from editorial_ai.pipeline.registry import register
from editorial_ai.pipeline.state import PipelineState  # at run time: the graph reads routers' annotations
from editorial_ai.review.profile import ARTICLE_LENGTH_RULE, LengthRule

if TYPE_CHECKING:
    from langgraph.graph import StateGraph

ARTICLE_FLOW = "article"
ARTICLE_NODES = ("curation", "design_spec", "source", "editorial", "enrich", "review")


def route_after_curation(state: PipelineState) -> str:
    """Stop when curation found nothing to write about."""
    from langgraph.graph import END

    return "design_spec" if state.get("curated_topics") else END


def route_after_source(state: PipelineState) -> str:
    """Stop before drafting when the sourced posts cannot carry an article (no doomed drafts)."""
    from langgraph.graph import END

    return END if state.get("pipeline_status") == "failed" else "editorial"


def route_after_review(state: PipelineState) -> str:
    """pass -> admin_gate; fail below the cap -> editorial; escalated -> admin_gate (flagged for a human); a
    review that crashed -> END. The shared loop's router (imported when a graph is built)."""
    from editorial_ai.pipeline.loop_wiring import route_after_review as loop_router
    from editorial_ai.pipeline.nodes.review import ARTICLE_REVIEW_LOOP

    return loop_router(ARTICLE_REVIEW_LOOP.correct_node, GATE_NODE)(state)


def _wire(graph: StateGraph) -> None:
    from langgraph.graph import END

    graph.add_conditional_edges("curation", route_after_curation, ["design_spec", END])
    graph.add_edge("design_spec", "source")
    graph.add_conditional_edges("source", route_after_source, ["editorial", END])
    graph.add_edge("editorial", "enrich")
    graph.add_edge("enrich", "review")
    graph.add_conditional_edges("review", route_after_review, [GATE_NODE, "editorial", END])


def article_flow() -> Flow:
    """The article part of the graph (node modules imported here, when a graph is built)."""
    from editorial_ai.pipeline.nodes.curation import make_curation_node
    from editorial_ai.pipeline.nodes.design_spec import make_design_spec_node
    from editorial_ai.pipeline.nodes.editorial import make_editorial_node
    from editorial_ai.pipeline.nodes.enrich import make_enrich_node
    from editorial_ai.pipeline.nodes.review import make_review_node
    from editorial_ai.pipeline.nodes.source import make_source_node

    makers = {
        "curation": make_curation_node,
        "design_spec": make_design_spec_node,
        "source": make_source_node,
        "editorial": make_editorial_node,
        "enrich": make_enrich_node,
        "review": make_review_node,
    }
    return Flow(name=ARTICLE_FLOW, entry="curation", revision_entry="editorial", nodes=makers, wire=_wire)


@dataclass(frozen=True)
class ArticleType(ContentType):
    """A magazine article judged by its own rubric and body length (by default the review's article floor,
    `ARTICLE_LENGTH_RULE`, measured on the labels)."""

    min_paragraphs: int = ARTICLE_LENGTH_RULE.paragraphs
    min_words: int = ARTICLE_LENGTH_RULE.words
    magazine_page: ClassVar[bool] = True

    def length_rule(self) -> LengthRule:
        """The completeness check's floor for this type."""
        return LengthRule(paragraphs=self.min_paragraphs, words=self.min_words)

    def flow(self) -> Flow:
        """The shared article flow."""
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
    ArticleType(name="default", label="Article (generic rubric)", min_paragraphs=2, min_words=80)
)
