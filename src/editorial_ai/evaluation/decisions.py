"""Calibration from the database: stored review verdicts versus the admins' decisions.

For each content, the reviewer's verdict is `editorial_contents.review_json` (the review of the draft put
before the human) and the human verdict is the latest decision in `review_events`:
approved (or published) = pass; rejected or revision_requested = fail. Contents without a decision event
fall back to their status. A content back in the queue (pending/escalated) holds a newer draft than the one
decided on, and is left out. When the decision carries the structured review form, its findings become
per-criterion human fail labels (wrong_information -> fact_accuracy, bad_format -> format,
information missing -> content_completeness).
"""

from __future__ import annotations

from typing import Any

from editorial_ai.evaluation.calibrate_run import (
    CalibrationReport,
    Verdict,
    agreement,
    mandatory_passed,
    rubric_of,
)
from editorial_ai.models.content_record import ContentRecord, DecisionEvent
from editorial_ai.review.rubric import RubricNotFoundError
from editorial_ai.store.contents import AWAITING, ContentRepository

PASS_DECISIONS = {"approved": True, "published": True, "rejected": False, "revision_requested": False}


def form_labels(payload: dict[str, Any]) -> dict[str, bool]:
    """Per-criterion human fail labels from a decision's review form."""
    form = payload.get("review_form") or {}
    labels: dict[str, bool] = {}
    if form.get("wrong_information"):
        labels["fact_accuracy"] = False
    if form.get("bad_format"):
        labels["format"] = False
    if form.get("information_present") is False:
        labels["content_completeness"] = False
    return labels


def verdict_from_row(row: ContentRecord, event: DecisionEvent | None) -> Verdict | None:
    """Pair one content's stored review with its human decision; None when they cannot be paired."""
    review = row.review_json
    if row.status in AWAITING or "passed" not in review:
        return None
    decision = event.decision if event else row.status
    if decision not in PASS_DECISIONS:
        return None
    try:
        rubric = rubric_of(row.content_type or "fashion_magazine")
    except RubricNotFoundError:
        return None
    machine = {c["criterion"]: (None if c.get("skipped") else bool(c.get("passed")))
               for c in review.get("criteria", []) if "criterion" in c}
    labels = form_labels(event.payload) if event else {}
    return Verdict(id=row.id, content_type=rubric.name, machine=machine,
                   human={k: v for k, v in labels.items() if k in machine}, machine_overall=bool(review["passed"]),
                   human_overall=PASS_DECISIONS[decision], composite_score=review.get("composite_score"),
                   mandatory_ok=mandatory_passed(rubric, machine))


async def calibrate_decisions(contents: ContentRepository, *, content_type: str | None = None,
                              limit: int = 100_000) -> CalibrationReport:
    """Judge verdicts stored with each content versus the admins' decisions."""
    rows, _ = await contents.list(limit=limit)
    latest: dict[str, DecisionEvent] = {}
    for event in await contents.events():
        latest[event.content_id] = event
    verdicts = []
    skipped = 0
    for row in rows:
        if content_type and row.content_type != content_type:
            continue
        verdict = verdict_from_row(row, latest.get(row.id))
        if verdict is None:
            skipped += 1
        else:
            verdicts.append(verdict)
    errors = [f"{skipped} content(s) without a decided, reviewed draft were left out"] if skipped else []
    return CalibrationReport(source="database", verdicts=verdicts, types=agreement(verdicts), errors=errors)
