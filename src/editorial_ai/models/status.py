"""The one status vocabulary of a content, shared by the CLI, the API and the admin UI.

A run's internal `pipeline_status` uses other words for the same states (`awaiting_approval`, `needs_human_review`);
they are accepted as legacy names and mapped here, so a filter typed either way means the same thing.
Stdlib only: the CLI imports this at start-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any


class ContentStatus(StrEnum):
    """Where a content stands at the human gate."""

    PENDING = "pending"
    ESCALATED = "escalated"
    REVISION_REQUESTED = "revision_requested"
    APPROVED = "approved"
    PUBLISHED = "published"
    REJECTED = "rejected"


STATUS_MEANINGS: dict[ContentStatus, str] = {
    ContentStatus.PENDING: "review passed; waiting for an editor to approve, reject or request a revision",
    ContentStatus.ESCALATED: "review still failed after the last revision (or the draft stopped changing); "
    "an editor must decide, with care",
    ContentStatus.APPROVED: "approved by an editor; not public until an editor publishes it (`publish`)",
    ContentStatus.PUBLISHED: "published: served at /articles/{id} and written to the publish folder",
    ContentStatus.REJECTED: "rejected by an editor, with a reason; the run ended",
    ContentStatus.REVISION_REQUESTED: "an editor asked for changes; a new draft is being written",
}

# Names the run summary and older releases used for the same states.
LEGACY_STATUS_NAMES: dict[str, ContentStatus] = {
    "awaiting_approval": ContentStatus.PENDING,
    "needs_human_review": ContentStatus.ESCALATED,
    "revising": ContentStatus.REVISION_REQUESTED,
}

AWAITING_DECISION: frozenset[ContentStatus] = frozenset({ContentStatus.PENDING, ContentStatus.ESCALATED})


class PipelineStatus(StrEnum):
    """Where a run stands: the `pipeline_status` of its state. The pipeline writes these members and the graph
    stores their plain string values (see pipeline/graph.py), so checkpoints hold strings."""

    CURATING = "curating"
    SOURCING = "sourcing"
    DRAFTING = "drafting"
    REVIEWING = "reviewing"
    AWAITING_APPROVAL = "awaiting_approval"
    NEEDS_HUMAN_REVIEW = "needs_human_review"
    REVISING = "revising"
    PUBLISHED = "published"
    REJECTED = "rejected"
    FAILED = "failed"


class Decision(StrEnum):
    """An editor's decision at the gate (`AdminDecision.decision`, the run's `admin_decision`)."""

    APPROVED = "approved"
    REJECTED = "rejected"
    REVISION_REQUESTED = "revision_requested"


# The content status each decision moves a content to.
DECISION_STATUS: dict[str, ContentStatus] = {
    Decision.APPROVED: ContentStatus.APPROVED,
    Decision.REJECTED: ContentStatus.REJECTED,
    Decision.REVISION_REQUESTED: ContentStatus.REVISION_REQUESTED,
}


class FinalStatus(StrEnum):
    """How an exam item's review loop ended (seed 002 `final_status`)."""

    PENDING = "pending"
    PASSED = "passed"
    CORRECTED = "corrected"
    NEEDS_HUMAN_REVIEW = "needs_human_review"


# A run in one of these states has a draft ready for the human gate.
GATE_READY: frozenset[PipelineStatus] = frozenset({PipelineStatus.AWAITING_APPROVAL, PipelineStatus.NEEDS_HUMAN_REVIEW})


def approval_risks(item: Mapping[str, Any]) -> list[str]:
    """Why approving a content needs an explicit confirmation and a note (empty: a clean pass). The same rule as
    the admin UI's: escalated, flagged (judge skipped, advisory criteria...) or a review that did not pass."""
    review = item.get("review_json") or {}
    risks = []
    if item.get("status") == ContentStatus.ESCALATED:
        risks.append("escalated: the review still failed after the last revision")
    flags = [*(item.get("flags") or []), *(review.get("flags") or [])]
    if flags:
        risks.append("flagged: " + ", ".join(dict.fromkeys(str(f) for f in flags)))
    if review.get("passed") is False and item.get("status") != ContentStatus.ESCALATED:
        risks.append("the last review did not pass")
    return risks


class UnknownStatusError(ValueError):
    """A status filter that is not in the vocabulary; the message lists the valid values."""


def valid_status_names() -> list[str]:
    """The status names a filter accepts, in workflow order."""
    return [s.value for s in ContentStatus]


def normalize_status_name(value: object) -> object:
    """A status name as typed, in the vocabulary's spelling: case-insensitive, legacy names mapped. Anything
    else comes back unchanged, for the validator to reject with the list of valid values."""
    if not isinstance(value, str):
        return value
    key = value.strip().lower().replace("-", "_").replace(" ", "_")
    if key in LEGACY_STATUS_NAMES:
        return LEGACY_STATUS_NAMES[key].value
    return key if key in valid_status_names() else value


def parse_status(value: str) -> ContentStatus:
    """The status a filter names (case-insensitive, legacy names mapped); UnknownStatusError otherwise."""
    key = str(normalize_status_name(value))
    try:
        return ContentStatus(key)
    except ValueError:
        raise UnknownStatusError(
            f"unknown status {value!r}; valid statuses: {', '.join(valid_status_names())}"
        ) from None


def status_of_run(pipeline_status: str | None) -> str | None:
    """A run's pipeline_status in the shared vocabulary when it names a gate state; other run states
    (curating, drafting, failed...) are not content statuses and come back unchanged."""
    if pipeline_status is None:
        return None
    mapped = LEGACY_STATUS_NAMES.get(pipeline_status)
    return mapped.value if mapped is not None else pipeline_status


class RunState(StrEnum):
    """Where a run stands in the worker's run registry (the `status` column of the runs table): queued until a
    worker leases it, running while leased, waiting at the human gate, then done or failed."""

    QUEUED = "queued"
    RUNNING = "running"
    WAITING = "waiting"
    DONE = "done"
    FAILED = "failed"
