"""`bench learning`: first-pass acceptance of product specs before and after the loop has seen 10 reviews.

The scenario (seed 003's success criterion, "improved first-pass acceptance"): a model that keeps writing the
description's centimetres as inches, and reviewers who flag `wrong_physical_dimensions` every time it reaches
them. The model is scripted: it makes the mistake at `mistake_rate` unless its prompt carries the learned
dimension guidance, then at `guided_mistake_rate` (seeded, so runs repeat). What is measured is therefore the
loop itself, end to end through the real graph and store: decision events -> per-subcategory aggregation ->
trigger -> guidance injected into the extraction prompt -> what reaches the gate. It says nothing about how much
a real model heeds guidance (the embedded 270M model is too weak for the number to mean much).

Three phases on the same products of one category, each `runs` runs:
  before     learning switched off (what the prompts do with no reviews);
  control    learning still off after the reviews (the reviews alone change nothing);
  after      learning on, with the reviews of the `before` phase in the store.
"""

from __future__ import annotations

import json
import random
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.content_types.product_spec import SPEC_FRAGMENTS
from editorial_ai.content_types.product_spec.models import CategoryChoice, ProductSpec
from editorial_ai.content_types.product_spec.service import product_descriptions
from editorial_ai.llm.base import LLMRequest, LLMResult, TokenUsage
from editorial_ai.models.decisions import AdminDecision, ReviewForm

SIM_NAME = "scripted:learning-sim"
# The extraction guidance the wrong_physical_dimensions trigger injects: what the simulated model heeds.
DIMENSION_GUIDANCE = next(
    text for placeholder, text in SPEC_FRAGMENTS["wrong_physical_dimensions"] if placeholder == "{{EXTRACTION_REVIEW}}"
)


class GuidanceFollowingModel:
    """A scripted extractor with one habitual mistake (centimetres written as inches) that it drops, most of the
    time, when its prompt carries the learned dimension guidance."""

    def __init__(self, *, mistake_rate: float, guided_mistake_rate: float, seed: int) -> None:
        self.name = SIM_NAME
        self.mistake_rate, self.guided_mistake_rate = mistake_rate, guided_mistake_rate
        self.rng = random.Random(seed)
        self.guided_calls = 0

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        """Categorize or extract the product whose description the prompt holds."""
        # The task's description comes last: an approved example item earlier in the prompt is another product.
        found = [(request.prompt.rfind(p["description"]), p) for p in product_descriptions()]
        position, product = max(found, key=lambda pair: pair[0])
        if position < 0:
            raise ValueError("the learning benchmark's model only knows the sample product descriptions")
        expected = product["expected"]
        if request.purpose == "spec_categorize":
            parsed: Any = CategoryChoice(category=expected["category"])
        else:
            guided = DIMENSION_GUIDANCE in request.prompt or DIMENSION_GUIDANCE in request.system
            self.guided_calls += int(guided)
            rate = self.guided_mistake_rate if guided else self.mistake_rate
            spec = json.loads(json.dumps(expected))
            if self.rng.random() < rate:
                for dim in spec["dimensions"]:
                    if dim["unit"] == "cm":
                        dim["unit"] = "in"
            parsed = ProductSpec.model_validate(spec)
        text = parsed.model_dump_json()
        usage = TokenUsage(
            prompt_tokens=len(request.prompt) // 4, completion_tokens=len(text) // 4, model_name=self.name
        )
        return LLMResult(text=text, parsed=parsed, usage=usage, model=self.name)


def review_of(spec: dict[str, Any], expected: dict[str, Any]) -> AdminDecision:
    """The simulated reviewer: approves a spec equal to the expected one, otherwise rejects it with the form."""
    ours = {(d["name"], float(d["value"]), d["unit"]) for d in spec.get("dimensions") or []}
    theirs = {(d["name"], float(d["value"]), d["unit"]) for d in expected["dimensions"]}
    form = ReviewForm(
        wrong_physical_dimensions=ours != theirs and len(ours) == len(theirs),
        missing_spec=len(ours) < len(theirs),
        wrong_information=sorted(spec.get("materials") or []) != sorted(expected["materials"]),
    )
    if not form.problems():  # the form is filled on approvals too: a clean review counts in the window
        return AdminDecision(decision="approved", reviewer="bench-reviewer", review_form=form)
    return AdminDecision(
        decision="rejected",
        reason="the spec does not match the description",
        reviewer="bench-reviewer",
        review_form=form.model_copy(update={"notes": "Sizes are in centimetres in the text."}),
    )


@dataclass
class RunRecord:
    """One run of a phase."""

    product: str
    first_pass: bool
    corrections: int
    escalated: bool
    approved: bool
    flagged: list[str]


@dataclass
class Phase:
    """A phase's runs and its figures."""

    name: str
    learning: bool
    runs: list[RunRecord] = field(default_factory=list)
    fragments: dict[str, list[str]] = field(default_factory=dict)
    reviews_seen: int = 0

    @property
    def first_pass_acceptance(self) -> float:
        """Share of runs whose first extraction passed the supervisor and the human approved, no correction."""
        return sum(r.first_pass and r.approved for r in self.runs) / len(self.runs) if self.runs else 0.0

    @property
    def human_acceptance(self) -> float:
        """Share of runs the human approved (after any corrections)."""
        return sum(r.approved for r in self.runs) / len(self.runs) if self.runs else 0.0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "phase": self.name,
            "learning": self.learning,
            "reviews_seen": self.reviews_seen,
            "first_pass_acceptance": round(self.first_pass_acceptance, 3),
            "human_acceptance": round(self.human_acceptance, 3),
            "corrections": sum(r.corrections for r in self.runs),
            "escalated": sum(r.escalated for r in self.runs),
            "fragments": self.fragments,
            "runs": [r.__dict__ for r in self.runs],
        }


async def _phase(
    settings: Settings, phase: Phase, products: list[dict[str, Any]], runs: int, model: GuidanceFollowingModel
) -> Phase:
    from editorial_ai.content_types.registry import content_type_for
    from editorial_ai.pipeline.runner import open_pipeline
    from editorial_ai.services.learning_context import learning_stats

    phase_settings = settings.model_copy(update={"learning_disabled": None if phase.learning else "all"})
    async with open_pipeline(phase_settings, llm_factory=lambda _model: model) as pipeline:
        category = products[0]["expected"]["category"]
        stats = await learning_stats(
            pipeline.deps.contents,
            content_type_for("product_spec"),
            category,
            disabled=phase_settings.learning_switches_off(),
        )
        phase.fragments, phase.reviews_seen = stats.fragments, stats.reviews
        for index in range(runs):
            product = products[index % len(products)]
            outcome = await pipeline.start(
                {"seed_keyword": product["name"], "model": SIM_NAME}, content_type="product_spec"
            )
            state = outcome.state
            history = state.get("review_history") or []
            decision = review_of(state.get("current_draft") or {}, product["expected"])
            if outcome.waiting_for_human:
                await pipeline.decide(str(state["current_draft_id"]), decision)
            phase.runs.append(
                RunRecord(
                    product=product["name"],
                    first_pass=bool(history and history[0].get("passed")),
                    corrections=int(state.get("revision_count") or 0),
                    escalated=bool(state.get("escalated")),
                    approved=outcome.waiting_for_human and decision.decision == "approved",
                    flagged=decision.review_form.problems() if decision.review_form else [],
                )
            )
    return phase


async def run_learning_benchmark(
    base: Settings,
    *,
    category: str = "bag",
    runs: int = 10,
    mistake_rate: float = 0.9,
    guided_mistake_rate: float = 0.1,
    seed: int = 3,
) -> dict[str, Any]:
    """The three phases in one throwaway data directory; returns the figures (JSON-ready)."""
    products = [p for p in product_descriptions() if p["expected"]["category"] == category]
    if not products:
        known = sorted({p["expected"]["category"] for p in product_descriptions()})
        raise ValueError(f"no sample product of category {category!r}; choose one of {', '.join(known)}")
    model = GuidanceFollowingModel(mistake_rate=mistake_rate, guided_mistake_rate=guided_mistake_rate, seed=seed)
    with tempfile.TemporaryDirectory(prefix="editorial-bench-learning-") as tmp:
        settings = base.model_copy(
            update={
                "data_dir": Path(tmp),
                "db_path": None,
                "checkpoint_path": None,
                "log_dir": None,
                "publish_dir": None,
                "storage_backend": "sqlite",
                "database_url": None,
                "supabase_url": None,
                "model": SIM_NAME,
            }
        )
        phases = [
            await _phase(settings, Phase("before", learning=False), products, runs, model),
            await _phase(settings, Phase("control", learning=False), products, runs, model),
            await _phase(settings, Phase("after", learning=True), products, runs, model),
        ]
    return {
        "category": category,
        "runs_per_phase": runs,
        "products": [p["name"] for p in products],
        "mistake_rate": mistake_rate,
        "guided_mistake_rate": guided_mistake_rate,
        "seed": seed,
        "model": SIM_NAME,
        "phases": [p.as_dict() for p in phases],
    }
