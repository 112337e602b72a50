"""Exam items: generation, scoring on the rubric's five dimensions, targeted correction, publishing.

The review engine pieces are shared with articles: the rubric (`content_types/exam_item/rubric.yaml`) drives the
composite score and the pass rule (review/scoring.py), review/policy.py caps the loop, review/correction.py
regenerates named components. What is specific to exam items lives here: which component a weak dimension
points at, and how an item is judged and rendered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, select_autoescape
from markupsafe import Markup
from pydantic import BaseModel, Field, create_model

from editorial_ai.content_types.exam_item.prompts import (
    EXAM_CORRECTION_EXAMPLE,
    EXAM_CORRECTION_SYSTEM,
    EXAM_EXAMPLE,
    EXAM_JUDGE_EXAMPLE,
    EXAM_JUDGE_SYSTEM,
    EXAM_SYSTEM,
    build_exam_judge_prompt,
    build_exam_prompt,
)
from editorial_ai.content_types.exam_item.validators import key_consistency_result
from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest, probability_scorer
from editorial_ai.models.exam_item import OPTION_LETTERS, ExamItem, ExamRequest, ValidationResult
from editorial_ai.models.review import CriterionResult, ReviewResult
from editorial_ai.models.run_request import EXAM_CONTENT_TYPE
from editorial_ai.models.state_json import CorrectionPlanJson, DimensionJson, Draft, FeedbackJson, RunInputJson
from editorial_ai.review.correction import correct_components, validate_components
from editorial_ai.review.judge import JudgeDocument, judge_by_probability, mark_reliability
from editorial_ai.review.rubric import Criterion, Rubric
from editorial_ai.review.scoring import composite_score, decide_pass, review_flags
from editorial_ai.services.structured_generation import generate_content

EXAM_MAX_CORRECTIONS = 2  # seed 002: at most two self-correction loops, then a human
DIMENSION_COMPONENT = {
    "clinical_accuracy": "vignette",
    "distractor_quality": "distractors",
    "pedagogical_alignment": "stem",
    "blooms_match": "stem",
    "slo_coverage": "stem",  # or the vignette, when the judge's feedback is about the case (see below)
}
_OPTION_ITEM = re.compile(r"^options\[(\d+)\]$")
_ABOUT_THE_CASE = re.compile(r"\b(vignette|case|scenario|presentation|history|findings?|patient)\b", re.I)


# --- request ---------------------------------------------------------------------------------------------
def exam_request_from_input(curation_input: RunInputJson | None) -> ExamRequest:
    """The exam request of a run: `seed_keyword` (or `topic`) plus optional `slo` and `blooms_level`."""
    data: RunInputJson = curation_input or {}
    topic = str(data.get("topic") or data.get("seed_keyword") or "").strip()
    options = {"slo": data.get("slo"), "blooms_level": data.get("blooms_level")}
    return ExamRequest.model_validate({"topic": topic, **{key: value for key, value in options.items() if value}})


# --- judging ---------------------------------------------------------------------------------------------
class DimensionScore(BaseModel):
    """The judge's score of one dimension (seed 002 QualityDimension without the weight)."""

    score: float = Field(0.5, ge=0.0, le=1.0)
    feedback: str = Field("", max_length=240)


@lru_cache(maxsize=16)
def exam_score_schema(names: tuple[str, ...]) -> type[BaseModel]:
    """One key per judged dimension, so the judge can neither drop nor invent one."""
    fields: dict[str, Any] = {name: (DimensionScore, ...) for name in names}  # create_model's keyword fields
    return create_model("ExamScores_" + "_".join(names)[:60], **fields)


def validation_result_for(criterion: Criterion, validation: ValidationResult) -> CriterionResult:
    """The `validation` criterion's verdict: pass without errors; every finding is kept as evidence."""
    errors = validation.errors()
    reason = ("; ".join(f"{i.field}: {i.message}" for i in errors) if errors
              else "Structure is complete" + (f" ({len(validation.warnings())} warning(s))"
                                              if validation.warnings() else "."))
    return CriterionResult(criterion=criterion.name, passed=validation.is_valid, reason=reason[:600],
                           severity=criterion.severity, score=1.0 if validation.is_valid else 0.0,
                           source="validation",
                           evidence=[f"{i.severity}: {i.field}: {i.message}" for i in validation.issues])


def _not_run(criteria: list[Criterion], why: str) -> list[CriterionResult]:
    return [CriterionResult(criterion=c.name, passed=False, skipped=True, reason=why, severity=c.severity,
                            source="judge") for c in criteria]


@dataclass
class ExamEvaluation:
    """A scored cycle: the review (rubric verdicts, composite, pass) plus the judge's error, if any."""

    review: ReviewResult
    judge_error: str | None = None

    def dimensions(self, rubric: Rubric) -> list[DimensionJson]:
        """Seed 002 QualityDimension list: name, score, feedback, weight (judged dimensions only)."""
        out: list[DimensionJson] = []
        for result in self.review.criteria:
            criterion = rubric.get(result.criterion)
            if result.source == "judge" and criterion is not None and not result.skipped:
                out.append({"name": result.criterion, "score": result.score, "feedback": result.reason,
                            "weight": criterion.weight})
        return out


# --- correction planning ---------------------------------------------------------------------------------
@dataclass
class CorrectionPlan:
    """What one self-correction regenerates and why (seed 002 SelfCorrectionFeedback)."""

    target: str  # vignette | stem | distractors | explanation | answer_key | a comma list for validation errors
    components: list[str]
    dimension: str | None = None
    feedback: list[str] = field(default_factory=list)

    def as_dict(self) -> CorrectionPlanJson:
        """JSON form for state and the audit trail."""
        return {"target": self.target, "components": self.components, "dimension": self.dimension,
                "feedback": self.feedback}


def weakest_dimension(review: ReviewResult, rubric: Rubric) -> CriterionResult | None:
    """The lowest-scoring judged dimension; ties go to the heavier weight, then rubric order."""
    order = {c.name: i for i, c in enumerate(rubric.criteria)}
    scored = [r for r in review.criteria if r.source == "judge" and not r.skipped and r.score is not None]
    if not scored:
        return None

    def key(result: CriterionResult) -> tuple[float, float, int]:
        criterion = rubric.get(result.criterion)
        return (float(result.score or 0.0), -(criterion.weight if criterion else 0.0), order.get(result.criterion, 99))

    return min(scored, key=key)


def components_for_dimension(name: str, item: ExamItem, feedback: str = "") -> tuple[str, list[str]]:
    """(target, components) a weak dimension points at; distractors are the wrong options only."""
    target = DIMENSION_COMPONENT.get(name, "stem")
    if name == "slo_coverage" and _ABOUT_THE_CASE.search(feedback):
        target = "vignette"
    if target == "distractors":
        return target, [f"options[{i}]" for i in item.distractor_indexes()]
    return target, [target]


def components_for_validation(validation: ValidationResult) -> tuple[str, list[str]]:
    """(target, components) for structural errors: each failing field; a broken option list is rewritten whole
    together with its answer key so the two stay consistent."""
    fields = validation.fields_with_errors()
    components: list[str] = []
    for name in fields:
        if name == "distractors":
            components += ["options", "answer_key"]
        else:
            components.append(name)
    return ",".join(fields), list(dict.fromkeys(components))


def plan_correction(evaluation: ExamEvaluation, validation: ValidationResult, item: ExamItem,
                    rubric: Rubric) -> CorrectionPlan | None:
    """Validation errors -> their fields; otherwise the weakest dimension's component only."""
    if not validation.is_valid:
        target, components = components_for_validation(validation)
        feedback = [f"{i.field}: {i.message}" for i in validation.errors()]
        return CorrectionPlan(target=target, components=components, dimension="validation", feedback=feedback)
    weakest = weakest_dimension(evaluation.review, rubric)
    if weakest is None:
        return None
    target, components = components_for_dimension(weakest.criterion, item, weakest.reason)
    if not components:
        return None
    feedback = [f"{weakest.criterion} (score {weakest.score:.2f}): {weakest.reason}"]
    field_name = "distractors" if target == "distractors" else target
    feedback += [f"{i.field}: {i.message}" for i in validation.warnings() if i.field == field_name]
    return CorrectionPlan(target=target, components=components, dimension=weakest.criterion, feedback=feedback)


def components_text(item: ExamItem | Draft | None, components: list[str]) -> str:
    """The text of some components (to tell whether a correction changed anything)."""
    if item is None:
        return ""
    data: Draft = item.model_dump(mode="json") if isinstance(item, ExamItem) else item
    parts = []
    for component in components:
        match = re.match(r"^([a-z_]+)(?:\[(\d+)\])?$", component)
        if not match:
            continue
        value = data.get(match.group(1))
        if match.group(2) is not None and isinstance(value, list):
            index = int(match.group(2))
            value = value[index] if index < len(value) else None
        parts.append(str(value))
    return "\n".join(parts)


# --- the service -----------------------------------------------------------------------------------------
def reconcile_answer_key(item: ExamItem) -> ExamItem:
    """The answer key and the is_correct flags state one fact twice; when only the key states it, mark the keyed
    option. Contradictions (several flags, or a flag that disagrees with the key) are left for validation."""
    keyed = item.keyed_index()
    if keyed is not None and keyed < len(item.options) and not item.correct_indexes():
        item.options[keyed].is_correct = True
    return item


class ExamItemService:
    """Writes, judges and corrects exam items with one LLM client."""

    def __init__(self, llm: LLMClient) -> None:
        self.llm = llm

    async def generate(self, *, request: ExamRequest, rubric: Rubric,
                       feedback_history: list[FeedbackJson] | None = None) -> tuple[ExamItem, int]:
        """A whole item (structured output, rubric in the prompt, one worked example); returns (item, repairs)."""
        prompt = build_exam_prompt(request=request, rubric_text=rubric.as_prompt_text(),
                                   feedback_history=feedback_history or [])
        llm_request = LLMRequest(system=EXAM_SYSTEM, prompt=prompt, few_shot=[EXAM_EXAMPLE], output_schema=ExamItem,
                                 temperature=0.7, max_tokens=1300, prefill={"topic": request.topic},
                                 purpose="exam_generate")
        item, repairs = await generate_content(self.llm, llm_request)
        assert isinstance(item, ExamItem)
        item.topic = request.topic
        return reconcile_answer_key(item), repairs

    async def judge(self, *, item: ExamItem, request: ExamRequest, criteria: list[Criterion],
                    threshold: float) -> tuple[list[CriterionResult], str | None]:
        """Score each dimension 0-1 at temperature 0; a dimension passes at `threshold`. Failures are skipped,
        never passed."""
        if not criteria:
            return [], None
        scorer = probability_scorer(self.llm)
        if scorer is not None:  # readable probabilities: P(Yes) per dimension, thresholds from the reliability table
            document = JudgeDocument(kind="exam_item", text=item.as_text(), sources=request.as_source_text(),
                                     topic=request.topic, level=request.blooms_level)
            results, error = await judge_by_probability(scorer, document, criteria, content_type=EXAM_CONTENT_TYPE)
            if error is None or probability_scorer(self.llm) is not None:  # else: no log-probabilities, ask instead
                return results, error
        schema = exam_score_schema(tuple(c.name for c in criteria))
        llm_request = LLMRequest(system=EXAM_JUDGE_SYSTEM, prompt=build_exam_judge_prompt(item, request, criteria),
                                 few_shot=[EXAM_JUDGE_EXAMPLE], output_schema=schema, temperature=0.0,
                                 max_tokens=110 * len(criteria) + 60, purpose="judge")
        try:
            verdict = (await self.llm.generate(llm_request)).parsed
        except LLMError as exc:
            return _not_run(criteria, f"Judge unavailable ({exc}); a human must score this dimension."), str(exc)
        out = []
        for criterion in criteria:
            scored: DimensionScore = getattr(verdict, criterion.name)
            passed = scored.score >= threshold
            reason = scored.feedback.strip() or (  # what was found; without a judge's word, say there was none
                "Meets the dimension (the judge gave no feedback)." if passed else
                f"Scored {scored.score:.2f} without a named problem; the dimension: {criterion.description.strip()}")
            out.append(CriterionResult(criterion=criterion.name, passed=passed, reason=reason, score=scored.score,
                                       severity=criterion.severity, source="judge"))
        return mark_reliability(out, self.llm.name, EXAM_CONTENT_TYPE), None

    async def evaluate(self, *, item: ExamItem, validation: ValidationResult, request: ExamRequest,
                       rubric: Rubric) -> ExamEvaluation:
        """Validation verdict, then (only for a structurally valid item) the judge; then the rubric's pass rule."""
        results = [key_consistency_result(c.name, item, validation, c.severity) if c.name == "key_consistency"
                   else validation_result_for(c, validation) for c in rubric.by_check("validation")]
        judged = rubric.by_check("judge")
        judge_error = None
        if validation.is_valid:
            verdicts, judge_error = await self.judge(item=item, request=request, criteria=judged,
                                                     threshold=rubric.threshold)
            results += verdicts
        else:
            results += _not_run(judged, "Not run: the item failed structural validation.")
        passed = decide_pass(rubric, results)
        failed = [r for r in results if not r.passed and not r.skipped]
        summary = ("Passed review." if passed else "Failed review.") + (
            " Failed: " + ", ".join(r.criterion for r in failed) + "." if failed else "")
        review = ReviewResult(passed=passed, criteria=results, summary=summary,
                              suggestions=[f"{r.criterion}: {r.reason}" for r in failed],
                              composite_score=composite_score(rubric, results),
                              judge_skipped=any(r.skipped for r in results), flags=review_flags(rubric, results))
        return ExamEvaluation(review=review, judge_error=judge_error)

    async def correct(self, *, item: ExamItem, plan: CorrectionPlan, request: ExamRequest) -> ExamItem:
        """Regenerate only the planned components; rewritten distractors stay wrong options."""
        components = validate_components(ExamItem, item, plan.components)
        if not components:
            return item
        context = (f"{request.as_source_text()}\n"
                   f"The question as it stands (keep what is not rewritten):\n{item.as_text()}")
        revised = await correct_components(self.llm, item, components, feedback=plan.feedback, sources_text=context,
                                           system=EXAM_CORRECTION_SYSTEM, example=EXAM_CORRECTION_EXAMPLE)
        assert isinstance(revised, ExamItem)
        for component in components:  # a rewritten distractor stays a wrong option
            match = _OPTION_ITEM.match(component)
            if match and not item.options[int(match.group(1))].is_correct:
                revised.options[int(match.group(1))].is_correct = False
        return revised


# --- publishing ------------------------------------------------------------------------------------------
_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ item.stem }}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:Georgia,serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.55;color:#1a1a1a}
.topic{text-transform:uppercase;letter-spacing:.08em;font-size:.8rem;color:#666}ol{padding-left:0;list-style:none}
li{margin:.4rem 0}.letter{font-weight:bold;margin-right:.5rem}.answer{border-top:1px solid #ddd;margin-top:2rem}
.why{color:#555;font-size:.92rem;display:block;margin-left:1.6rem}</style></head>
<body>{{ body }}</body></html>
"""
_BODY = """<article class="exam-item">
{% if item.topic %}<p class="topic">{{ item.topic }}</p>{% endif %}
<p class="vignette">{{ item.vignette }}</p>
<p class="stem"><strong>{{ item.stem }}</strong></p>
<ol class="options">{% for letter, option in options %}
<li><span class="letter">{{ letter }}.</span>{{ option.text }}</li>{% endfor %}
</ol>
<section class="answer"><h2>Answer: {{ item.answer_key or "not keyed" }}</h2>
<p class="explanation">{{ item.explanation }}</p>
<ol class="rationales">{% for letter, option in options %}{% if option.explanation %}
<li><span class="letter">{{ letter }}.</span>{{ option.text }}<span class="why">{{ option.explanation }}</span></li>
{% endif %}{% endfor %}</ol></section>
</article>"""


@lru_cache(maxsize=1)
def _env() -> Environment:
    return Environment(autoescape=select_autoescape(default_for_string=True, default=True))


def render_exam_item_html(item: ExamItem | Draft, *, standalone: bool = True) -> str:
    """The item as HTML: question first, then the answer with every option's rationale."""
    model = item if isinstance(item, ExamItem) else ExamItem.model_validate(item)
    options = list(zip(OPTION_LETTERS, model.options, strict=False))
    body = _env().from_string(_BODY).render(item=model, options=options)
    if not standalone:
        return body
    return _env().from_string(_PAGE).render(item=model, body=Markup(body))


def write_published_exam_item(item: Draft, publish_dir: Path, content_id: str) -> Path:
    """Write the item to `{publish_dir}/{content_id}.html` (atomically) and return the path."""
    publish_dir.mkdir(parents=True, exist_ok=True)
    path = publish_dir / f"{content_id}.html"
    tmp = path.with_suffix(".html.tmp")
    tmp.write_text(render_exam_item_html(item), encoding="utf-8")
    tmp.replace(path)
    return path.resolve()
