"""Loop control: caps, token budget, plateau, no-change detection, tenant overrides."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from editorial_ai.review.policy import (
    LoopPolicy,
    TenantReviewConfig,
    apply_tenant,
    best_attempt,
    decide_next,
    draft_similarity,
    load_tenants,
)
from editorial_ai.review.rubric import load_rubric

POLICY = LoopPolicy(max_loops=3, token_budget=1000, plateau_patience=2, min_improvement=0.02, similarity_limit=0.97)


def decide(**overrides: object) -> tuple[str, str]:
    args: dict[str, object] = {"passed": False, "scores": [0.4], "loops_done": 1, "tokens_used": 10,
                               "similarity": 0.1, "policy": POLICY}
    args.update(overrides)
    decision = decide_next(**args)  # type: ignore[arg-type]
    return decision.action, decision.reason


def test_pass_wins_over_everything() -> None:
    assert decide(passed=True, loops_done=9, tokens_used=10**6)[0] == "pass"


def test_failure_below_caps_retries() -> None:
    assert decide() == ("retry", "review failed; revising")


def test_max_loops_escalates_with_reason() -> None:
    action, reason = decide(loops_done=3, scores=[0.1, 0.3, 0.5])
    assert action == "escalate" and "max loops" in reason and "3" in reason


def test_token_budget_escalates() -> None:
    action, reason = decide(tokens_used=1000)
    assert action == "escalate" and "token budget" in reason and "1000 of 1000" in reason


def test_near_identical_revision_escalates() -> None:
    action, reason = decide(similarity=0.99)
    assert action == "escalate" and "99%" in reason


def test_plateau_escalates_but_improvement_continues() -> None:
    action, reason = decide(loops_done=2, scores=[0.50, 0.51, 0.49])
    assert action == "escalate" and "plateau" in reason and "0.50 -> 0.51 -> 0.49" in reason
    assert decide(loops_done=2, scores=[0.40, 0.45, 0.60])[0] == "retry"


def test_draft_similarity_bounds() -> None:
    assert draft_similarity("same text", "same text") == 1.0
    assert draft_similarity("", "anything") == 0.0
    assert draft_similarity("alpha beta gamma", "completely different words") < 0.5


def test_best_attempt_prefers_highest_score_and_earliest_tie() -> None:
    attempts = [{"id": 1, "score": 0.4}, {"id": 2, "score": 0.7}, {"id": 3, "score": 0.7}]
    assert best_attempt(attempts) == {"id": 2, "score": 0.7}
    assert best_attempt([]) is None


def test_tenant_overrides_rule_threshold_and_caps(tmp_path: Path) -> None:
    path = tmp_path / "tenants.yaml"
    path.write_text("tenants:\n  strict: {pass_rule: weighted_threshold, threshold: 0.9, max_loops: 2}\n")
    tenant = load_tenants(path).tenants["strict"]
    rubric, policy = apply_tenant(load_rubric("fashion_magazine"), POLICY, tenant)
    assert (rubric.pass_rule, rubric.threshold, policy.max_loops) == ("weighted_threshold", 0.9, 2)
    assert policy.token_budget == POLICY.token_budget
    assert apply_tenant(rubric, POLICY, None)[1] is POLICY


def test_tenant_file_rejects_unknown_keys(tmp_path: Path) -> None:
    path = tmp_path / "tenants.yaml"
    path.write_text("tenants:\n  t: {treshold: 0.9}\n")
    with pytest.raises(ValidationError):
        load_tenants(path)
    with pytest.raises(ValidationError):
        TenantReviewConfig(threshold=1.5)
