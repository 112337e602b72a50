"""The judge prompt: the rubric text plus the draft and its sources."""

from __future__ import annotations

import json
from typing import Any

from editorial_ai.review.rubric import Criterion

JUDGE_SYSTEM = (
    "You are the editor-in-chief of a fashion magazine reviewing a draft. Judge each criterion strictly "
    "against the source material. For every criterion give a score from 0 to 1, passed (true/false), a specific, "
    "actionable "
    "reason that tells the writer what to change, and a severity (critical, major or minor)."
)

JUDGE_EXAMPLE = """Draft: "Quiet luxury on the runway" -- two paragraphs on knitwear, mentions Ana Lim and Brand A.
Sources: Ana Lim (artist); Brand A Knit Cardigan (product).
Verdict: {"fact_accuracy": {"score": 0.9, "passed": true, "reason": "Every name in the draft is in the sources.", \
"severity": "major"}, "content_completeness": {"score": 0.4, "passed": false, \
"reason": "Only one product is named; feature a second sourced product.", "severity": "major"}}"""


def summarize_draft(draft: dict[str, Any], max_chars: int = 1800) -> str:
    """A compact text view of a layout for the judge."""
    lines = [f"Title: {draft.get('title', '')}"]
    for block in draft.get("blocks", []):
        kind = block.get("type")
        if kind == "hero":
            lines.append(f"Subtitle: {block.get('overlay_subtitle', '')}")
        elif kind == "body_text":
            lines += [f"Paragraph: {p}" for p in block.get("paragraphs", [])]
        elif kind == "pull_quote":
            lines.append(f"Pull quote: {block.get('quote', '')}")
        elif kind == "celeb_feature":
            lines.append("Celebrities: " + ", ".join(c.get("name", "") for c in block.get("celebs", [])))
        elif kind == "product_showcase":
            lines.append(
                "Products: "
                + ", ".join(f"{p.get('brand', '')} {p.get('name', '')}".strip() for p in block.get("products", []))
            )
        elif kind == "hashtag_bar":
            lines.append("Hashtags: " + " ".join(block.get("hashtags", [])))
    return "\n".join(lines)[:max_chars]


def summarize_sources(
    curated_topics: list[dict[str, Any]], enriched_contexts: list[dict[str, Any]], max_chars: int = 1500
) -> str:
    """A compact text view of the source material."""
    lines: list[str] = []
    for topic in curated_topics:
        lines.append(f"Topic: {topic.get('keyword', '')} -- {topic.get('trend_background', '')}")
        celebs = ", ".join(c.get("name", "") for c in topic.get("celebrities", []))
        brands = ", ".join(b.get("name", "") for b in topic.get("brands_products", []))
        lines.append(f"Celebrities: {celebs}; Brands: {brands}")
    for post in enriched_contexts[:8]:
        products = ", ".join(s.get("title", "") for s in post.get("solutions", []))
        lines.append(f"Post: {post.get('artist_name', '')} / {post.get('context', '')}: {products}")
    return "\n".join(lines)[:max_chars] or json.dumps(curated_topics)[:max_chars]


def build_judge_prompt(draft: dict[str, Any], sources_text: str, criteria: list[Criterion]) -> str:
    """The judge's task text; the rubric lines are the same ones the writer saw."""
    rubric = "\n".join(f"- {c.name}: {c.description}" for c in criteria)
    return (
        f"Criteria:\n{rubric}\n\nSource material:\n{sources_text}\n\n"
        f"Draft:\n{summarize_draft(draft)}\n\nVerdict as JSON with one key per criterion:"
    )
