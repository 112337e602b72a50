"""The evaluation results document: what `editorial-ai eval` writes and what the renderers read.

One `EvalResults` JSON per run (`results.json`):

- `config`: the matrix (models x keywords x runs), content type, judge model, critic on/off;
- `rubric`: the criteria with their weights (the same rubric the critic and the judge read);
- `cells`: one `CellResult` per model x keyword x run, failed cells included with their error;
- `summaries`: one `ModelSummary` per model: mean and variance of every metric over its scored cells;
- `leaders`: the model(s) with the highest mean overall score;
- `report`: where the PDF went, or why it could not be written (a PDF failure never fails the run).

Scores are 0-1. `overall_score` is the rubric-weighted mean of the criteria that ran (skipped criteria are
left out, exactly as `review.scoring.composite_score`). Variance is the sample variance (n-1 denominator);
it is 0.0 when a metric has a single value.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

SCHEMA_VERSION = 1


class CriterionScore(BaseModel):
    """One criterion's outcome in one cell."""

    name: str
    score: float | None = Field(None, ge=0.0, le=1.0, description="0-1; None when the criterion was skipped.")
    passed: bool = False
    skipped: bool = False
    source: str = "judge"
    weight: float = 1.0
    reason: str = ""


class TokenCounts(BaseModel):
    """Tokens and calls of one phase of a cell."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    llm_calls: int = 0


class CellResult(BaseModel):
    """One generation + judgement: model x keyword x run."""

    model: str
    keyword: str
    run: int = Field(ge=1)
    content_type: str
    judge_model: str
    status: Literal["ok", "error"] = "ok"
    error: str | None = Field(None, description="Why the cell failed (generation crashed); the run went on.")
    overall_score: float | None = Field(None, ge=0.0, le=1.0, description=(
        "Rubric-weighted mean of the criteria; None when generation or the judge failed."))
    passed: bool | None = Field(None, description="The rubric's pass rule applied to the judged artifact.")
    criteria: list[CriterionScore] = Field(default_factory=list)
    justification: str = ""
    judge_error: str | None = Field(None, description="The judge failed; its criteria are skipped, the cell kept.")
    revisions: int = Field(0, description="Writer revision passes the critic asked for.")
    flags: list[str] = Field(default_factory=list)
    duration_s: float = Field(0.0, description="Wall time of the generation (critic loop included).")
    judge_duration_s: float = 0.0
    generation_tokens: TokenCounts = Field(default_factory=TokenCounts)
    judge_tokens: TokenCounts = Field(default_factory=TokenCounts)
    title: str = ""
    excerpt: str = Field("", description="The start of the final artifact's text.")

    def score_of(self, criterion: str) -> float | None:
        """A criterion's score in this cell (None when skipped or absent)."""
        return next((c.score for c in self.criteria if c.name == criterion and not c.skipped), None)


class MetricStats(BaseModel):
    """Mean and variance of one metric over one model's cells."""

    n: int = 0
    mean: float | None = None
    variance: float | None = None
    min: float | None = None
    max: float | None = None


class ModelSummary(BaseModel):
    """Aggregates of one model over every keyword and run."""

    model: str
    cells: int = 0
    failed_cells: int = 0
    judge_failures: int = 0
    pass_rate: float | None = None
    overall: MetricStats = Field(default_factory=MetricStats)
    criteria: dict[str, MetricStats] = Field(default_factory=dict)
    duration_s: MetricStats = Field(default_factory=MetricStats)
    tokens: MetricStats = Field(default_factory=MetricStats, description="Generation tokens per cell.")
    judge_tokens: MetricStats = Field(default_factory=MetricStats)
    revisions: MetricStats = Field(default_factory=MetricStats)


class RubricEntry(BaseModel):
    """A criterion of the rubric used, as the report lists it."""

    name: str
    check: str
    importance: str
    weight: float
    description: str = ""


class EvalConfig(BaseModel):
    """What was evaluated and how."""

    models: list[str]
    keywords: list[str]
    runs: int = Field(ge=1)
    content_type: str = "fashion_magazine"
    judge_model: str | None = Field(None, description="None: every model judges its own output.")
    critic: bool = True
    out_dir: str = ""


class ReportStatus(BaseModel):
    """The PDF's fate."""

    pdf_path: str | None = None
    error: str | None = None


class EvalResults(BaseModel):
    """The whole evaluation (see the module docstring)."""

    schema_version: int = SCHEMA_VERSION
    started_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    finished_at: datetime | None = None
    config: EvalConfig
    rubric: list[RubricEntry] = Field(default_factory=list)
    cells: list[CellResult] = Field(default_factory=list)
    summaries: list[ModelSummary] = Field(default_factory=list)
    leaders: list[str] = Field(default_factory=list)
    report: ReportStatus = Field(default_factory=ReportStatus)

    def criterion_names(self) -> list[str]:
        """Rubric criteria in rubric order."""
        return [r.name for r in self.rubric]

    def summary_of(self, model: str) -> ModelSummary | None:
        """One model's summary."""
        return next((s for s in self.summaries if s.model == model), None)

    def save(self, path: Path) -> Path:
        """Write the JSON document."""
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.model_dump_json(indent=2), encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: Path) -> EvalResults:
        """Read a results JSON written by `save`."""
        return cls.model_validate_json(path.read_text(encoding="utf-8"))
