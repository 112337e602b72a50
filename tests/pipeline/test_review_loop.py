"""The shared review loop's decisions, with a minimal loop: gate exits, feedback, stop rule, plan, escalation."""

from __future__ import annotations

from typing import Literal

from editorial_ai.models.review import CriterionResult, ReviewResult
from editorial_ai.models.status import PipelineStatus
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.loop_wiring import route_after_review
from editorial_ai.pipeline.review_loop import (
    Correction,
    ReviewedAttempt,
    ReviewLoop,
    conclude,
    loop_stop_reason,
)
from editorial_ai.pipeline.state import PipelineState
from editorial_ai.review.policy import LoopPolicy
from editorial_ai.review.rubric import Rubric, load_rubric

RUBRIC = load_rubric("fashion_magazine")
POLICY = LoopPolicy(max_loops=3, token_budget=None)


class PlainLoop(ReviewLoop):
    """Corrects the failed criteria by name; the rest is the shared default (the article rules)."""

    node = "toy_review"
    correct_node = "toy_fix"

    def __init__(self, shows: Literal["best", "latest_unless_worse"] = "best") -> None:
        self.shows_on_escalation = shows

    async def assess(self, state: PipelineState, deps: PipelineDeps, rubric: Rubric) -> ReviewedAttempt:
        raise AssertionError("the tests build attempts themselves")

    def plan(self, state: PipelineState, attempt: ReviewedAttempt, rubric: Rubric) -> Correction | None:
        failed = [c.criterion for c in attempt.review.failed()]
        return Correction(targets=failed, entry={"correction_target": failed}) if failed else None


def _attempt(passed: bool, score: float | None, *, draft: str = "v2", flags: list[str] | None = None,
             skipped: bool = False, failed: bool = True) -> ReviewedAttempt:
    criteria = [CriterionResult(criterion="tone", passed=passed or not failed, reason="r", score=score,
                                skipped=skipped)]
    review = ReviewResult(passed=passed, criteria=criteria, composite_score=score, judge_skipped=skipped,
                          flags=flags or [], suggestions=["shorter"])
    return ReviewedAttempt(review=review, entry={"composite_score": score}, draft={"title": draft}, title=draft)


def _state(**extra: object) -> PipelineState:
    state: dict[str, object] = {"current_draft": {"title": "v2"}, "draft_version": 2, "flags": []}
    state.update(extra)
    return state  # type: ignore[return-value]


def test_a_pass_goes_to_the_gate_and_is_kept_as_best() -> None:
    update = conclude(_state(), PlainLoop(), _attempt(True, 0.9), RUBRIC, POLICY)
    assert update["pipeline_status"] == PipelineStatus.AWAITING_APPROVAL
    assert update["best_score"] == 0.9 and update["best_draft"] == {"title": "v2"}
    assert "feedback_history" not in update and route_after_review("toy_fix", "gate")(update) == "gate"


def test_an_advisory_failure_reaches_the_gate_flagged_and_a_judge_outage_flagged_judge_skipped() -> None:
    flagged = conclude(_state(), PlainLoop(), _attempt(False, 0.5, flags=["advisory: tone"]), RUBRIC, POLICY)
    assert flagged["flags"] == ["advisory: tone"] and flagged["review_history"][0]["stop_reason"] == "advisory: tone"
    outage = conclude(_state(), PlainLoop(), _attempt(False, None, skipped=True), RUBRIC, POLICY)
    assert outage["pipeline_status"] == PipelineStatus.AWAITING_APPROVAL and outage["flags"] == ["judge_skipped"]


def test_a_failure_leaves_feedback_and_asks_for_the_planned_correction() -> None:
    update = conclude(_state(), PlainLoop(), _attempt(False, 0.4), RUBRIC, POLICY)
    assert update["pipeline_status"] == PipelineStatus.REVISING and update["correction_targets"] == ["tone"]
    assert update["revision_count"] == 1 and update["review_history"][0]["correction_target"] == ["tone"]
    (feedback,) = update["feedback_history"]
    assert feedback["attempt"] == 2 and feedback["suggestions"] == ["shorter"] and feedback["draft_title"] == "v2"
    assert route_after_review("toy_fix", "gate")(update) == "toy_fix"


def test_the_cap_escalates_with_the_best_attempt_and_the_reason() -> None:
    state = _state(revision_count=2, best_draft={"title": "v1"}, best_score=0.6,
                   review_history=[{"composite_score": 0.6}, {"composite_score": 0.5}])
    update = conclude(state, PlainLoop(), _attempt(False, 0.55), RUBRIC, POLICY)
    assert update["pipeline_status"] == PipelineStatus.NEEDS_HUMAN_REVIEW and update["escalated"] is True
    assert update["current_draft"] == {"title": "v1"} and update["flags"] == ["escalated"]
    reason = update["review_history"][0]["stop_reason"]
    assert reason.startswith("max loops reached: 3 failed reviews")
    assert update["error_log"] == [f"toy_review: escalated to a human -- {reason}; last failures: tone"]


def test_a_plateau_over_the_prior_score_window_escalates() -> None:
    state = _state(revision_count=2, review_history=[{"composite_score": 0.6}, {"composite_score": 0.6}])
    update = conclude(state, PlainLoop(), _attempt(False, 0.61), RUBRIC, LoopPolicy(max_loops=9, token_budget=None))
    assert update["review_history"][0]["stop_reason"].startswith("plateau: composite score stopped improving")


def test_nothing_to_correct_escalates() -> None:
    update = conclude(_state(), PlainLoop(), _attempt(False, 0.4, failed=False), RUBRIC, POLICY)
    assert update["review_history"][0]["stop_reason"] == "no component to correct"


def test_latest_unless_worse_shows_the_last_attempt_on_a_tie() -> None:
    state = _state(revision_count=2, best_draft={"title": "v1"}, best_score=0.54)  # 0.55 less its one finding
    tie = conclude(state, PlainLoop("latest_unless_worse"), _attempt(False, 0.55), RUBRIC, POLICY)
    assert tie["current_draft"] == {"title": "v2"} and len(tie["error_log"]) == 1
    better = conclude({**state, "best_score": 0.7}, PlainLoop("latest_unless_worse"), _attempt(False, 0.55),
                      RUBRIC, POLICY)
    assert better["current_draft"] == {"title": "v1"} and "best-scoring version" in better["error_log"][1]


def test_keep_best_counts_findings_so_a_draft_with_fewer_problems_wins_a_near_tie() -> None:
    def failed(criterion: str, findings: int, score: float) -> CriterionResult:
        return CriterionResult(criterion=criterion, passed=False, reason="r", score=score,
                               evidence=[f"finding {i}" for i in range(findings)])

    # A "Paris Fashion Week" run of the embedded default: the first draft invented three names and eleven claims,
    # the last kept one wrong standfirst; the composites alone ranked the first higher.
    first = ReviewResult(passed=False, composite_score=0.7705,
                         criteria=[failed("hallucination", 3, 0.0), failed("fact_accuracy", 11, 0.49)])
    last = ReviewResult(passed=False, composite_score=0.768,
                        criteria=[failed("hallucination", 1, 0.0), failed("fact_accuracy", 1, 0.49)])
    loop = PlainLoop("latest_unless_worse")
    assert loop.keep_best_score(first) == 0.6305 and loop.keep_best_score(last) == 0.748
    state = _state(revision_count=2, best_draft={"title": "v1"}, best_score=loop.keep_best_score(first))
    update = conclude(state, loop, ReviewedAttempt(review=last, entry={"composite_score": 0.768},
                                                   draft={"title": "v2"}, title="v2"), RUBRIC, POLICY)
    assert update["current_draft"] == {"title": "v2"} and update["best_score"] == 0.748


def test_a_crashed_review_ends_the_run() -> None:
    assert route_after_review("toy_fix", "gate")({"pipeline_status": PipelineStatus.FAILED}) == "__end__"


def test_an_escalation_that_shows_the_best_version_shows_that_version_s_review() -> None:
    v1_review = _attempt(False, 0.6, draft="v1").review.model_dump(mode="json")
    state = _state(revision_count=2, best_draft={"title": "v1"}, best_score=0.6, best_review=v1_review,
                   review_history=[{"composite_score": 0.6}, {"composite_score": 0.5}])
    update = conclude(state, PlainLoop(), _attempt(False, 0.55), RUBRIC, POLICY)
    assert update["current_draft"] == {"title": "v1"} and update["review_result"] == v1_review
    assert "the review shown is that version's" in update["error_log"][-1]
    latest = conclude(_state(revision_count=2, review_history=[{"composite_score": 0.6}, {"composite_score": 0.5}]),
                      PlainLoop(), _attempt(False, 0.55), RUBRIC, POLICY)
    assert latest["current_draft"] == {"title": "v2"} and latest["review_result"]["composite_score"] == 0.55


def test_the_token_budget_spends_only_the_tokens_a_provider_processed() -> None:
    cached = [{"prompt_tokens": 2000, "cached_tokens": 1900, "completion_tokens": 100}] * 10
    budget = LoopPolicy(max_loops=9, token_budget=5000)
    assert loop_stop_reason(_state(token_usage=cached), _attempt(False, 0.5).review, corrections=0, loops_done=1,
                            similarity=0.0, policy=budget) is None  # 21,000 sent, 2,000 processed
    fresh = [{"prompt_tokens": 2000, "completion_tokens": 100}] * 3
    reason = loop_stop_reason(_state(token_usage=fresh), _attempt(False, 0.5).review, corrections=0, loops_done=1,
                              similarity=0.0, policy=budget)
    assert reason == "token budget exhausted: 6300 of 5000 tokens used"
