"""A review whose pass hangs on an advisory judge criterion goes straight to the human gate, flagged."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from editorial_ai.content_types.article.flow import route_after_review
from editorial_ai.content_types.article.nodes import review as review_node
from editorial_ai.content_types.exam_item import EXAM_ITEM
from editorial_ai.models.review import CriterionResult, ReviewResult
from editorial_ai.review.rubric import load_rubric
from editorial_ai.review.scoring import decide

FLAG = "needs a human: authenticity is advisory (unmeasured on local:gemma-3-270m)"


def _deps(settings: Any) -> Any:
    async def known_entities() -> dict[str, set[str]]:
        return {}

    return SimpleNamespace(settings=settings, llm=lambda *args: None,
                           catalog=SimpleNamespace(known_entities=known_entities))


def _state() -> dict[str, Any]:
    draft = {"keyword": "Airport fashion", "title": "T", "blocks": []}
    return {"content_type": "lifestyle", "current_draft": draft, "draft_version": 1, "revision_count": 0,
            "review_history": [], "flags": []}


@pytest.mark.parametrize(("flags", "passed", "status", "target"), [
    ([FLAG], False, "awaiting_approval", "admin_gate"),   # flagged: to the human, no regeneration
    ([], False, "revising", "editorial"),                 # a plain failure is revised
    ([], True, "awaiting_approval", "admin_gate"),
])
async def test_flagged_reviews_reach_the_gate_without_a_revision(
        settings: Any, monkeypatch: pytest.MonkeyPatch, flags: list[str], passed: bool, status: str,
        target: str) -> None:
    criteria = [CriterionResult(criterion="authenticity", passed=True, reason="r", score=0.9, advisory=True,
                                reliability="unmeasured on local:gemma-3-270m")]
    if not passed and not flags:
        criteria.append(CriterionResult(criterion="hallucination", passed=False, reason="Invented brand.",
                                        source="grounding"))
    result = ReviewResult(passed=passed, criteria=criteria, flags=flags, composite_score=0.9)

    async def fake_review(*args: Any) -> ReviewResult:
        return result

    monkeypatch.setattr(review_node, "review_draft", fake_review)
    update = await review_node.make_review_node(_deps(settings))(_state())
    assert update["pipeline_status"] == status
    assert route_after_review({**_state(), **update}) == target
    if flags:
        assert update["flags"] == [FLAG] and "revision_count" not in update
        assert update["review_history"][0]["stop_reason"] == FLAG and not update.get("escalated")


def test_lifestyle_on_the_embedded_judge_is_never_auto_passed() -> None:
    rubric = load_rubric("lifestyle")
    results = [CriterionResult(criterion=c.name, passed=True, reason="ok", score=0.95, source=c.check,
                               advisory=c.check == "judge", reliability="unmeasured on local:gemma-3-270m")
               for c in rubric.criteria]
    decision = decide(rubric, results)
    assert not decision.passed and decision.flags
    assert all(f.startswith("needs a human: ") and "unmeasured on local:gemma-3-270m" in f for f in decision.flags)


def test_exam_clinical_accuracy_on_the_embedded_judge_is_never_auto_passed() -> None:
    rubric = EXAM_ITEM.rubric()
    results = [CriterionResult(criterion=c.name, passed=True, reason="ok", score=1.0, source=c.check,
                               advisory=c.check == "judge", reliability="kappa 0.05 < 0.4 on local:gemma-3-270m")
               for c in rubric.criteria]
    decision = decide(rubric, results)
    assert not decision.passed
    assert "needs a human: clinical_accuracy is advisory (kappa 0.05 < 0.4 on local:gemma-3-270m)" in decision.flags
