"""The article flow: curation -> design_spec -> source -> editorial -> enrich -> review, the review looping back
to editorial until it passes or escalates to the human gate. Imported when a graph is built."""

from __future__ import annotations

from langgraph.graph import END, StateGraph

from editorial_ai.content_types.article.nodes.curation import make_curation_node
from editorial_ai.content_types.article.nodes.design_spec import make_design_spec_node
from editorial_ai.content_types.article.nodes.editorial import make_editorial_node
from editorial_ai.content_types.article.nodes.enrich import make_enrich_node
from editorial_ai.content_types.article.nodes.review import ARTICLE_REVIEW_LOOP, make_review_node
from editorial_ai.content_types.article.nodes.source import make_source_node
from editorial_ai.content_types.article.state import ArticleState
from editorial_ai.pipeline.content_type import GATE_NODE, Flow
from editorial_ai.pipeline.loop_wiring import route_after_review as loop_router

ARTICLE_FLOW = "article"
ARTICLE_NODES = ("curation", "design_spec", "source", "editorial", "enrich", "review")


def route_after_curation(state: ArticleState) -> str:
    """Stop when curation found nothing to write about."""
    return "design_spec" if state.get("curated_topics") else END


def route_after_source(state: ArticleState) -> str:
    """Stop before drafting when the sourced posts cannot carry an article (no doomed drafts)."""
    return END if state.get("pipeline_status") == "failed" else "editorial"


# pass -> admin_gate; fail below the cap -> editorial; escalated -> admin_gate (flagged for a human); a review that
# crashed -> END: the shared loop's router.
route_after_review = loop_router(ARTICLE_REVIEW_LOOP.correct_node, GATE_NODE)


def _wire(graph: StateGraph) -> None:
    graph.add_conditional_edges("curation", route_after_curation, ["design_spec", END])
    graph.add_edge("design_spec", "source")
    graph.add_conditional_edges("source", route_after_source, ["editorial", END])
    graph.add_edge("editorial", "enrich")
    graph.add_edge("enrich", "review")
    graph.add_conditional_edges("review", route_after_review, [GATE_NODE, "editorial", END])


def article_flow() -> Flow:
    """The article part of the graph."""
    makers = {
        "curation": make_curation_node,
        "design_spec": make_design_spec_node,
        "source": make_source_node,
        "editorial": make_editorial_node,
        "enrich": make_enrich_node,
        "review": make_review_node,
    }
    return Flow(name=ARTICLE_FLOW, entry="curation", revision_entry="editorial", nodes=makers, wire=_wire,
                state=ArticleState)
