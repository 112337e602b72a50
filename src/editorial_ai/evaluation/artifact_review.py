"""Review any content type's artifact with its rubric: magazine layouts and plain-text drafts alike.

- A layout (a dict with `blocks`) goes through the pipeline's own `review_draft` (format -> grounding ->
  judge -> pass rule), so evaluation and calibration measure exactly what the pipeline enforces.
- Plain text (`text`, `research_brief`) gets the same stages with text checks: `format` is a structure check,
  `grounding` and `validation` are `review.deterministic` (claims against the passages, relevance to the
  question), `judge` is `evaluation.text_judge`; the pass rule and the weighted composite come from
  `review.scoring`, as for layouts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from editorial_ai.content_types.registry import content_type_or_generic
from editorial_ai.evaluation.text_judge import judge_text
from editorial_ai.llm.base import LLMClient
from editorial_ai.models.review import CriterionResult, ReviewResult
from editorial_ai.review.deterministic import deterministic_results, text_view
from editorial_ai.review.engine import ReviewContext, review_draft, summarize_review
from editorial_ai.review.profile import ReviewProfile
from editorial_ai.review.rubric import Rubric
from editorial_ai.review.scoring import composite_score, decide_pass, review_flags
from editorial_ai.review.sources import Sources

_NOT_ANSWERED = "_(not answered)_"


@dataclass
class ArtifactReview:
    """A ReviewResult plus the judge's justification and failure, if any."""

    result: ReviewResult
    justification: str = ""
    judge_error: str | None = None


def is_layout(draft: Any) -> bool:
    """Magazine layouts are dicts with blocks; everything else is reviewed as text."""
    return isinstance(draft, dict) and "blocks" in draft


def check_text_format(draft: str, sub_questions: list[str], criterion: str = "format",
                      question: str = "") -> CriterionResult:
    """Structure of a plain-text draft: a brief needs a title and an answered section per sub-question; an answer
    to a question may be one line; other text needs one full sentence."""
    problems: list[str] = []
    text = draft.strip()
    if sub_questions:
        if not re.search(r"^#\s+\S", text, re.MULTILINE):
            problems.append("a '# ' title line")
        sections = dict(re.findall(r"^##\s+(.+?)\s*\n(.*?)(?=^##\s|\Z)", text, re.MULTILINE | re.DOTALL))
        unanswered = [q for q in sub_questions
                      if not (body := sections.get(q.strip(), "").strip()) or body == _NOT_ANSWERED]
        if unanswered:
            problems.append(f"an answered '## ' section for {len(unanswered)} sub-question(s): "
                            + "; ".join(unanswered[:3]))
    elif question.strip():
        if not re.search(r"\w", text):
            problems.append("an answer to the question")
    else:
        # One full sentence is a well-formed answer: a short, correct summary must not fail format (it was a
        # fifth of a public labelled set never reaching the judge).
        if not any(len(s.split()) >= 3 for s in re.split(r"(?<=[.!?])\s+", text)):
            problems.append("at least one full sentence")
    if problems:
        return CriterionResult(criterion=criterion, passed=False, severity="critical", source="format", score=0.0,
                               reason="The draft is missing " + " and ".join(problems) + ".")
    return CriterionResult(criterion=criterion, passed=True, severity="critical", source="format", score=1.0,
                           reason="The draft has the expected structure.")


def _text_of(draft: Any) -> str:
    if isinstance(draft, str):
        return draft
    if isinstance(draft, dict):
        return str(draft.get("markdown") or draft.get("text") or "")
    return ""


async def review_text(draft: str, rubric: Rubric, sources: Sources, judge: LLMClient | None,
                      known_entities: dict[str, set[str]] | None = None, *,
                      profile: ReviewProfile) -> ArtifactReview:
    """Review a plain-text draft: format, claims against the passages, counted checks, then the judge."""
    results = [check_text_format(draft, sources.sub_questions, c.name, sources.question)
               for c in rubric.by_check("format")]
    judge_error: str | None = None
    justification = ""
    later = [c for c in rubric.criteria if c.check not in ("format",)]
    if not all(r.passed for r in results):
        results += [CriterionResult(criterion=c.name, passed=False, skipped=True, severity=c.severity, source=c.check,
                                    reason="Not run: the draft failed the format check.") for c in later]
    else:
        copies = any(c.name == "originality" for c in rubric.criteria)  # a text pasting its passages' lines copies
        view = text_view(draft, profile, curated_topics=sources.curated_topics,
                         enriched_contexts=sources.enriched_contexts, passages=sources.passages,
                         topic=sources.topic, question=sources.question, context=sources.sub_questions,
                         known_entities=known_entities, prompt_texts=sources.passages if copies else None)
        results += deterministic_results(rubric, view)
        if rubric.by_check("judge"):
            if judge is None:
                judge_error = "no judge model"
                results += [CriterionResult(criterion=c.name, passed=False, skipped=True, severity=c.severity,
                                            reason="Not run: no judge model configured.")
                            for c in rubric.by_check("judge")]
            else:
                judgement = await judge_text(judge, rubric, final_text=draft, sources_text=sources.as_text(),
                                             sub_questions=sources.sub_questions or None)
                results += judgement.criteria
                judge_error, justification = judgement.error, judgement.justification
    passed = decide_pass(rubric, results)
    result = ReviewResult(passed=passed, criteria=results, summary=summarize_review(passed, results, judge_error),
                          suggestions=[f"{r.criterion}: {r.reason}" for r in results if not r.passed and not r.skipped],
                          composite_score=composite_score(rubric, results),
                          judge_skipped=any(r.skipped for r in results), flags=review_flags(rubric, results))
    return ArtifactReview(result=result, justification=justification or result.summary, judge_error=judge_error)


async def review_artifact(draft: Any, rubric: Rubric, sources: Any, judge: LLMClient | None,
                          known_entities: dict[str, set[str]] | None = None, *,
                          question: str = "", profile: ReviewProfile | None = None) -> ArtifactReview:
    """Review a layout or a text draft; the judge's failure is reported, never raised. A text's `question` is
    context: names it holds are not claims of the draft, and a one-line answer to it is valid. `profile`: the
    draft's type's review rules (by default those of the type the rubric is named after)."""
    profile = profile or content_type_or_generic(rubric.name).review_profile()
    src = Sources.coerce(sources)
    if question:
        src.question = question
    if not is_layout(draft):
        return await review_text(_text_of(draft), rubric, src, judge, known_entities, profile=profile)
    context = ReviewContext(sources=src, known_entities=known_entities or {}, profile=profile)
    result = await review_draft(draft, rubric, context, judge)
    judged = [r for r in result.criteria if r.source == "judge"]
    failures = [r.reason for r in judged if r.skipped and ("Judge unavailable" in r.reason or "no judge" in r.reason)]
    judge_error = failures[0] if failures else None
    justification = " ".join(f"{r.criterion}: {r.reason}" for r in judged if not r.skipped) or result.summary
    return ArtifactReview(result=result, justification=justification[:600], judge_error=judge_error)
