"""Calibration runs: human-labelled records (JSONL) or stored admin decisions against the reviewer's verdicts.

A labels record (one JSON object per line):

    {"id": "...", "content_type": "text" | "fashion_magazine" | ...,
     "sources": [...passages...] | {"curated_topics": [...], "enriched_contexts": [...], "passages": [...]},
     "draft": "plain text" | {MagazineLayout},
     "human": {"hallucination": "fail", "fact_accuracy": "pass", ...},
     "human_overall": "pass" | "fail",            # optional; default: every labelled criterion passes
     "split": "tune" | "test",                    # optional; thresholds are chosen on tune, figures shown on test
     "perturbation": "clean" | "invented_brand" | ..., "question": "..."}   # optional

Every content type works: layouts go through the pipeline's review, text through the text review
(`evaluation.artifact_review`). Results are grouped by content type, because each has its own rubric.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from editorial_ai.content_types.registry import content_type_or_generic
from editorial_ai.evaluation.calibration import Confusion, ThresholdSearch, confusion, search_threshold
from editorial_ai.evaluation.stored_review import review_stored
from editorial_ai.llm.answer_parsing import coerce_bool
from editorial_ai.llm.base import LLMClient, probability_scorer
from editorial_ai.models.review import CriterionResult
from editorial_ai.review.consistency import result_contradiction
from editorial_ai.review.rubric import Rubric

Split = Literal["tune", "test", "all"]


def _label(value: Any) -> bool:
    verdict = coerce_bool(value)
    if verdict is None:
        raise ValueError(f"label {value!r} is not pass/fail")
    return verdict


class CalibrationRecord(BaseModel):
    """One human-labelled draft."""

    id: str = ""
    content_type: str = ""
    sources: Any = None
    draft: Any
    human: dict[str, bool] = Field(default_factory=dict)
    human_overall: bool | None = None
    split: Literal["tune", "test"] | None = None
    perturbation: str = ""
    question: str = ""
    request: dict[str, Any] | None = Field(None, description="exam_item: topic, slo and blooms_level.")

    @field_validator("human", mode="before")
    @classmethod
    def _labels(cls, value: Any) -> Any:
        return {str(k): _label(v) for k, v in (value or {}).items()} if isinstance(value, dict) else value

    @field_validator("human_overall", mode="before")
    @classmethod
    def _overall(cls, value: Any) -> Any:
        return None if value is None else _label(value)

    def sources_with_question(self) -> Any:
        """The sources, carrying the record's question (context for the review, never a claim) when it has one."""
        if not self.question:
            return self.sources
        if isinstance(self.sources, dict):
            return {**self.sources, "question": self.question}
        passages = [self.sources] if isinstance(self.sources, str) else list(self.sources or [])
        if all(isinstance(p, str) for p in passages):
            return {"passages": passages, "question": self.question}
        return {"enriched_contexts": passages, "question": self.question}

    def overall(self) -> bool:
        """The human's overall verdict (explicit, or every labelled criterion passes)."""
        if self.human_overall is not None:
            return self.human_overall
        labels = {k: v for k, v in self.human.items() if k != "overall"}
        return self.human.get("overall", all(labels.values()))


class Verdict(BaseModel):
    """The reviewer's and the human's verdicts on one record."""

    id: str
    content_type: str
    machine: dict[str, bool | None] = Field(description="criterion -> passed; None when skipped.")
    human: dict[str, bool]
    machine_overall: bool
    human_overall: bool
    composite_score: float | None = None
    mandatory_ok: bool = True
    judge_error: str | None = None
    split: str | None = None
    perturbation: str = ""
    scores: dict[str, float | None] = Field(default_factory=dict, description="criterion -> score (judge: P(Yes)).")
    judged: list[str] = Field(default_factory=list, description="Criteria decided by the judge.")
    contradictions: list[str] = Field(default_factory=list, description="Criteria whose reason contradicts the flag.")
    seconds: float | None = None
    # The review's criterion results, to re-decide the verdict with new judge thresholds (not serialised).
    results: list[CriterionResult] = Field(default_factory=list, exclude=True)


class CriterionAgreement(BaseModel):
    """Agreement on one criterion."""

    criterion: str
    skipped: int = 0
    metrics: dict[str, float | int | None]


class TypeReport(BaseModel):
    """Agreement for one content type."""

    content_type: str
    records: int
    criteria: list[CriterionAgreement] = Field(default_factory=list)
    overall: dict[str, float | int | None] = Field(default_factory=dict)
    threshold: ThresholdSearch = Field(default_factory=ThresholdSearch)
    contradictions: int = Field(0, description="Verdicts whose reason contradicts their pass flag.")


class CalibrationReport(BaseModel):
    """The whole calibration: per-record verdicts and per-type agreement."""

    source: str
    judge_model: str | None = None
    probability_judge: bool = Field(False, description="The judge scored by reading token probabilities.")
    split: Split = "all"
    verdicts: list[Verdict] = Field(default_factory=list)
    types: list[TypeReport] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)
    seconds_per_record: float | None = None

    @property
    def contradictions(self) -> list[str]:
        """`record id: criterion: why` for every verdict whose reason contradicts its pass flag."""
        return [f"{v.id}: {c}" for v in self.verdicts for c in v.contradictions]


def load_records(path: Path, default_type: str | None = None) -> list[CalibrationRecord]:
    """Read a labels JSONL file, or every `*.jsonl` of a folder (blank lines and `//` comments ignored)."""
    if path.is_dir():
        files = sorted(path.glob("*.jsonl"))
        if not files:
            raise ValueError(f"{path} holds no *.jsonl labels file")
        return [record for file in files for record in load_records(file, default_type)]
    records: list[CalibrationRecord] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        try:
            record = CalibrationRecord.model_validate(json.loads(line))
        except (json.JSONDecodeError, ValueError) as exc:
            raise ValueError(f"{path}:{number}: {exc}") from exc
        record.id = record.id or f"line-{number}"
        record.content_type = record.content_type or default_type or ""
        if not record.content_type:
            raise ValueError(f"{path}:{number}: no content_type (give one in the record or with --content-type)")
        records.append(record)
    return records


def mandatory_passed(rubric: Rubric, machine: dict[str, bool | None]) -> bool:
    """Whether every mandatory criterion passed (the gate of the weighted pass rule). A criterion the stored review
    never ran (added to the rubric after it was reviewed) is not held against it; a skipped one never passes."""
    return all(machine[c.name] is True for c in rubric.criteria if c.importance == "mandatory" and c.name in machine)


def rubric_of(content_type: str) -> Rubric:
    """The rubric a content type declares (a plug-in's own file included), or the bundled one a name names."""
    return content_type_or_generic(content_type).rubric()


async def review_records(records: list[CalibrationRecord], judge: LLMClient | None,
                         known_entities: dict[str, set[str]] | None = None) -> tuple[list[Verdict], list[str]]:
    """Review every record in order (scripted judges answer in sequence)."""
    verdicts: list[Verdict] = []
    errors: list[str] = []
    for record in records:
        started = time.perf_counter()
        try:
            rubric = rubric_of(record.content_type)
            result, judge_error = await review_stored(
                record.content_type, record.draft, rubric, request=record.request,
                sources=record.sources_with_question(), judge=judge, known_entities=known_entities)
        except Exception as exc:  # noqa: BLE001 - one broken record must not stop the calibration
            errors.append(f"{record.id}: {type(exc).__name__}: {exc}")
            continue
        verdict = verdict_from_results(record, rubric, result.criteria, result.passed, result.composite_score,
                                       judge_error)
        verdict.seconds = round(time.perf_counter() - started, 3)
        verdicts.append(verdict)
    return verdicts, errors


def verdict_from_results(record: CalibrationRecord, rubric: Rubric, results: list[CriterionResult], passed: bool,
                         composite: float | None, judge_error: str | None = None) -> Verdict:
    """One record's verdicts, scores and contradictions from its review's criterion results."""
    machine = {c.criterion: (None if c.skipped else c.passed) for c in results}
    contradictions = [f"{c.criterion}: {why}" for c in results if (why := result_contradiction(c))]
    return Verdict(
        id=record.id, content_type=record.content_type, machine=machine, human=record.human,
        machine_overall=passed, human_overall=record.overall(), composite_score=composite,
        mandatory_ok=mandatory_passed(rubric, machine), judge_error=judge_error, split=record.split,
        perturbation=record.perturbation, scores={c.criterion: c.score for c in results if not c.skipped},
        judged=[c.criterion for c in results if c.source == "judge"], contradictions=contradictions,
        results=[c.model_copy() for c in results])


def agreement(verdicts: list[Verdict]) -> list[TypeReport]:
    """Per content type: per-criterion and overall agreement, and the best weighted threshold."""
    reports = []
    for content_type in dict.fromkeys(v.content_type for v in verdicts):
        group = [v for v in verdicts if v.content_type == content_type]
        rubric = rubric_of(content_type)
        criteria = []
        for criterion in rubric.criteria:
            labelled = [v for v in group if criterion.name in v.human]
            pairs = [(v.machine[criterion.name], v.human[criterion.name]) for v in labelled
                     if v.machine.get(criterion.name) is not None]
            if labelled:
                criteria.append(CriterionAgreement(
                    criterion=criterion.name, skipped=len(labelled) - len(pairs),
                    metrics=confusion((bool(m), h) for m, h in pairs).metrics()))
        overall: Confusion = confusion((v.machine_overall, v.human_overall) for v in group)
        search = search_threshold([v.composite_score for v in group], [v.mandatory_ok for v in group],
                                  [v.human_overall for v in group], current=rubric.threshold)
        reports.append(TypeReport(content_type=content_type, records=len(group), criteria=criteria,
                                  overall=overall.metrics(), threshold=search,
                                  contradictions=sum(len(v.contradictions) for v in group)))
    return reports


def select_split(records: list[CalibrationRecord], split: Split) -> list[CalibrationRecord]:
    """Records of one split (`all`: every record); a split no record carries is an error, not an empty run."""
    if split == "all":
        return records
    chosen = [r for r in records if r.split == split]
    if not chosen:
        raise ValueError(f"no record has split {split!r}; label records with \"split\": \"tune\" | \"test\" "
                         "or use --split all")
    return chosen


def seconds_per_record(verdicts: list[Verdict]) -> float | None:
    """Mean review time per record."""
    times = [v.seconds for v in verdicts if v.seconds is not None]
    return round(sum(times) / len(times), 3) if times else None


async def calibrate_labels(path: Path, judge: LLMClient | None, *, content_type: str | None = None,
                           known_entities: dict[str, set[str]] | None = None, split: Split = "all",
                           ) -> CalibrationReport:
    """Calibrate against a labels file; `content_type` filters the records (and types untyped ones), `split`
    keeps one half."""
    records = load_records(path, content_type)
    if content_type:
        records = [r for r in records if r.content_type == content_type]
    records = select_split(records, split)
    verdicts, errors = await review_records(records, judge, known_entities)
    return CalibrationReport(source=str(path), judge_model=getattr(judge, "name", None), split=split,
                             probability_judge=probability_scorer(judge) is not None,
                             verdicts=verdicts, types=agreement(verdicts), errors=errors,
                             seconds_per_record=seconds_per_record(verdicts))
