"""Article review: the hybrid review (format, grounding, judge) in the shared review loop (seed 000 pattern 5).

A failed article goes back to the editorial node, with the components to correct when they can be told
apart (targeted correction) or for a full rewrite.
"""

from __future__ import annotations

import re

from editorial_ai.content_types.article.state import ArticleState
from editorial_ai.content_types.article.writer.chat_prompts import prompt_lines
from editorial_ai.content_types.article.writer.outline import build_outline
from editorial_ai.content_types.article.writer.targets import correction_targets
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.state_json import CuratedTopicJson, SourcePostJson, json_list
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes._common import judge_model
from editorial_ai.pipeline.review_loop import (
    Correction,
    ReviewedAttempt,
    ReviewLoop,
    now_iso,
    review_node_maker,
)
from editorial_ai.pipeline.state import Draft, HistoryEntry, ReviewJson
from editorial_ai.review.engine import ReviewContext, review_draft
from editorial_ai.review.policy import draft_similarity
from editorial_ai.review.rubric import Rubric
from editorial_ai.review.sources import Sources


def draft_text(draft: Draft | None) -> str:
    """The words of a layout, for similarity checks: the standfirst too (left out, a revision that rewrote only a
    standfirst the review had found echoing its headline read as 100% the same, and the run escalated)."""
    if not draft:
        return ""
    parts = [str(draft.get("title") or "")]
    for block in json_list(draft.get("blocks")):
        if isinstance(block, dict):
            parts += [str(block.get("overlay_subtitle") or ""), *(str(p) for p in json_list(block.get("paragraphs"))),
                      str(block.get("quote") or "")]
    return "\n".join(p for p in parts if p)


_QUOTED_CLAIM = re.compile(r'^(?:body_paragraphs\[\d+\]|title|subtitle):\s*"(.+?)"\s+—\s')


def writer_fact_lines(topics: list[CuratedTopicJson], contexts: list[SourcePostJson]) -> list[str]:
    """The fact lines and paragraph roles the writer was given: a body sentence that copies one ("On 5 May 2025 at
    magazine cover shoot, she wore Balenciaga Le Cagole Bag in grey leather, ...") is an originality finding fed
    back."""
    keyword = str(topics[0].get("keyword", "")) if topics else ""
    return prompt_lines(build_outline(keyword, topics, contexts))


def quoted_sentences(review: ReviewJson) -> list[str]:
    """The body, headline and standfirst sentences a review's failed criteria quote (a quote cut with "…" as the
    part it shows)."""
    found = [match[1].removesuffix("…").strip() for criterion in review.get("criteria", [])
             if not criterion.get("passed", True)
             for line in criterion.get("evidence", []) or [] if (match := _QUOTED_CLAIM.match(str(line)))]
    return list(dict.fromkeys(q for q in found if q))


class ArticleReviewLoop(ReviewLoop[ArticleState]):
    """Articles: judged by the review engine against the run's rubric; corrected by the editorial node."""

    node = "review"
    correct_node = "editorial"

    async def assess(self, state: ArticleState, deps: PipelineDeps, rubric: Rubric) -> ReviewedAttempt:
        """Format and grounding checks, then the judge, on the current layout."""
        judge = deps.llm("review", judge_model(state, deps.settings), int(state.get("revision_count", 0)))
        topics, contexts = state.get("curated_topics", []), state.get("enriched_contexts", [])
        profile = self.review_profile(state, deps)
        context = ReviewContext(
            sources=Sources(curated_topics=topics, enriched_contexts=contexts),
            known_entities=await deps.catalog.known_entities(),
            profile=profile,
            prompt_texts=[*profile.example_texts, *writer_fact_lines(topics, contexts)],
        )
        draft = state.get("current_draft")
        result = await review_draft(draft, rubric, context, judge)
        entry: HistoryEntry = {
            "cycle": len(state.get("review_history", [])) + 1,
            "attempt": state.get("draft_version", 0),
            "passed": result.passed,
            "composite_score": result.composite_score,
            "pass_rule": rubric.pass_rule,
            "threshold": rubric.threshold,
            "scores": {c.criterion: c.score for c in result.criteria},
            "validation": [c.model_dump(mode="json") for c in result.criteria if c.source in ("format", "grounding")],
            "failed": [c.criterion for c in result.failed()],
            "skipped": [c.criterion for c in result.criteria if c.skipped],
            "correction_target": None,
            "at": now_iso(),
        }
        reviewed: ArticleState = {"last_reviewed_text": draft_text(draft)}
        return ReviewedAttempt(review=result, entry=entry, draft=draft, title=str((draft or {}).get("title") or ""),
                               state_fields=reviewed)

    def best_fields(self, state: ArticleState) -> ArticleState:
        """The structured content of the best layout, which a targeted correction patches."""
        return {"best_content": state.get("current_content")}

    def similarity(self, state: ArticleState, attempt: ReviewedAttempt) -> float:
        """How much this attempt repeats the previous one. When the previous review quoted sentences, the share of
        them still there word for word: a revision that fixes three quoted sentences in a 500-word article leaves
        the draft 98% the same and has still done its work. Otherwise the reviewed texts are compared whole."""
        text = draft_text(attempt.draft)
        quoted = quoted_sentences(state.get("review_result") or {})
        if quoted and text:
            return sum(sentence in text for sentence in quoted) / len(quoted)
        return draft_similarity(state.get("last_reviewed_text") or "", text)

    def plan(self, state: ArticleState, attempt: ReviewedAttempt, rubric: Rubric) -> Correction | None:
        """The failed components of the structured content, or a full rewrite when none can be singled out."""
        targets = None
        if state.get("current_content"):
            targets = correction_targets(attempt.review, EditorialContent.model_validate(state["current_content"]))
        return Correction(targets=targets or [], entry={"correction_target": targets or "full"})


ARTICLE_REVIEW_LOOP = ArticleReviewLoop()
make_review_node = review_node_maker(ARTICLE_REVIEW_LOOP)
