"""`publish`, `unpublish`, `revert`: the steps after an approval, as the admin desk and the API take them.

Publishing and unpublishing change what readers see, so each asks for a confirmation: `--yes`, or a yes typed at
the prompt when a person is at the terminal. Without either nothing changes (exit 2).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer

from editorial_ai.cli._common import DATA_DIR_HELP, build_settings, console, fail, print_json, run_async
from editorial_ai.cli.assignment import TAKE_OVER, ask_first
from editorial_ai.cli.content_ref import resolve_content_id

_DATA_DIR = typer.Option(None, "--data-dir", help=DATA_DIR_HELP)
_JSON = typer.Option(False, "--json", help="Print one JSON object.")
_REVIEWER = typer.Option("admin", "--reviewer", help="Who takes the step (kept in the decision log).")
_ID = typer.Argument(..., help="Content id or an unambiguous prefix of it.")


def _confirmed(yes: bool, question: str, flag_hint: str) -> None:
    if yes:
        return
    if not sys.stdin.isatty():
        raise fail(f"{question.rstrip('?')}: this needs a confirmation; add --yes ({flag_hint})")
    if not typer.confirm(question, default=False):
        raise fail("nothing changed (not confirmed)")


def _step(content_ref: str, data_dir: Path | None, as_json: bool, step: str, **kwargs: Any) -> None:
    from editorial_ai.cli.run_service import cli_runs
    from editorial_ai.pipeline import publishing

    settings = build_settings(data_dir=data_dir)

    async def go() -> dict[str, Any]:
        async with cli_runs(settings) as runs:
            pipeline = runs.pipeline
            content_id = await resolve_content_id(pipeline.deps.contents, content_ref)
            if step == "publish":
                claim = await publishing.claim_publication(pipeline, content_id, **kwargs)
                if claim is None:  # its run ended (it was taken down once): published from the stored layout
                    result = await publishing.republish(pipeline, content_id, **kwargs)
                else:  # the paused run resumes into its publish node, here under the run's lease
                    await runs.service.decided(claim.thread_id, inline=True)
                    await runs.drain()
                    await publishing.refresh_public_file(pipeline, content_id)
                    result = await publishing.current(pipeline, content_id, "published")
            elif step == "schedule":
                result = await publishing.schedule(pipeline, content_id, **kwargs)
            elif step == "unpublish":
                result = await publishing.unpublish(pipeline, content_id, **kwargs)
            else:
                result = await publishing.revert_to_draft(pipeline, content_id, **kwargs)
            return {"content_id": result.content_id, "thread_id": result.thread_id, "step": result.step,
                    "content_status": result.status, "public_url": result.public_url,
                    "published_path": result.published_path}

    summary = run_async(go())
    if as_json:
        print_json(summary)
        return
    status = summary["content_status"]
    console.print(f"content {summary['content_id'][:8]}: {step} done; status [bold]{status}[/]")
    if summary["public_url"]:
        console.print(f"[bold green]public:[/] {summary['public_url']} (served by `editorial-ai serve`), "
                      f"file {summary['published_path']}")
    elif step == "schedule":
        console.print("scheduled: `editorial-ai publish --due` (run by a timer) publishes it at that time; "
                      "it stays approved and not public until then")
    elif step == "unpublish":
        console.print(f"/articles/{summary['content_id']} now answers 410 Gone; the file was removed. "
                      f"`editorial-ai publish {summary['content_id'][:8]}` puts it back.")
    elif step == "revert":
        short = summary["content_id"][:8]
        console.print(f"it awaits a decision again: `editorial-ai approve {short}`, reject or revise")


def publish(
    content_id: str | None = typer.Argument(None, help="Content id or an unambiguous prefix of it."),
    yes: bool = typer.Option(False, "--yes", help="Confirm: the article becomes public (now, or at --at)."),
    at: str | None = typer.Option(None, "--at", help="Publish at this time instead of now: YYYY-MM-DDTHH:MM (UTC)."),
    due: bool = typer.Option(False, "--due", help="Publish every scheduled content whose time has come (for a "
                                                   "timer: cron or systemd, every minute)."),
    note: str | None = typer.Option(None, "--note", help="Kept in the decision log."),
    reviewer: str = _REVIEWER,
    take_over: bool = TAKE_OVER,
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Publish approved content: served at /articles/ID and written to the publish folder; or schedule it with
    --at, and publish what is due with --due.

    Approve it first (`editorial-ai approve ID`); asks for a confirmation unless --yes (not needed with --due: the
    scheduling was confirmed).
    """
    if due:
        if content_id or at:
            raise typer.BadParameter("--due publishes every scheduled content: give no ID and no --at",
                                     param_hint="--due")
        _publish_due(data_dir, as_json)
        return
    if not content_id:
        raise typer.BadParameter("give the content ID (or --due)", param_hint="ID")
    when = _parse_at(at) if at else None
    ask_first(content_id, reviewer, take_over, data_dir, "publish")
    _confirmed(yes, f"Publish {content_id} {'at ' + at + ' UTC' if at else 'now'}, for every reader?",
               "publishing makes the page public")
    if when is not None:
        _step(content_id, data_dir, as_json, "schedule", reviewer=reviewer, at=when,
              note=(note or "").strip() or None)
        return
    _step(content_id, data_dir, as_json, "publish", reviewer=reviewer, note=(note or "").strip() or None)


def _parse_at(text: str) -> Any:
    from datetime import UTC, datetime

    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not a time; write YYYY-MM-DDTHH:MM (UTC)", param_hint="--at") \
            from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _publish_due(data_dir: Path | None, as_json: bool) -> None:
    from editorial_ai.cli.run_service import cli_runs
    from editorial_ai.pipeline import publishing

    settings = build_settings(data_dir=data_dir)

    async def go() -> list[dict[str, Any]]:
        done = []
        async with cli_runs(settings) as runs:
            for content_id, who in await publishing.due_publications(runs.pipeline):
                claim = await publishing.claim_publication(runs.pipeline, content_id, reviewer=who,
                                                           note="scheduled publication")
                if claim is None:
                    result = await publishing.republish(runs.pipeline, content_id, reviewer=who)
                else:
                    await runs.service.decided(claim.thread_id, inline=True)
                    await runs.drain()
                    await publishing.refresh_public_file(runs.pipeline, content_id)
                    result = await publishing.current(runs.pipeline, content_id, "published")
                done.append({"content_id": content_id, "content_status": result.status,
                             "public_url": result.public_url})
        return done

    published = run_async(go())
    if as_json:
        print_json({"published": published})
        return
    for row in published:
        console.print(f"published {row['content_id'][:8]}: {row['public_url'] or row['content_status']}")
    if not published:
        console.print("nothing scheduled is due")


def unpublish(
    content_id: str = _ID,
    reason: str = typer.Option(..., "--reason", help="Why it comes down (kept in the decision log)."),
    yes: bool = typer.Option(False, "--yes", help="Confirm: readers lose the page."),
    reviewer: str = _REVIEWER,
    take_over: bool = TAKE_OVER,
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Take a published article down: its page answers 410 Gone, its file is removed, the log keeps the event.

    The content is approved again: publish it again later, or leave it down.
    """
    ask_first(content_id, reviewer, take_over, data_dir, "unpublish")
    _confirmed(yes, f"Take {content_id} down for every reader?", "unpublish removes the public page")
    _step(content_id, data_dir, as_json, "unpublish", reviewer=reviewer, reason=reason)


def revert(
    content_id: str = _ID,
    note: str | None = typer.Option(None, "--note", help="Kept in the decision log."),
    reviewer: str = _REVIEWER,
    take_over: bool = TAKE_OVER,
    data_dir: Path | None = _DATA_DIR,
    as_json: bool = _JSON,
) -> None:
    """Take an approval back before publication: the content awaits a decision again (approve, reject, revise)."""
    ask_first(content_id, reviewer, take_over, data_dir, "revert")
    _step(content_id, data_dir, as_json, "revert", reviewer=reviewer, note=(note or "").strip() or None)
