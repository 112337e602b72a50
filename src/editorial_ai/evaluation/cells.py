"""One evaluation cell: generate an artifact with a model (critic loop included), then judge it.

- fashion_magazine: the pipeline runs to the human gate in a throwaway data dir; its in-pipeline review is the
  critic (it gates revisions). Without the critic, `max_revisions=1`: a failed review escalates instead of
  asking for a revision.
- research_brief: the brief generator with its critic gate (`content_types.research_brief.service`).

The final artifact is then judged with the same rubric by the judge model; the judge's own failure is
recorded in the cell, which is kept. Generation failures raise to the harness, which records the cell.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.content_types.registry import content_type_for
from editorial_ai.content_types.research_brief.models import BriefRequest
from editorial_ai.evaluation.artifact_review import ArtifactReview, is_layout, review_artifact
from editorial_ai.evaluation.results import CellResult, CriterionScore, TokenCounts
from editorial_ai.llm.base import LLMClient
from editorial_ai.llm.counting import CountingClient
from editorial_ai.llm.registry import fresh_client
from editorial_ai.prompts.review import summarize_draft
from editorial_ai.review.rubric import Rubric
from editorial_ai.review.sources import Sources


class CellError(RuntimeError):
    """Generation produced no artifact to judge."""


@dataclass(frozen=True)
class KeywordSpec:
    """A keyword (topic) and, for research briefs, optional sub-questions."""

    keyword: str
    sub_questions: tuple[str, ...] = ()


@dataclass(frozen=True)
class CellSpec:
    """Where a cell sits in the matrix and how to run it."""

    model: str
    keyword: KeywordSpec
    run: int
    content_type: str
    judge_model: str
    critic: bool = True

    @property
    def slug(self) -> str:
        """A filesystem-safe id."""
        raw = f"{self.model}-{self.keyword.keyword}-{self.run}"
        return re.sub(r"[^A-Za-z0-9]+", "_", raw).strip("_")[:80]


@dataclass
class Generated:
    """What generation produced, before judging."""

    artifact: Any
    sources: Sources
    known_entities: dict[str, set[str]] = field(default_factory=dict)
    revisions: int = 0
    flags: list[str] = field(default_factory=list)
    tokens: TokenCounts = field(default_factory=TokenCounts)
    duration_s: float = 0.0


class ClientPool:
    """One client per model string for a cell: the pipeline's tasks, the critic and the judge share it."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.clients: dict[str, LLMClient] = {}

    def __call__(self, model: str) -> LLMClient:
        if model not in self.clients:
            self.clients[model] = fresh_client(model, self.settings)
        return self.clients[model]


def cell_settings(base: Settings, spec: CellSpec, work_dir: Path) -> Settings:
    """Settings for a cell: its own SQLite data dir (never the real database, whatever backend is configured)."""
    update: dict[str, Any] = {"data_dir": work_dir / spec.slug, "model": spec.model, "db_path": None,
                              "checkpoint_path": None, "log_dir": None, "publish_dir": None}
    for name, value in (("storage_backend", "sqlite"), ("database_url", None), ("supabase_url", None)):
        if name in type(base).model_fields:
            update[name] = value
    if not spec.critic:
        update["max_revisions"] = 1
    return base.model_copy(update=update)


async def generate_layout(spec: CellSpec, settings: Settings, pool: ClientPool) -> Generated:
    """The pipeline to the human gate."""
    from editorial_ai.pipeline.runner import open_pipeline
    from editorial_ai.pipeline.state import total_tokens

    curation_input = {"seed_keyword": spec.keyword.keyword, "category": "fashion", "tone": "sophisticated",
                      "style": "editorial", "target_celeb": None, "target_brand": None, "model": spec.model}
    started = time.perf_counter()
    async with open_pipeline(settings, llm_factory=pool) as pipeline:
        outcome = await pipeline.start(curation_input, content_type=spec.content_type)
        known = await pipeline.deps.catalog.known_entities()
    duration = time.perf_counter() - started
    state = outcome.state
    draft = state.get("current_draft") or state.get("best_draft")
    if not draft:
        errors = "; ".join(state.get("error_log", [])[-2:]) or f"pipeline ended {state.get('pipeline_status')!r}"
        raise CellError(f"no draft produced: {errors}")
    totals = total_tokens(state)
    return Generated(
        artifact=draft, known_entities=known, revisions=max(0, int(state.get("draft_version", 1)) - 1),
        flags=list(state.get("flags") or []), duration_s=duration,
        sources=Sources(curated_topics=state.get("curated_topics", []),
                        enriched_contexts=state.get("enriched_contexts", []), topic=spec.keyword.keyword),
        tokens=TokenCounts(prompt_tokens=totals["prompt_tokens"], completion_tokens=totals["completion_tokens"],
                           total_tokens=totals["total_tokens"], llm_calls=totals["llm_calls"]),
    )


async def generate_brief(spec: CellSpec, settings: Settings, pool: ClientPool) -> Generated:
    """The research brief generator with its critic loop, on passages from the catalog."""
    from editorial_ai.content_types.research_brief.service import (
        ResearchBriefService,
        default_sub_questions,
        gather_passages,
    )
    from editorial_ai.store.catalog import SqliteCatalogRepository

    settings.ensure_dirs()
    catalog = SqliteCatalogRepository(settings.resolved_db_path)
    await catalog.initialize()
    topic = spec.keyword.keyword
    request = BriefRequest(topic=topic, sub_questions=list(spec.keyword.sub_questions) or default_sub_questions(topic),
                           passages=await gather_passages(catalog, topic))
    writer = pool(spec.model)
    started = time.perf_counter()
    outcome = await ResearchBriefService(writer, writer if spec.critic else None).run(request, use_critic=spec.critic)
    return Generated(
        artifact=outcome.final, revisions=outcome.revisions, flags=outcome.flags,
        duration_s=time.perf_counter() - started,
        sources=Sources(passages=request.passages, sub_questions=request.sub_questions, topic=topic),
        tokens=TokenCounts(prompt_tokens=outcome.prompt_tokens, completion_tokens=outcome.completion_tokens,
                           total_tokens=outcome.total_tokens, llm_calls=outcome.llm_calls),
    )


# How each evaluation mode a content type declares (content_types/base.py) produces its artifact.
GENERATORS = {"pipeline": generate_layout, "brief": generate_brief}


def _title_and_excerpt(artifact: Any) -> tuple[str, str]:
    if is_layout(artifact):
        return str(artifact.get("title", "")), summarize_draft(artifact, max_chars=400)
    text = str(artifact or "")
    first = text.strip().splitlines()[0] if text.strip() else ""
    return first.lstrip("# ").strip(), text[:400]


def criterion_scores(review: ArtifactReview, rubric: Rubric) -> list[CriterionScore]:
    """Per-criterion 0-1 scores in rubric order (a verdict without a score counts 1 or 0, as in scoring)."""
    by_name = {r.criterion: r for r in review.result.criteria}
    out = []
    for criterion in rubric.criteria:
        r = by_name.get(criterion.name)
        if r is None:
            out.append(CriterionScore(name=criterion.name, skipped=True, source=criterion.check,
                                      weight=criterion.weight, reason="not evaluated"))
            continue
        score = None if r.skipped else (r.score if r.score is not None else (1.0 if r.passed else 0.0))
        out.append(CriterionScore(name=r.criterion, score=score, passed=r.passed and not r.skipped, skipped=r.skipped,
                                  source=r.source, weight=criterion.weight, reason=r.reason))
    return out


async def run_cell(spec: CellSpec, base: Settings, rubric: Rubric, work_dir: Path) -> CellResult:
    """Generate and judge one cell; generation errors propagate, judge errors are recorded."""
    settings = cell_settings(base, spec, work_dir)
    pool = ClientPool(settings)
    generate = GENERATORS[content_type_for(spec.content_type).evaluation or "pipeline"]
    generated = await generate(spec, settings, pool)
    title, excerpt = _title_and_excerpt(generated.artifact)
    cell = CellResult(model=spec.model, keyword=spec.keyword.keyword, run=spec.run, content_type=spec.content_type,
                      judge_model=spec.judge_model, revisions=generated.revisions, flags=generated.flags,
                      duration_s=round(generated.duration_s, 3), generation_tokens=generated.tokens,
                      title=title, excerpt=excerpt)
    judge = CountingClient(pool(spec.judge_model))
    started = time.perf_counter()
    try:
        review = await review_artifact(generated.artifact, rubric, generated.sources, judge, generated.known_entities)
    except Exception as exc:  # noqa: BLE001 - a judge crash must not lose the generated cell
        cell.judge_error = f"{type(exc).__name__}: {exc}"
        cell.judge_duration_s = round(time.perf_counter() - started, 3)
        return cell
    cell.judge_duration_s = round(time.perf_counter() - started, 3)
    cell.judge_tokens = TokenCounts(prompt_tokens=judge.prompt_tokens, completion_tokens=judge.completion_tokens,
                                    total_tokens=judge.total_tokens, llm_calls=judge.calls)
    cell.criteria = criterion_scores(review, rubric)
    cell.justification = review.justification
    cell.judge_error = review.judge_error
    if review.judge_error is None:  # without the judge, a score of the deterministic checks alone would flatter
        cell.overall_score = review.result.composite_score
        cell.passed = review.result.passed
    return cell
