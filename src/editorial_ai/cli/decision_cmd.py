"""`approve`, `reject`, `revise`: human decisions on a paused pipeline, from any process.

Approving does not publish: the run stays paused until `editorial-ai publish` (cli/publish_cmd.py).

A decision takes the same path as the API's: recorded on the content, handed to the run registry and applied
under the thread's lease, so `runs list` and `/api/runs` show the run move on from `waiting`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from pydantic import ValidationError

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, print_json, run_async
from editorial_ai.cli.assignment import TAKE_OVER, ask_first
from editorial_ai.cli.content_ref import UnknownIdError, resolve_content_id
from editorial_ai.cli.exit_codes import exit_code_for_run
from editorial_ai.cli.render import print_outcome
from editorial_ai.cli.terminal import safe
from editorial_ai.models.content_record import ContentRecord, DecisionEvent
from editorial_ai.models.decisions import AdminDecision, ReviewForm, SentenceComment
from editorial_ai.models.status import AWAITING_DECISION, ContentStatus, Decision, approval_risks


def already_decided(content: ContentRecord, events: list[DecisionEvent]) -> str:
    """What happened to a content that no longer awaits a decision, when, and by whom."""
    status = content.status
    last = events[-1] if events else None
    who = f" by {last.reviewer}" if last else ""
    when = content.published_at if status == ContentStatus.PUBLISHED else (last.created_at if last else None)
    at = f" at {str(when)[:19].replace('T', ' ')} UTC" if when else ""
    where = f"; read it at /articles/{content.id}" if status == ContentStatus.PUBLISHED else ""
    if status == ContentStatus.APPROVED:
        where = (f"; publish it with `editorial-ai publish {content.id[:8]}` or take the approval back with "
                 f"`editorial-ai revert {content.id[:8]}`")
    return f"content {content.id} was already {status.replace('_', ' ')}{at}{who}; nothing changed{where}"


def check_confirmation(content: ContentRecord, decision: AdminDecision, confirmed: bool) -> None:
    """An escalated or flagged draft is approved only with --confirm and a --note (kept in the decision log)."""
    risks = approval_risks(content.model_dump()) if decision.decision == Decision.APPROVED else []
    if risks and not (confirmed and (decision.note or "").strip()):
        raise typer.BadParameter(
            f"content {content.id} needs a confirmed approval ({'; '.join(risks)}): read it with `editorial-ai "
            f'contents show {content.id[:8]}`, then approve with --confirm --note "why it can be published"',
            param_hint="--confirm/--note",
        )


def _decide(
    content_ref: str, decision: AdminDecision, data_dir: Path | None, as_json: bool, confirmed: bool = False
) -> None:
    from editorial_ai.cli.run_service import cli_runs
    from editorial_ai.pipeline.runner import ConflictError

    settings = build_settings(data_dir=data_dir)

    async def go() -> dict[str, Any]:
        async with cli_runs(settings) as runs:
            contents = runs.pipeline.deps.contents
            content_id = await resolve_content_id(contents, content_ref)
            current = await contents.get(content_id)
            if current is None:
                raise UnknownIdError(f"no content with id {content_id!r}; see `editorial-ai contents list`")
            if current.status not in AWAITING_DECISION:
                raise ConflictError(already_decided(current, await contents.events(content_id)))
            check_confirmation(current, decision, confirmed)
            _check_comments(current, decision)
            if decision.decision == Decision.APPROVED:
                from editorial_ai.worker.service import is_active

                # The API's rule: no decision while the registry has the run queued or running.
                if is_active(await runs.service.store.get(current.thread_id)):
                    raise ConflictError(f"the run of content {content_id} is still in progress; wait until it "
                                        "stops at the approval gate (`editorial-ai runs list`)")
                return await _approve_only(runs.pipeline, content_id, decision)
            # Recorded and applied as the API does: the run registry's row follows the decision.
            claim = await runs.service.claim(content_id, decision)
            await runs.service.decided(claim.thread_id, inline=True)
            await runs.drain()
            summary = (await runs.pipeline.outcome(claim.thread_id)).summary()
            content = await contents.get(content_id)
            summary["content_status"] = content.status if content else None
            summary["published_path"] = content.published_path if content else None
            return summary

    summary = run_async(go())
    if as_json:
        print_json(summary)
    elif summary.get("step") == Decision.APPROVED:
        short = str(summary["content_id"])[:8]
        console.print(f"[bold]approved[/] {short} “{safe(summary.get('title') or '')}”: not public yet. "
                      f"Publish it with `editorial-ai publish {short}`, or take it back with "
                      f"`editorial-ai revert {short}`.")
    else:
        print_outcome(summary)
        if summary.get("published_path"):
            console.print(
                f"[bold green]published:[/] /articles/{summary['content_id']} (served by `editorial-ai "
                f"serve`), file {summary['published_path']}"
            )
    code = exit_code_for_run(summary.get("pipeline_status"))
    if code:
        raise typer.Exit(code=int(code))


def _check_comments(content: ContentRecord, decision: AdminDecision) -> None:
    """Each commented sentence must stand in the draft (`contents show` prints it)."""
    from editorial_ai.api.view_comments import sentence_in_draft
    from editorial_ai.api.views import layout_text

    lines = layout_text(content.layout_json)
    for item in decision.comments:
        if not sentence_in_draft(item.sentence, lines):
            raise typer.BadParameter(f"the sentence {item.sentence[:60]!r} is not in the draft; copy it exactly from "
                                     f"`editorial-ai contents show {content.id[:8]}`", param_hint="--comment")


async def _approve_only(pipeline: Any, content_id: str, decision: AdminDecision) -> dict[str, Any]:
    """The approval recorded, the run left paused: nothing is public until `publish`."""
    from editorial_ai.pipeline import publishing

    result = await publishing.approve(pipeline, content_id, decision)
    content = await pipeline.deps.contents.get(content_id)
    return {"content_id": content_id, "thread_id": result.thread_id, "step": "approved",
            "content_status": result.status, "title": content.title if content else None, "public_url": None,
            "published_path": None, "pipeline_status": None}


_DATA_DIR = typer.Option(None, "--data-dir", help=DATA_DIR_HELP)
_JSON = typer.Option(False, "--json", help="Print one JSON object.")
_REVIEWER = typer.Option("admin", "--reviewer", help="Who decides (kept in the decision log).")


def approve(
    content_id: str = typer.Argument(..., help="Content id or an unambiguous prefix of it."),
    confirm: bool = typer.Option(
        False, "--confirm", help="Approve an escalated or flagged draft (needs --note): you read it and it is fine."
    ),
    note: str | None = typer.Option(None, "--note", help="Why it can go out (kept in the decision log)."),
    reviewer: str = _REVIEWER,
    take_over: bool = TAKE_OVER,
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Approve content awaiting a decision. Nothing is published: `editorial-ai publish ID` does that.

    An escalated or flagged draft needs --confirm and a --note, as in the admin UI.
    """
    decision = AdminDecision(decision="approved", reviewer=reviewer, note=(note or "").strip() or None)
    ask_first(content_id, reviewer, take_over, data_dir, "approve")
    _decide(content_id, decision, data_dir, as_json, confirmed=confirm)


def reject(
    content_id: str = typer.Argument(..., help="Content id or an unambiguous prefix of it."),
    reason: str = typer.Option(..., "--reason", help="Why."),
    reviewer: str = _REVIEWER,
    take_over: bool = TAKE_OVER,
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Reject content with a reason: the pipeline ends."""
    ask_first(content_id, reviewer, take_over, data_dir, "reject")
    _decide(content_id, AdminDecision(decision="rejected", reason=reason, reviewer=reviewer), data_dir, as_json)


def revise(
    content_id: str = typer.Argument(..., help="Content id or an unambiguous prefix of it."),
    feedback: str = typer.Option("", "--feedback", help="What to change."),
    missing_spec: bool = typer.Option(False, "--missing-spec"),
    bad_format: bool = typer.Option(False, "--bad-format"),
    wrong_information: bool = typer.Option(False, "--wrong-information"),
    wrong_physical_dimensions: bool = typer.Option(False, "--wrong-physical-dimensions"),
    information_missing: bool = typer.Option(False, "--information-missing"),
    comment: list[str] = typer.Option(
        [], "--comment", help='A comment on one sentence: "SENTENCE :: what to change" (repeatable).'),
    reviewer: str = _REVIEWER,
    take_over: bool = TAKE_OVER,
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Request a revision: the feedback and the sentence comments go into a new editorial attempt."""
    form = ReviewForm(
        information_present=not information_missing,
        missing_spec=missing_spec,
        bad_format=bad_format,
        wrong_information=wrong_information,
        wrong_physical_dimensions=wrong_physical_dimensions,
    )
    comments = [_comment(c) for c in comment]
    decision = run_async(_validated(feedback, form, reviewer, comments))
    ask_first(content_id, reviewer, take_over, data_dir, "revise")
    _decide(content_id, decision, data_dir, as_json)


def _comment(raw: str) -> SentenceComment:
    sentence, separator, words = raw.partition("::")
    if not separator or not sentence.strip() or not words.strip():
        raise typer.BadParameter(f'{raw!r}: write "SENTENCE :: what to change"', param_hint="--comment")
    try:
        return SentenceComment(sentence=" ".join(sentence.split()), comment=words.strip())
    except ValidationError as exc:  # a control character, or text over the limit: exit 2 naming it
        problem = str(exc.errors()[0]["msg"]).removeprefix("Value error, ")
        raise typer.BadParameter(problem, param_hint="--comment") from None


async def _validated(feedback: str, form: ReviewForm, reviewer: str,
                     comments: list[SentenceComment]) -> AdminDecision:
    return AdminDecision(decision="revision_requested", feedback=feedback or None, review_form=form, reviewer=reviewer,
                         comments=comments)
