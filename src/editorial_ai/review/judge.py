"""LLM-as-a-judge at temperature 0, in two forms.

- A judge that reads token probabilities (the embedded model, `llm.base.ProbabilityScorer`) is asked one yes/no
  question per criterion after the draft (G-Eval / GPTScore style): the score is P(Yes), the verdict is the
  score against the criterion's threshold from the reliability table, and the reason is a template of the
  criterion and its score. A small base model's free text contradicted its own verdicts; numbers cannot.
- Any other judge returns a structured verdict per criterion with a reason; a consistency guard repairs a score
  or a canned reason that contradicts the verdict and says so.

Every judge verdict carries the reliability table's figure for its backend; criteria the table does not trust
on that backend are marked advisory (review/scoring.py leaves them out of the pass rule).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, Field, create_model

from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest, ProbabilityScorer, probability_scorer
from editorial_ai.models.review import CriterionResult, Severity
from editorial_ai.models.state_json import Draft
from editorial_ai.prompts.review import (
    JUDGE_EXAMPLE,
    JUDGE_SYSTEM,
    NO,
    YES,
    build_judge_prompt,
    build_probability_document,
    build_probability_examples,
    build_probability_question,
    judged_parts,
    summarize_draft,
    template_reason,
)
from editorial_ai.review.consistency import contradiction
from editorial_ai.review.reliability import JudgePolicy, ReliabilityTable, shipped_reliability
from editorial_ai.review.rubric import Criterion


class JudgeItem(BaseModel):
    """The judge's verdict on one criterion: a 0-1 score, pass/fail and an actionable reason."""

    score: float = Field(0.5, ge=0.0, le=1.0)
    passed: bool
    reason: str = Field(max_length=240)
    severity: Severity = "major"


@lru_cache(maxsize=64)
def judge_schema(criteria_names: tuple[str, ...]) -> type[BaseModel]:
    """A schema whose keys are the criteria, so even a small model cannot invent or drop one."""
    fields: dict[str, Any] = {name: (JudgeItem, ...) for name in criteria_names}  # create_model's keyword fields
    return create_model("JudgeVerdict_" + "_".join(criteria_names)[:60], **fields)


# The sources line of a document whose questions do not read them (the judged criteria name their parts).
NOT_READ = "(not needed for these questions)"


@dataclass(frozen=True)
class JudgeDocument:
    """What a probability judge reads: the draft as text, its sources and the context of the questions."""

    kind: str  # "article" | "text" | "exam_item": picks the fictional few-shot
    text: str
    sources: str
    topic: str = ""
    level: str = ""  # target Bloom's level (exam items)


def skipped_results(criteria: list[Criterion], reason: str) -> list[CriterionResult]:
    """Criteria the judge could not answer: skipped, never passed."""
    return [CriterionResult(criterion=c.name, passed=False, skipped=True, reason=reason, severity=c.severity,
                            source="judge") for c in criteria]


def mark_reliability(results: list[CriterionResult], backend: str, content_type: str,
                     table: ReliabilityTable | None = None) -> list[CriterionResult]:
    """Attach the table's figure to each judge verdict and mark the criteria it does not trust as advisory."""
    table = table or shipped_reliability()
    for result in results:
        if result.source == "judge" and not result.skipped:
            policy = table.policy(backend, content_type, result.criterion)
            result.advisory, result.reliability = policy.advisory, policy.note
    return results


async def judge_by_probability(scorer: ProbabilityScorer, document: JudgeDocument, criteria: list[Criterion], *,
                               content_type: str, table: ReliabilityTable | None = None,
                               ) -> tuple[list[CriterionResult], str | None]:
    """One yes/no question per criterion after a shared prefix; score = P(Yes); templated reasons."""
    table = table or shipped_reliability()
    # Parts in this order so the examples and the draft are computed once and only each question is new.
    examples = build_probability_examples(document.kind, criteria, level=document.level)
    draft = build_probability_document(sources=document.sources, document=document.text)
    out: list[CriterionResult] = []
    for criterion in criteria:
        question = build_probability_question(criterion, topic=document.topic, level=document.level)
        try:
            probabilities = await scorer.score_options([examples, draft, question], [YES, NO])
        except LLMError as exc:
            return skipped_results(criteria, f"Judge unavailable ({exc}); a human must check this criterion."), \
                str(exc)
        out.append(verdict_from_score(criterion, probabilities[YES], table.policy(scorer.name, content_type,
                                                                                 criterion.name)))
    return out, None


def verdict_from_score(criterion: Criterion, score: float, policy: JudgePolicy) -> CriterionResult:
    """A measured score against the criterion's threshold on this backend, with a templated reason."""
    score = round(score, 4)
    return CriterionResult(
        criterion=criterion.name, passed=score >= policy.threshold, score=score, severity=criterion.severity,
        reason=template_reason(criterion, score, policy.threshold), source="judge", advisory=policy.advisory,
        reliability=policy.note)


def guarded_verdict(criterion: Criterion, item: JudgeItem, threshold: float = 0.5) -> CriterionResult:
    """A structured verdict whose score and reason agree with its pass flag (repaired, and said so, if not)."""
    notes = []
    score = item.score
    if item.passed and score < threshold:
        score = threshold
    elif not item.passed and score >= threshold:
        score = round(min(score, threshold - 0.01), 4)
    if score != item.score:
        notes.append(f"score {item.score:.2f} set to {score:.2f} to match the verdict")
    reason = item.reason.strip()
    evidence = []
    if not reason or contradiction(item.passed, reason):
        if reason:  # kept as evidence, never as the reason of the opposite verdict
            notes.append("the judge's reason contradicted its verdict and was replaced")
            evidence.append(f"the judge's own reason, which contradicted its verdict: {reason}")
        # A reason states what was found: with none from the judge, say so instead of quoting the criterion as if
        # it were the finding.
        reason = ("Meets the criterion (the judge gave no reason)." if item.passed else
                  f"The judge failed it without naming a problem; the criterion: {criterion.description.strip()}")
    if notes:
        reason = f"{reason.rstrip('.')} ({'; '.join(notes)})."
    return CriterionResult(criterion=criterion.name, passed=item.passed, reason=reason, score=score,
                           severity=criterion.severity if not item.passed else item.severity, source="judge",
                           evidence=evidence)


def topic_of(draft: Draft | None, sources_text: str) -> str:
    """The draft's keyword, else the first `Topic:` line of its sources (for the relevance question)."""
    keyword = str((draft or {}).get("keyword") or "").strip()
    if keyword:
        return keyword
    first = next((line for line in sources_text.splitlines() if line.startswith("Topic: ")), "")
    return first.removeprefix("Topic: ").split(" -- ")[0].strip()


async def run_judge(
    client: LLMClient, draft: Draft, sources_text: str, criteria: list[Criterion], *,
    content_type: str = "", table: ReliabilityTable | None = None,
) -> tuple[list[CriterionResult], str | None]:
    """Judge `criteria` of a layout; on failure return them as skipped plus the error (never as passes)."""
    if not criteria:
        return [], None
    scorer = probability_scorer(client)
    if scorer is not None:
        parts = judged_parts(criteria)
        sources = sources_text if parts is None or "sources" in parts else NOT_READ
        document = JudgeDocument(kind="article", text=summarize_draft(draft, parts=parts), sources=sources,
                                 topic=topic_of(draft, sources_text))
        results, error = await judge_by_probability(scorer, document, criteria, content_type=content_type,
                                                    table=table)
        if error is None or probability_scorer(client) is not None:  # else: no log-probabilities, ask instead
            return results, error
    schema = judge_schema(tuple(c.name for c in criteria))
    request = LLMRequest(
        system=JUDGE_SYSTEM,
        prompt=build_judge_prompt(draft, sources_text, criteria),
        few_shot=[JUDGE_EXAMPLE],
        output_schema=schema,
        temperature=0.0,
        max_tokens=600,
        purpose="judge",
    )
    try:
        result = await client.generate(request)
    except LLMError as exc:
        return skipped_results(criteria, f"Judge unavailable ({exc}); a human must check this criterion."), str(exc)
    out = [guarded_verdict(c, getattr(result.parsed, c.name)) for c in criteria]
    return mark_reliability(out, client.name, content_type, table), None
