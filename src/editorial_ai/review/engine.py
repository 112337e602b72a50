"""The hybrid review: format (fail fast) -> claims against sources and counted checks -> LLM judge -> pass rule."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from editorial_ai.llm.base import LLMClient
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.models.review import CriterionResult, ReviewResult
from editorial_ai.models.state_json import Draft
from editorial_ai.review.deterministic import deterministic_results, layout_view
from editorial_ai.review.format_check import check_format
from editorial_ai.review.judge import run_judge
from editorial_ai.review.model_prose import model_prose_flags
from editorial_ai.review.profile import ARTICLE_PROFILE, ReviewProfile
from editorial_ai.review.rubric import Rubric
from editorial_ai.review.scoring import composite_score, decide_pass, review_flags
from editorial_ai.review.sources import Sources
from editorial_ai.review.steering import steering_flags


@dataclass
class ReviewContext:
    """Everything the review needs besides the draft."""

    sources: Sources = field(default_factory=Sources)
    known_entities: dict[str, set[str]] = field(default_factory=dict)
    # The draft's type-dependent rules, from its content type (the flagship article's when none is handed in, so
    # calibration and the CLI work without a run).
    profile: ReviewProfile = ARTICLE_PROFILE
    # The example and instruction text the writer's prompt showed (the originality check compares against it);
    # None: the profile's examples.
    prompt_texts: list[str] | None = None


def _not_run(rubric: Rubric, names: list[str], why: str) -> list[CriterionResult]:
    out = []
    for name in names:
        criterion = rubric.get(name)
        out.append(
            CriterionResult(
                criterion=name,
                passed=False,
                skipped=True,
                reason=why,
                severity=criterion.severity if criterion else "major",
                source=criterion.check if criterion else "judge",
            )
        )
    return out


_RANK = {"minor": 0, "major": 1, "critical": 2}


def rubric_severities(rubric: Rubric, results: list[CriterionResult]) -> list[CriterionResult]:
    """Every verdict reports its criterion's severity from the rubric: checks hard-code one, and a judge that
    omits it defaulted to "major", so a `minor` criterion read as MAJOR on the desk. A judged criterion whose
    rubric sets `judge_may_raise` keeps a higher severity the judge reported."""
    out = []
    for result in results:
        criterion = rubric.get(result.criterion)
        if criterion is None or result.severity == criterion.severity:
            out.append(result)
            continue
        raised = (criterion.check == "judge" and criterion.judge_may_raise and not result.passed
                  and _RANK[result.severity] > _RANK[criterion.severity])
        out.append(result if raised else result.model_copy(update={"severity": criterion.severity}))
    return out


def summarize_review(passed: bool, results: list[CriterionResult], judge_error: str | None) -> str:
    """One line: passed or failed, which criteria failed, which were not checked and why."""
    failed = [r.criterion for r in results if not r.passed and not r.skipped]
    skipped = [r.criterion for r in results if r.skipped]
    parts = ["Passed review." if passed else "Failed review."]
    if failed:
        parts.append("Failed: " + ", ".join(failed) + ".")
    if skipped:
        parts.append("Not checked: " + ", ".join(skipped) + (f" (judge error: {judge_error})." if judge_error else "."))
    return " ".join(parts)


def deterministic_review(layout: MagazineLayout | None, rubric: Rubric,
                         context: ReviewContext) -> list[CriterionResult]:
    """The rubric's grounding and validation verdicts for a parsed layout (no model call)."""
    names = [c.name for c in rubric.criteria if c.check in ("grounding", "validation")]
    if layout is None:
        return _not_run(rubric, names, "Not run: the draft could not be parsed as a layout.")
    view = layout_view(layout, context.profile, context.sources.curated_topics, context.sources.enriched_contexts,
                       context.known_entities, context.prompt_texts)
    return deterministic_results(rubric, view, layout)


async def review_draft(
    draft: Draft | None, rubric: Rubric, context: ReviewContext, judge: LLMClient | None
) -> ReviewResult:
    """Review a MagazineLayout dict against its sources with the rubric's checks."""
    results: list[CriterionResult] = []
    format_names = [c.name for c in rubric.by_check("format")]
    later = [c.name for c in rubric.criteria if c.check != "format"]
    layout = None
    for name in format_names:
        verdict, layout = check_format(draft, criterion=name)
        results.append(verdict)
    if format_names and not all(r.passed for r in results):
        results += _not_run(rubric, later, "Not run: the draft failed the format check.")
        results = rubric_severities(rubric, results)
        return ReviewResult(
            passed=False,
            criteria=results,
            summary=summarize_review(False, results, None),
            suggestions=[r.reason for r in results if not r.passed and not r.skipped],
            composite_score=composite_score(rubric, results),
        )
    if layout is None:
        _, layout = check_format(draft)
    judge_error: str | None = None
    judged = rubric.by_check("judge")
    judging: asyncio.Task[tuple[list[CriterionResult], str | None]] | None = None
    if judged and judge is not None and draft is not None:
        # The judge does not read the deterministic verdicts: its request goes out first and the checks run while
        # it is in flight, so their CPU time hides behind the model's latency instead of adding to it.
        sources = context.sources.summary()
        judging = asyncio.ensure_future(run_judge(judge, draft, sources, judged, content_type=rubric.name))
        await asyncio.sleep(0)  # let the request start before the CPU-bound checks hold the loop
    try:
        results += deterministic_review(layout, rubric, context)
    except BaseException:
        if judging is not None:
            judging.cancel()
        raise
    if judged and judge is None:
        results += _not_run(rubric, [c.name for c in judged], "Not run: no judge model configured.")
        judge_error = "no judge model"
    elif judging is not None:
        verdicts, judge_error = await judging
        results += verdicts
    order = {c.name: i for i, c in enumerate(rubric.criteria)}
    results = rubric_severities(rubric, results)
    results.sort(key=lambda r: order.get(r.criterion, len(order)))  # report in rubric order
    passed = decide_pass(rubric, results)
    suggestions = [f"{r.criterion}: {r.reason}" for r in results if not r.passed and not r.skipped]
    return ReviewResult(
        passed=passed,
        criteria=results,
        summary=summarize_review(passed, results, judge_error),
        suggestions=suggestions,
        composite_score=composite_score(rubric, results),
        judge_skipped=any(r.skipped for r in results),
        # Prose is flagged on a pass only: a failing draft goes back for correction, not to the editor.
        flags=[*review_flags(rubric, results), *(model_prose_flags(layout) if passed else []),
               *steering_flags(draft)],  # pass or fail: text aimed at the reviewer is the editor's to see
    )
