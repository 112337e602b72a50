"""The one review loop every content type runs: review -> decide -> (gate | correct -> review ...).

A content type's review node is `review_node_maker(loop)`: the type's `ReviewLoop` judges the current draft
(its validators, rubric and judge) and plans a correction; everything else happens here, the same for every
type: the review setup (rubric and loop policy after tenant overrides), keep-best, the pass / flagged / judge-outage
exits to the human gate, the feedback entry a failed review leaves, the stop decision (loop cap, token budget,
no-change, plateau over the prior-score window) and escalation with the best attempt. Its routers and the flow
builder are in loop_wiring.py.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Generic, Literal

from editorial_ai.models.review import FeedbackEntry, ReviewResult
from editorial_ai.models.state_json import feedback_json, review_json
from editorial_ai.models.status import PipelineStatus
from editorial_ai.observability.tokens import peek_tokens
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes._common import max_revisions
from editorial_ai.pipeline.registry import content_type_for
from editorial_ai.pipeline.state import (
    Draft,
    FlowState,
    GateState,
    HistoryEntry,
    StateUpdate,
    total_tokens,
)
from editorial_ai.review.policy import LoopPolicy, apply_tenant, decide_next, load_tenants
from editorial_ai.review.profile import ReviewProfile
from editorial_ai.review.rubric import Rubric


class GateOutcome(StrEnum):
    """How an attempt reaches the human gate."""

    PASSED = "passed"
    FLAGGED = "flagged"  # a failure that hangs on an advisory criterion
    ESCALATED = "escalated"


def now_iso() -> str:
    """The timestamp history entries carry."""
    return datetime.now(UTC).isoformat()


# What one open finding costs a version in keep-best (review_loop.ReviewLoop.keep_best_score).
FINDING_COST = 0.01


def open_findings(review: ReviewResult) -> int:
    """Findings of the gating criteria a version failed: each evidence line (at least one per criterion)."""
    return sum(max(1, len(c.evidence)) for c in review.criteria if not c.passed and not c.skipped and not c.advisory)


@dataclass
class ReviewedAttempt:
    """One judged attempt: the verdicts, its history entry (type-specific fields included) and what to show."""

    review: ReviewResult
    entry: HistoryEntry
    draft: Draft | None
    title: str
    judge_error: str | None = None
    state_fields: StateUpdate = field(default_factory=lambda: StateUpdate())  # written whatever the decision
    findings: Any = None  # what the type's `plan` needs from its assessment (exam items: evaluation, validation)


@dataclass(frozen=True)
class Correction:
    """What the next attempt fixes: the components the corrector rewrites (None: it reads the history entry)
    and the fields the history entry records about it."""

    targets: list[str] | None
    entry: HistoryEntry = field(default_factory=lambda: HistoryEntry())


class ReviewLoop(Generic[FlowState]):
    """What one content type brings to the shared loop, over its flow's state. Subclasses implement `assess` and
    `plan`; the other hooks have the article loop's behaviour as their default."""

    node: str = "review"  # the node's name, which also prefixes its log lines
    correct_node: str = "editorial"  # where a failed review goes for another attempt

    # A judge outage with nothing else failing: to the gate flagged `judge_skipped`, or escalated.
    judge_outage: Literal["gate_flagged", "escalate"] = "gate_flagged"
    records_feedback = True  # whether a failed review adds a FeedbackEntry to feedback_history
    # On escalation show the best-scoring attempt ("best"), or the latest unless an earlier one scored higher.
    shows_on_escalation: Literal["best", "latest_unless_worse"] = "best"

    def base_rubric(self, state: Mapping[str, Any], deps: PipelineDeps) -> Rubric:
        """The rubric before tenant overrides: the run's content type's (settings' default when the run names
        none), as the registry declares it."""
        return content_type_for(state.get("content_type") or deps.settings.content_type).rubric()

    def review_profile(self, state: Mapping[str, Any], deps: PipelineDeps) -> ReviewProfile:
        """The run's content type's review rules (length floor, example texts, free-text grounding), which the
        assessment hands to the review: the review itself never asks the registry."""
        return content_type_for(state.get("content_type") or deps.settings.content_type).review_profile()

    def max_loops(self, state: Mapping[str, Any], deps: PipelineDeps) -> int:
        """The loop cap before tenant overrides: the run's own, else the setting."""
        return max_revisions(state, deps.settings)

    async def assess(self, state: FlowState, deps: PipelineDeps, rubric: Rubric) -> ReviewedAttempt:
        """Judge the current draft."""
        raise NotImplementedError

    def plan(self, state: FlowState, attempt: ReviewedAttempt, rubric: Rubric) -> Correction | None:
        """What the next attempt corrects (None: nothing can be corrected; the loop escalates)."""
        raise NotImplementedError

    def keep_best_score(self, review: ReviewResult) -> float:
        """The score keep-best compares: the composite (a pass without one counts as 1) less FINDING_COST per
        finding an editor would have to fix. Failed criteria score near their floor whatever their count, so the
        composite alone kept a first draft with three invented names and eleven unsupported claims (0.7705) over
        the last one, left with one wrong standfirst (0.7680), and showed it to the editor."""
        base = review.composite_score if review.composite_score is not None else (1.0 if review.passed else 0.0)
        return round(base - FINDING_COST * open_findings(review), 4)

    def best_fields(self, state: FlowState) -> StateUpdate:
        """What keep-best stores beside the best draft (articles: their structured content)."""
        return {}

    def corrections_done(self, state: FlowState) -> int:
        """Corrections made since the last fresh draft (the prior-score window)."""
        gate: GateState = state
        return int(gate.get("revision_count", 0))

    def loops_done(self, state: FlowState) -> int:
        """The loop count the stop rule compares with the cap: failed reviews, this one included."""
        return self.corrections_done(state) + 1

    def failure_fields(self, state: FlowState) -> StateUpdate:
        """State a failed review writes besides the verdict (articles count failed reviews here)."""
        gate: GateState = state
        return {"revision_count": int(gate.get("revision_count", 0)) + 1}

    def similarity(self, state: FlowState, attempt: ReviewedAttempt) -> float:
        """How much this attempt repeats the previous one (0..1)."""
        return 0.0

    def cap_reason(self, state: FlowState, policy: LoopPolicy) -> str | None:
        """A type's own cap, checked before the shared stop rule (None: none reached)."""
        return None

    def stop_reason(self, state: FlowState, attempt: ReviewedAttempt, policy: LoopPolicy) -> str | None:
        """Why the loop must stop now (None: correct once more): the type's cap, then the shared rule."""
        return self.cap_reason(state, policy) or loop_stop_reason(
            state, attempt.review, corrections=self.corrections_done(state), loops_done=self.loops_done(state),
            similarity=self.similarity(state, attempt), policy=policy,
        )

    def gate_fields(self, state: FlowState, outcome: GateOutcome) -> StateUpdate:
        """Extra state when the attempt goes to the human gate (exam items record their final status)."""
        return {}

    def escalation_note(self, review: ReviewResult) -> str:
        """What the escalation log line adds after the reason."""
        return "; last failures: " + ", ".join(c.criterion for c in review.failed())


def review_setup(
    state: Mapping[str, Any], deps: PipelineDeps, loop: ReviewLoop[Any] | None = None
) -> tuple[Rubric, LoopPolicy]:
    """The rubric and loop policy for this run (content type + tenant overrides + settings)."""
    loop = loop or ReviewLoop[GateState]()
    rubric = loop.base_rubric(state, deps)
    policy = LoopPolicy(max_loops=loop.max_loops(state, deps), token_budget=deps.settings.token_budget)
    tenant_name = (state.get("curation_input") or {}).get("tenant")
    tenant = load_tenants(deps.settings.tenants_file).tenants.get(tenant_name) if tenant_name else None
    return apply_tenant(rubric, policy, tenant)


def prior_scores(state: GateState, corrections: int) -> list[float]:
    """The composites of the reviews since the last fresh draft (one per correction made), oldest first."""
    history = state.get("review_history", [])[-corrections:] if corrections else []
    return [float(h.get("composite_score") or 0.0) for h in history]


def loop_stop_reason(
    state: GateState, review: ReviewResult, *, corrections: int, loops_done: int, similarity: float,
    policy: LoopPolicy,
) -> str | None:
    """The shared stop rule (loop cap, token budget, no-change, plateau): the escalation reason, or None."""
    decision = decide_next(
        passed=False,
        scores=[*prior_scores(state, corrections), review.composite_score or 0.0],
        loops_done=loops_done,
        # Tokens the providers processed: a prompt prefix reused from the cache (the writer's system message, on
        # every call of a run) costs next to nothing, and counted whole it spent the budget of a run that asked
        # for one look at a time before its revisions could run (60,983 of 60,000, 50,612 of them reused).
        tokens_used=total_tokens(state)["processed_tokens"] + peek_tokens(processed=True),
        similarity=similarity,
        policy=policy,
    )
    return decision.reason if decision.action == "escalate" else None


def _keep_best(state: FlowState, loop: ReviewLoop[FlowState], attempt: ReviewedAttempt,
               score: float) -> StateUpdate:
    gate: GateState = state
    best = gate.get("best_score")
    if not attempt.draft or (best is not None and score <= float(best)):
        return {}
    update: StateUpdate = {"best_draft": attempt.draft, "best_score": score,
                           "best_review": review_json(attempt.review)}
    update.update(loop.best_fields(state))
    return update


def _escalate(
    state: FlowState, loop: ReviewLoop[FlowState], attempt: ReviewedAttempt, update: StateUpdate,
    reason: str, flags: list[str],
) -> StateUpdate:
    gate: GateState = state
    attempt.entry["stop_reason"] = reason
    current = attempt.draft
    best = update.get("best_draft", gate.get("best_draft")) or current
    log = [f"{loop.node}: escalated to a human -- {reason}{loop.escalation_note(attempt.review)}"]
    if loop.shows_on_escalation == "latest_unless_worse":
        best_score = float(update.get("best_score", gate.get("best_score")) or 0.0)
        if best != current and best_score > loop.keep_best_score(attempt.review):
            log.append(f"{loop.node}: the gate shows the best-scoring version (score {best_score:.2f}), "
                       "not the last one")
        else:
            best = current  # on a tie the latest version, which has had every correction, is shown
    best_review = update.get("best_review", gate.get("best_review"))
    if best != current and best_review:  # the editor reads the review of the version shown, not of another one
        update["review_result"] = best_review
        log.append(f"{loop.node}: the review shown is that version's; the last attempt's is in the history")
    update.update({
        "escalated": True, "current_draft": best, "flags": [*flags, "escalated"],
        "pipeline_status": PipelineStatus.NEEDS_HUMAN_REVIEW, "review_history": [attempt.entry], "error_log": log,
    })
    update.update(loop.gate_fields(state, GateOutcome.ESCALATED))
    return update


def conclude(
    state: FlowState, loop: ReviewLoop[FlowState], attempt: ReviewedAttempt, rubric: Rubric,
    policy: LoopPolicy,
) -> StateUpdate:
    """The loop's decision after a review: to the gate (passed, flagged, judge outage), another correction, or
    escalation with the best attempt."""
    gate: GateState = state
    review, entry = attempt.review, attempt.entry
    flags = list(gate.get("flags") or [])
    update: StateUpdate = {"review_result": review_json(review)}
    update.update(attempt.state_fields)
    update.update(_keep_best(state, loop, attempt, loop.keep_best_score(review)))
    outage_passes = loop.judge_outage == "gate_flagged" and review.judge_skipped and not review.failed()
    if review.passed or (outage_passes and not review.flags):
        if review.judge_skipped and loop.judge_outage == "gate_flagged":
            flags.append("judge_skipped")
        update.update({"flags": flags, "pipeline_status": PipelineStatus.AWAITING_APPROVAL, "review_history": [entry]})
        update.update(loop.gate_fields(state, GateOutcome.PASSED))
        return update
    if review.flags:
        # The pass hangs on a criterion the judge cannot measure reliably: a human settles it, since another
        # attempt cannot make an unreliable judge reliable.
        entry["stop_reason"] = "; ".join(review.flags)
        update.update({"flags": [*flags, *review.flags], "pipeline_status": PipelineStatus.AWAITING_APPROVAL,
                       "review_history": [entry]})
        update.update(loop.gate_fields(state, GateOutcome.FLAGGED))
        return update
    update.update(loop.failure_fields(state))
    if loop.records_feedback:
        update["feedback_history"] = [
            feedback_json(FeedbackEntry(attempt=int(gate.get("draft_version", 0)), failed_criteria=review.failed(),
                                        suggestions=review.suggestions[:3], draft_title=attempt.title))
        ]
    if attempt.judge_error and loop.judge_outage == "escalate":
        reason = f"the judge could not score the item ({attempt.judge_error})"
        return _escalate(state, loop, attempt, update, reason, [*flags, "judge_skipped"])
    stop = loop.stop_reason(state, attempt, policy)
    correction = loop.plan(state, attempt, rubric) if stop is None else None
    if correction is None:
        return _escalate(state, loop, attempt, update, stop or "no component to correct", flags)
    entry.update(correction.entry)
    if correction.targets is not None:
        update["correction_targets"] = correction.targets
    update.update({"flags": flags, "pipeline_status": PipelineStatus.REVISING, "review_history": [entry]})
    return update


ReviewNode = Callable[[FlowState], Awaitable[StateUpdate]]


def review_node_maker(loop: ReviewLoop[FlowState]) -> Callable[[PipelineDeps], ReviewNode[FlowState]]:
    """The node maker of a content type's review step."""

    def maker(deps: PipelineDeps) -> ReviewNode[FlowState]:
        async def review(state: FlowState) -> StateUpdate:
            rubric, policy = review_setup(state, deps, loop)
            attempt = await loop.assess(state, deps, rubric)
            return conclude(state, loop, attempt, rubric, policy)

        review.__name__ = loop.node
        return review

    return maker
