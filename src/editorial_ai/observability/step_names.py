"""Pipeline steps named in words for editors, one map shared by the CLI's live table and the admin UI.

Node names (`design_spec`, `admin_gate`) are for developers; an editor reads "Choosing the look". Steps that
repeat per attempt (writing, reviewing) carry the attempt number: "Writing draft 2", "Reviewing draft 2".
Stdlib only: imported by the CLI and the UI without pulling in the pipeline.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# {attempt} is filled in for steps that run once per draft.
STEP_NAMES: dict[str, str] = {
    "curation": "Finding trends",
    "design_spec": "Choosing the look",
    "source": "Gathering sources",
    "editorial": "Writing draft {attempt}",
    "enrich": "Adding products and people",
    "review": "Reviewing draft {attempt}",
    "admin_gate": "Preparing for the editor",
    "human_decision": "Waiting for an editor",
    "publish": "Publishing",
    "exam_generate": "Writing item {attempt}",
    "exam_validate": "Checking item {attempt}",
    "exam_score": "Scoring item {attempt}",
    "exam_correct": "Correcting item {attempt}",
    "spec_categorize": "Sorting the product",
    "spec_extract": "Extracting spec {attempt}",
    "spec_review": "Checking spec {attempt}",
    "spec_correct": "Correcting spec {attempt}",
}

# A node that starts a new attempt: the steps after it, up to the next one, belong to that attempt.
ATTEMPT_STARTERS = frozenset({"editorial", "exam_generate", "spec_extract"})
# Steps whose outcome is a review verdict, shown as pass/fail rather than "success".
REVIEW_STEPS = frozenset({"review", "exam_score", "spec_review"})


def step_name(node: str, attempt: int = 1) -> str:
    """The editor's name of a node; an unknown node's own name with underscores as spaces, capitalised."""
    template = STEP_NAMES.get(node)
    if template is None:
        return node.replace("_", " ").capitalize()
    return template.format(attempt=max(attempt, 1))


def step_outcome(update: Mapping[str, Any] | None) -> str | None:
    """ "pass" or "fail" when a node's state update carries a review verdict; "replay" when an idempotent node
    found its work already done (a publish re-run after a crash: the run log must not read as a second publish);
    else None."""
    if not update:
        return None
    review = update.get("review_result")
    if isinstance(review, Mapping) and "passed" in review:
        return "pass" if review["passed"] else "fail"
    calls = update.get("tool_calls_log")
    if isinstance(calls, list) and any(isinstance(c, Mapping) and c.get("replay") is True for c in calls):
        return "replay"
    return None


class AttemptTracker:
    """Numbers attempts as node events arrive: each writing step opens the next attempt."""

    def __init__(self) -> None:
        self.attempt = 0

    def enter(self, node: str) -> int:
        """The attempt a node that is starting belongs to (0 for steps before the first draft)."""
        if node in ATTEMPT_STARTERS:
            self.attempt += 1
        return self.attempt
