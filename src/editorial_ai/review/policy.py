"""Loop control: when to retry, and when to stop and hand the best attempt to a human."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypedDict, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field

from editorial_ai.review.rubric import PassRule, Rubric


class LoopPolicy(BaseModel):
    """Caps and early-stop rules for the review loop."""

    model_config = ConfigDict(extra="forbid")

    max_loops: int = Field(3, ge=1, le=10)
    token_budget: int | None = Field(60_000, ge=1)
    plateau_patience: int = Field(2, ge=1)
    min_improvement: float = Field(0.02, ge=0.0)
    similarity_limit: float = Field(0.97, gt=0.0, le=1.0)


class TenantReviewConfig(BaseModel):
    """Per-tenant overrides of a rubric's pass rule and of the loop policy."""

    model_config = ConfigDict(extra="forbid")

    pass_rule: PassRule | None = None
    threshold: float | None = Field(None, ge=0.0, le=1.0)
    max_loops: int | None = Field(None, ge=1, le=10)
    token_budget: int | None = Field(None, ge=1)


class TenantsFile(BaseModel):
    """`tenants: {name: {pass_rule, threshold, max_loops, token_budget}}`."""

    model_config = ConfigDict(extra="forbid")

    tenants: dict[str, TenantReviewConfig] = Field(default_factory=dict)


def load_tenants(path: Path | None) -> TenantsFile:
    """Tenant overrides (empty when no file is configured)."""
    if path is None:
        return TenantsFile()
    return TenantsFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")) or {})


def apply_tenant(rubric: Rubric, policy: LoopPolicy, tenant: TenantReviewConfig | None) -> tuple[Rubric, LoopPolicy]:
    """The rubric and policy a tenant actually runs with."""
    if tenant is None:
        return rubric, policy
    if tenant.pass_rule or tenant.threshold is not None:
        rubric = rubric.with_pass_rule(tenant.pass_rule or rubric.pass_rule, tenant.threshold)
    update = {k: v for k, v in {"max_loops": tenant.max_loops, "token_budget": tenant.token_budget}.items() if v}
    return rubric, policy.model_copy(update=update)


@dataclass(frozen=True)
class LoopDecision:
    """What the loop does next."""

    action: Literal["pass", "retry", "escalate"]
    reason: str


def draft_similarity(previous: str, current: str) -> float:
    """0..1 similarity of two drafts' text (1 = identical)."""
    if not previous or not current:
        return 0.0
    return difflib.SequenceMatcher(None, previous, current, autojunk=False).ratio()


def decide_next(
    *, passed: bool, scores: list[float], loops_done: int, tokens_used: int, similarity: float, policy: LoopPolicy
) -> LoopDecision:
    """Decide after a failed or passed review. `scores` holds every cycle's composite, newest last."""
    if passed:
        return LoopDecision("pass", "review passed")
    if loops_done >= policy.max_loops:
        return LoopDecision("escalate", f"max loops reached: {loops_done} failed reviews (cap {policy.max_loops})")
    if policy.token_budget is not None and tokens_used >= policy.token_budget:
        return LoopDecision("escalate", f"token budget exhausted: {tokens_used} of {policy.token_budget} tokens used")
    if similarity >= policy.similarity_limit:
        return LoopDecision(
            "escalate", f"revision stopped changing the draft: {similarity:.0%} identical to the previous attempt"
        )
    window = policy.plateau_patience
    if len(scores) > window:
        best_before = max(scores[:-window])
        recent = scores[-window:]
        if max(recent) < best_before + policy.min_improvement:
            trail = " -> ".join(f"{s:.2f}" for s in scores)
            return LoopDecision(
                "escalate", f"plateau: composite score stopped improving over {window} revisions ({trail})"
            )
    return LoopDecision("retry", "review failed; revising")


class ScoredAttempt(TypedDict, total=False):
    """An attempt with its composite score (any other keys ride along)."""

    score: float | None


Attempt = TypeVar("Attempt", bound=ScoredAttempt)


def _score(attempt: ScoredAttempt) -> float:
    return attempt.get("score") or 0.0


def best_attempt(candidates: list[Attempt]) -> Attempt | None:
    """The attempt with the highest composite score (earliest wins ties)."""
    best: Attempt | None = None
    for item in candidates:
        if best is None or _score(item) > _score(best):
            best = item
    return best
