"""A run's progress as an editor reads it: steps named in words, grouped by attempt, reviews as pass or fail."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from editorial_ai.observability.step_names import REVIEW_STEPS, AttemptTracker, step_name
from editorial_ai.pipeline.runner import Pipeline

STATUS_WORDS = {"success": "done", "error": "failed", "interrupted": "waiting for an editor", "running": "running"}


@dataclass
class Step:
    """One node run in words."""

    node: str
    name: str
    status: str  # done / failed / waiting for an editor / running / pass / fail
    seconds: float | None
    tokens: int = 0
    models: str = ""
    error: str = ""
    started_at: str = ""  # ISO time; for the running step, when it started (elapsed time counts from it)


@dataclass
class StepGroup:
    """The steps before the first draft, or those of one attempt."""

    attempt: int
    steps: list[Step] = field(default_factory=list)

    @property
    def label(self) -> str:
        """The group's heading: Preparing, or Draft N."""
        return f"Draft {self.attempt}" if self.attempt else "Preparing"


def _status(run: dict[str, Any]) -> str:
    if run.get("node_name") == "human_decision" and run.get("status") == "success":
        return "decided"
    outcome = run.get("outcome")
    if run.get("node_name") in REVIEW_STEPS and outcome in ("pass", "fail") and run.get("status") == "success":
        return str(outcome)
    return STATUS_WORDS.get(str(run.get("status")), str(run.get("status")))


def _end_of(run: dict[str, Any]) -> str:
    """When a finished node ended (its start plus its duration): the next node started then."""
    try:
        start = datetime.fromisoformat(str(run.get("started_at")))
    except ValueError:
        return ""
    return (start + timedelta(milliseconds=float(run.get("duration_ms") or 0))).isoformat()


def progress_view(runs: list[dict[str, Any]], running: bool, current_node: str | None) -> list[StepGroup]:
    """Node runs (from the run log, oldest first) grouped by attempt; a running node is appended as running."""
    tracker = AttemptTracker()
    groups: list[StepGroup] = []

    def add(step: Step, attempt: int) -> None:
        if not groups or groups[-1].attempt != attempt:
            groups.append(StepGroup(attempt))
        groups[-1].steps.append(step)

    # A pause at the human gate that a decision since ended is history, not a step still waiting.
    runs = [r for i, r in enumerate(runs) if not (r.get("status") == "interrupted" and i + 1 < len(runs))]
    for run in runs:
        node = str(run.get("node_name") or "")
        attempt = tracker.enter(node)
        models = sorted({u["model_name"] for u in run.get("token_usage") or [] if u.get("model_name")})
        add(
            Step(
                node,
                step_name(node, attempt),
                _status(run),
                round(float(run.get("duration_ms") or 0) / 1000, 1),
                int(run.get("total_tokens") or 0),
                ", ".join(models),
                str(run.get("error") or ""),
                str(run.get("started_at") or ""),
            ),
            attempt,
        )
    # The gate never "runs": a run registered as running there is a decision being resumed (an instant), or a
    # registry row not yet moved on. Shown as running it would tick "Waiting for an editor - running N s" forever.
    if running and current_node and current_node != "human_decision":
        attempt = tracker.enter(current_node)
        add(
            Step(
                current_node,
                step_name(current_node, attempt),
                "running",
                None,
                started_at=_end_of(runs[-1]) if runs else "",
            ),
            attempt,
        )
    return groups


def node_records(pipeline: Pipeline, thread_id: str) -> list[dict[str, Any]]:
    """The run log's node records (with each review's outcome), oldest first."""
    return [r for r in pipeline.deps.run_log.read(thread_id) if r.get("kind", "node") == "node"]
