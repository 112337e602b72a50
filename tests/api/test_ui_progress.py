"""Progress in words: steps named for editors, grouped by draft, reviews as pass/fail, old gate pauses dropped."""

from __future__ import annotations

from typing import Any

from editorial_ai.api.view_progress import progress_view


def _run(node: str, status: str = "success", outcome: str | None = None, ms: float = 1200.0) -> dict[str, Any]:
    return {"node_name": node, "status": status, "outcome": outcome, "duration_ms": ms,
            "started_at": "2026-01-01T10:00:00+00:00", "token_usage": [], "total_tokens": 0}  # fmt: skip


def test_steps_are_grouped_by_draft_with_review_outcomes() -> None:
    nodes = ["curation", "design_spec", "source", "editorial", "enrich", "review", "editorial", "enrich", "review",
             "admin_gate", "human_decision", "human_decision", "publish"]  # fmt: skip
    runs = [_run(n) for n in nodes]
    runs[5]["outcome"], runs[8]["outcome"], runs[10]["status"] = "fail", "pass", "interrupted"
    groups = progress_view(runs, running=False, current_node=None)
    assert [g.label for g in groups] == ["Preparing", "Draft 1", "Draft 2"]
    assert [s.name for s in groups[0].steps] == ["Finding trends", "Choosing the look", "Gathering sources"]
    assert [(s.name, s.status) for s in groups[1].steps][-1] == ("Reviewing draft 1", "fail")
    last = [(s.name, s.status) for s in groups[2].steps]
    assert ("Reviewing draft 2", "pass") in last and ("Waiting for an editor", "decided") in last
    assert not any(s.status == "waiting for an editor" for g in groups for s in g.steps)  # the old pause is gone
    assert groups[0].steps[0].seconds == 1.2


def test_a_running_step_starts_when_the_previous_one_ended() -> None:
    groups = progress_view([_run("curation", ms=66_000)], running=True, current_node="design_spec")
    step = groups[-1].steps[-1]
    assert (step.name, step.status, step.seconds) == ("Choosing the look", "running", None)
    assert step.started_at == "2026-01-01T10:01:06+00:00"
    waiting = progress_view([_run("admin_gate"), _run("human_decision", "interrupted")], False, None)
    assert waiting[-1].steps[-1].status == "waiting for an editor"  # the current pause stays


def test_a_decision_being_resumed_is_never_shown_running_at_the_gate() -> None:
    # Just after "Request revision" the registry still names the gate as the run's node; that is not a running step.
    runs = [_run("admin_gate"), _run("human_decision", "interrupted")]
    groups = progress_view(runs, running=True, current_node="human_decision")
    assert not any(s.status == "running" for g in groups for s in g.steps)
    assert not any("running" in s.status for s in groups[-1].steps)
