"""LLM-as-judge for plain-text artifacts (research briefs, `text` drafts): scores, verdicts, justification.

The judge reads the same rubric text as the critic (`prompts.critic_judge`). Answers are parsed defensively:
fences and prose are stripped, scores like "8/10" or "80%" are normalized to 0-1, a criterion given only a
score or only a verdict is completed from the other, and `comprehensiveness_score`-style flat keys are
accepted. A criterion the judge left out is recorded as skipped, never as a pass; a judge that fails
altogether (provider error, unreadable answer) yields skipped criteria plus the error.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, Field, create_model

from editorial_ai.llm.answer_parsing import ParseError, coerce_bool, coerce_score, find_key, loads_lenient
from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest, StructuredOutputError, probability_scorer
from editorial_ai.models.review import CriterionResult
from editorial_ai.prompts.critic_judge import build_judge_prompt, judge_prompt_fragments
from editorial_ai.review.consistency import contradiction
from editorial_ai.review.judge import JudgeDocument, JudgeItem, judge_by_probability, mark_reliability, topic_of
from editorial_ai.review.rubric import Criterion, Rubric


@dataclass
class TextJudgement:
    """Per-criterion verdicts for the judged criteria, the judge's justification and any failure."""

    criteria: list[CriterionResult]
    justification: str = ""
    error: str | None = None


@lru_cache(maxsize=32)
def text_judge_schema(names: tuple[str, ...]) -> type[BaseModel]:
    """One JudgeItem per criterion, then a justification."""
    fields: dict[str, Any] = {name: (JudgeItem, ...) for name in names}
    fields["justification"] = (str, Field("", max_length=300))
    return create_model("TextJudgeVerdict_" + "_".join(names)[:60], **fields)


def _skipped(criteria: list[Criterion], why: str) -> list[CriterionResult]:
    return [CriterionResult(criterion=c.name, passed=False, skipped=True, reason=why, severity=c.severity,
                            source="judge") for c in criteria]


def _verdict(criterion: Criterion, raw: Any, flat_score: Any) -> CriterionResult | None:
    item = raw if isinstance(raw, dict) else {"score": raw} if raw is not None else {}
    score = coerce_score(find_key(item, "score", "rating")) if item else None
    if score is None and flat_score is not None:
        score = coerce_score(flat_score)
    passed = coerce_bool(find_key(item, "passed", "pass", "verdict")) if item else None
    if isinstance(raw, bool):
        passed, score = raw, None
    if score is None and passed is None:
        return None
    if passed is None:
        passed = bool(score is not None and score >= 0.5)
    if score is None:
        score = 1.0 if passed else 0.0
    score = max(score, 0.5) if passed else min(score, 0.49)  # verdict and score never disagree
    reason = str(find_key(item, "reason", "justification", "comment") or "").strip()[:240]
    evidence = []
    if reason and contradiction(passed, reason):  # a reason of the opposite verdict is kept as evidence only
        evidence = [f"the judge's own reason, which contradicted its verdict: {reason}"]
        reason = f"{'Meets the criterion' if passed else 'Fails: ' + criterion.description.rstrip('.')} " \
                 "(the judge's reason contradicted its verdict and was replaced)."
    return CriterionResult(criterion=criterion.name, passed=passed, score=round(score, 4), source="judge",
                           evidence=evidence,
                           reason=reason or ("Meets the criterion." if passed else f"Fails: {criterion.description}"),
                           severity="minor" if passed else criterion.severity)


def judgement_from_data(data: dict[str, Any], criteria: list[Criterion]) -> TextJudgement:
    """Verdicts from a decoded answer; criteria the answer does not cover are skipped."""
    results: list[CriterionResult] = []
    missing: list[str] = []
    for criterion in criteria:
        verdict = _verdict(criterion, find_key(data, criterion.name), find_key(data, f"{criterion.name}_score"))
        if verdict is None:
            missing.append(criterion.name)
            results += _skipped([criterion], "The judge gave no verdict on this criterion.")
        else:
            results.append(verdict)
    justification = str(find_key(data, "justification", "summary", "rationale") or "").strip()
    if not justification:
        justification = " ".join(f"{r.criterion}: {r.reason}" for r in results if not r.skipped)
    error = None
    if len(missing) == len(criteria):
        error = "the judge answered none of the criteria"
    return TextJudgement(criteria=results, justification=justification[:600], error=error)


def parse_judgement(text: str, criteria: list[Criterion]) -> TextJudgement:
    """Parse a judge answer; an unreadable one skips every criterion and records why."""
    try:
        return judgement_from_data(loads_lenient(text), criteria)
    except ParseError as exc:
        return TextJudgement(criteria=_skipped(criteria, f"Judge answer unreadable ({exc})."), error=str(exc))


async def judge_text(client: LLMClient, rubric: Rubric, *, final_text: str, sources_text: str,
                     sub_questions: list[str] | None = None) -> TextJudgement:
    """Score `final_text` on the rubric's judge criteria at temperature 0."""
    criteria = rubric.by_check("judge")
    if not criteria:
        return TextJudgement(criteria=[])
    scorer = probability_scorer(client)
    if scorer is not None:  # measure P(Yes) per criterion instead of generating verdict text
        document = JudgeDocument(kind="text", text=final_text, sources=sources_text,
                                 topic=topic_of(None, sources_text))
        results, error = await judge_by_probability(scorer, document, criteria, content_type=rubric.name)
        if error is None or probability_scorer(client) is not None:  # else: no log-probabilities, ask instead
            return TextJudgement(criteria=results, error=error,
                                 justification=" ".join(f"{r.criterion}: {r.reason}" for r in results)[:600])
    fragments = judge_prompt_fragments(rubric)
    request = LLMRequest(
        system=fragments.system, few_shot=[fragments.example], temperature=0.0, max_tokens=700, purpose="judge",
        output_schema=text_judge_schema(tuple(c.name for c in criteria)),
        prompt=build_judge_prompt(rubric, final_text=final_text, sources_text=sources_text,
                                  sub_questions=sub_questions),
    )
    try:
        result = await client.generate(request)
    except StructuredOutputError as exc:
        return parse_judgement(exc.raw_text, criteria)
    except LLMError as exc:
        return TextJudgement(criteria=_skipped(criteria, f"Judge unavailable ({exc}); a human must check this."),
                             error=str(exc))
    if isinstance(result.parsed, BaseModel):
        judgement = judgement_from_data(result.parsed.model_dump(), criteria)
    else:
        judgement = parse_judgement(result.text, criteria)
    mark_reliability(judgement.criteria, client.name, rubric.name)
    return judgement
