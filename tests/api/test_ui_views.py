"""The review desk's view logic without a server: confirmation rule, escalation banner, ignored feedback, filters."""

from __future__ import annotations

from datetime import date
from typing import Any

from editorial_ai.api.view_queue import filter_values, parse_filters
from editorial_ai.api.views import Attempt, escalation_banner, mark_ignored_feedback, needs_confirmation
from editorial_ai.models.content_record import ContentRecord
from editorial_ai.services.diff import side_by_side

TYPES = ["fashion_magazine", "exam_item"]


def _item(**overrides: Any) -> ContentRecord:
    values: dict[str, Any] = {"id": "c-1", "status": "pending", "flags": [],
                              "review_json": {"passed": True, "flags": []}}
    values.update(overrides)
    return ContentRecord.model_validate(values)


def test_only_a_clean_passing_draft_is_approved_without_confirmation() -> None:
    assert not needs_confirmation(_item())
    assert needs_confirmation(_item(status="escalated"))
    assert needs_confirmation(_item(flags=["judge_skipped"]))
    assert needs_confirmation(_item(review_json={"passed": True, "flags": ["needs a human: engagement is advisory"]}))
    assert needs_confirmation(_item(review_json={"passed": False}))  # e.g. an edit that fails the checks


def test_the_banner_says_why_in_words_and_never_repeats_the_status() -> None:
    stopped = Attempt(3, "t", ["x"], history={"stop_reason": "revision stopped changing the draft: 98% identical"})
    item = _item(
        status="escalated",
        flags=["escalated", "judge_skipped"],
        review_json={"passed": False, "criteria": [{"criterion": "hallucination", "passed": False}]},
    )
    banner = escalation_banner(item, [Attempt(1, "t", ["x"]), stopped])
    assert banner is not None and banner.escalated
    assert banner.reasons[0] == "Stopped: revision stopped changing the draft: 98% identical."
    assert any("judge did not run" in r for r in banner.reasons)
    assert any("hallucination" in r for r in banner.reasons)
    assert not any(r == "escalated" for r in banner.reasons)
    advisory = escalation_banner(
        _item(
            review_json={
                "passed": False,
                "flags": ["needs a human: engagement is advisory (kappa 0.10 < 0.4 on local:gemma-3-270m)"],
            }
        ),
        [],
    )
    assert advisory is not None and not advisory.escalated
    assert "Advisory criterion: engagement is advisory (kappa 0.10" in advisory.reasons[0]
    assert escalation_banner(_item(), []) is None


def test_an_unchanged_attempt_after_feedback_is_marked_as_ignoring_it() -> None:
    first = Attempt(1, "t", ["# T", "same text"], feedback=[{"source": "admin", "failed_criteria": []}])
    second = Attempt(2, "t", ["# T", "same text"])
    second.diff = side_by_side(first.lines, second.lines)
    mark_ignored_feedback([first, second])
    assert second.ignored_feedback == "editor"
    banner = escalation_banner(_item(), [first, second])
    assert banner is not None and "the feedback was ignored" in banner.reasons[-1]
    assert second.similarity == 1.0
    long = ["# T", "A paragraph of many words about the look " * 8]
    almost = Attempt(2, "t", [long[0], long[1] + "!"])
    almost.diff = side_by_side(long, almost.lines)
    mark_ignored_feedback([Attempt(1, "t", long, feedback=[{"source": "review"}]), almost])
    assert almost.ignored_feedback == "review" and 0.97 <= almost.similarity < 1.0
    changed = Attempt(2, "t", ["# T", "new text"])
    changed.diff = side_by_side(first.lines, changed.lines)
    mark_ignored_feedback([first, changed])
    assert changed.ignored_feedback == ""
    edited = Attempt(2, "t", ["# T", "same text"], author="ana")
    edited.diff = side_by_side(first.lines, edited.lines)
    mark_ignored_feedback([first, edited])
    assert edited.ignored_feedback == ""  # an editor's own attempt answers nobody's feedback


def test_filters_are_parsed_and_bad_values_are_named_not_fatal() -> None:
    query, errors = parse_filters(
        {
            "q": " jennie ",
            "status": "escalated",
            "type": "exam_item",
            "min_score": "0.5",
            "max_score": "0.9",
            "since": "2026-01-01",
            "until": "2026-01-31",
        },
        TYPES,
    )
    assert errors == {}
    assert (query.text, query.status, query.content_type) == ("jennie", "escalated", "exam_item")
    assert (query.min_score, query.max_score) == (0.5, 0.9)
    assert (query.since, query.until) == (date(2026, 1, 1), date(2026, 1, 31))
    assert filter_values(query)["since"] == "2026-01-01" and query.active
    bad, errors = parse_filters(
        {"status": "pendng", "type": "poem", "min_score": "2", "max_score": "x", "since": "31/01/2026"}, TYPES
    )
    assert not bad.active
    assert set(errors) == {"status", "type", "min_score", "max_score", "since"}
    assert "pending" in errors["status"] and "YYYY-MM-DD" in errors["since"]
