"""`approve`, `reject`, `revise`: human decisions that resume a paused pipeline from any process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from editorial_ai.cli._common import build_settings, console, print_json, run_async
from editorial_ai.cli.render import print_outcome
from editorial_ai.models.decisions import AdminDecision, ReviewForm


def _decide(content_id: str, decision: AdminDecision, data_dir: Path | None, as_json: bool) -> None:
    from editorial_ai.pipeline.runner import open_pipeline

    settings = build_settings(data_dir=data_dir)

    async def go() -> dict[str, Any]:
        async with open_pipeline(settings) as pipeline:
            outcome = await pipeline.decide(content_id, decision)
            summary = outcome.summary()
            content = await pipeline.deps.contents.get(content_id)
            summary["content_status"] = (content or {}).get("status")
            summary["published_path"] = (content or {}).get("published_path")
            return summary

    summary = run_async(go())
    if as_json:
        print_json(summary)
        return
    print_outcome(summary)
    if summary.get("published_path"):
        console.print(f"[bold green]published:[/] {summary['published_path']}")


_DATA_DIR = typer.Option(None, "--data-dir", envvar="EDITORIAL_AI_DATA_DIR")
_JSON = typer.Option(False, "--json", help="Print one JSON object.")
_REVIEWER = typer.Option("admin", "--reviewer", help="Who decides (kept in the decision log).")


def approve(
    content_id: str = typer.Argument(...),
    reviewer: str = _REVIEWER,
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Approve content awaiting a decision: the pipeline resumes and publishes it."""
    _decide(content_id, AdminDecision(decision="approved", reviewer=reviewer), data_dir, as_json)


def reject(
    content_id: str = typer.Argument(...),
    reason: str = typer.Option(..., "--reason", help="Why."),
    reviewer: str = _REVIEWER,
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Reject content with a reason: the pipeline ends."""
    _decide(content_id, AdminDecision(decision="rejected", reason=reason, reviewer=reviewer), data_dir, as_json)


def revise(
    content_id: str = typer.Argument(...),
    feedback: str = typer.Option("", "--feedback", help="What to change."),
    missing_spec: bool = typer.Option(False, "--missing-spec"),
    bad_format: bool = typer.Option(False, "--bad-format"),
    wrong_information: bool = typer.Option(False, "--wrong-information"),
    wrong_physical_dimensions: bool = typer.Option(False, "--wrong-physical-dimensions"),
    information_missing: bool = typer.Option(False, "--information-missing"),
    reviewer: str = _REVIEWER,
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Request a revision: the feedback is injected into a new editorial attempt."""
    form = ReviewForm(
        information_present=not information_missing,
        missing_spec=missing_spec,
        bad_format=bad_format,
        wrong_information=wrong_information,
        wrong_physical_dimensions=wrong_physical_dimensions,
    )
    decision = run_async(_validated(feedback, form, reviewer))
    _decide(content_id, decision, data_dir, as_json)


async def _validated(feedback: str, form: ReviewForm, reviewer: str) -> AdminDecision:
    return AdminDecision(decision="revision_requested", feedback=feedback or None, review_form=form, reviewer=reviewer)
