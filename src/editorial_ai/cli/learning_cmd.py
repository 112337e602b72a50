"""`editorial-ai learning show | notes | note`: what the last human reviews teach the next run (seed 003), per
subcategory, and the reviewer notes an editor approves, switches off or edits before they teach."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from editorial_ai.cli._common import build_settings, console, fail, print_json, run_async
from editorial_ai.cli.terminal import safe

learning_app = typer.Typer(
    help="The learning loop: review triggers, guidance in force, the example item.", no_args_is_help=True
)


async def _stats(content_type: str, subcategory: str, data_dir: Path | None) -> dict[str, Any]:
    from editorial_ai.content_types.registry import UnknownContentTypeError, content_type_for
    from editorial_ai.services.learning_context import learning_stats
    from editorial_ai.store.factory import close_stores, open_stores

    settings = build_settings(data_dir=data_dir)
    try:
        kind = content_type_for(content_type or settings.content_type)
    except UnknownContentTypeError as exc:
        raise fail(str(exc)) from None
    catalog, contents = await open_stores(settings)
    try:
        stats = await learning_stats(contents, kind, subcategory.strip().lower(),
                                     disabled=settings.learning_switches_off())
    finally:
        await close_stores(catalog, contents)
    return stats.as_dict()


def _print(stats: dict[str, Any]) -> None:
    from rich.table import Table

    where = stats["subcategory"] or "all subcategories"
    confidence = " (low confidence: fewer than 10 reviews, thresholds scaled)" if stats["low_confidence"] else ""
    console.print(f"[bold]{safe(stats['content_type'])}[/] / {safe(where)}: {stats['reviews']} review(s){confidence}")
    table = Table(title="triggers over the last 10 reviews", expand=False)
    for column in ("trigger", "raised", "rate", "threshold", "in force"):
        table.add_column(column)
    for t in stats["triggers"]:
        state = "switched off" if t["switched_off"] else ("[green]yes[/]" if t["fired"] else "no")
        table.add_row(t["trigger"], f"{t['count']}/{t['reviews']}", f"{t['rate']:.0%}", str(t["threshold"]), state)
    console.print(table)
    if not stats["fragments"]:
        console.print("guidance in force: none (the prompts run as written)")
    for placeholder, lines in stats["fragments"].items():
        console.print(f"guidance in force for {placeholder}:", markup=False)
        for line in lines:
            console.print(f"  - {line}", markup=False, soft_wrap=True)
    example = stats["example_source"] or "none yet (the static example is shown)"
    console.print(f"example item: {safe(example)}")


@learning_app.command("show")
def show(
    content_type: str = typer.Option("", "--content-type", help="Content type (default: the configured one)."),
    subcategory: str = typer.Option(
        "",
        "--subcategory",
        help="Articles: the run's category (fashion); "
        "product specs: the product category (bag, shoes, ...). Default: all.",
    ),
    decisions: bool = typer.Option(False, "--decisions", help="Also list every injection decision."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help="Data directory (default: the configured one)."),
    as_json: bool = typer.Option(False, "--json", help="Print one machine-readable JSON object."),
) -> None:
    """Show each trigger's rate over the last reviews, the guidance the next run gets and the example item."""
    stats = run_async(_stats(content_type, subcategory, data_dir))
    if as_json:
        print_json(stats)
        return
    _print(stats)
    if decisions:
        for decision in stats["decisions"]:
            mark = "injected" if decision["injected"] else "not injected"
            console.print(
                f"  {decision['source']} -> {decision['placeholder']}: {mark} ({decision['reason']})", markup=False
            )


async def _with_contents(data_dir: Path | None, work: Any) -> Any:
    from editorial_ai.store.factory import close_stores, open_stores

    settings = build_settings(data_dir=data_dir)
    catalog, contents = await open_stores(settings)
    try:
        return await work(contents, settings)
    finally:
        await close_stores(catalog, contents)


@learning_app.command("notes")
def notes(
    content_type: str = typer.Option("", "--content-type", help="Content type (default: the configured one)."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help="Data directory (default: the configured one)."),
    as_json: bool = typer.Option(False, "--json", help="Print one machine-readable JSON object."),
) -> None:
    """Every reviewer note, newest first: whether it teaches (approved), waits for approval or is switched off,
    and how many runs it shaped. Act on one with `learning note EVENT_ID approve|off|on|edit`."""
    from editorial_ai.content_types.registry import UnknownContentTypeError, content_type_for
    from editorial_ai.services.learning_page import guidance_page

    async def work(contents: Any, settings: Any) -> list[dict[str, Any]]:
        try:
            kind = content_type_for(content_type or settings.content_type)
        except UnknownContentTypeError as exc:
            raise fail(str(exc)) from None
        page = await guidance_page(contents, kind, settings.data_dir, disabled=settings.learning_switches_off())
        return [{"event_id": n.event_id, "content_id": n.content_id, "reviewer": n.reviewer, "status": n.state.status,
                 "text": n.teaching_text or n.original, "original": n.original, "changed_by": n.state.by,
                 "runs_shaped": [r.thread_id for r in page.runs_by_note.get(n.event_id, [])]} for n in page.notes]

    rows = run_async(_with_contents(data_dir, work))
    if as_json:
        print_json({"notes": rows})
        return
    if not rows:
        console.print("no reviewer note yet: notes come from revision requests and rejections")
        return
    from rich.table import Table

    from editorial_ai.cli.terminal import plain

    table = Table(title="reviewer notes")
    for column in ("event", "status", "note", "by", "runs"):
        table.add_column(column, overflow="fold", no_wrap=column in ("event",))
    for row in rows:
        table.add_row(str(row["event_id"]), row["status"], plain(row["text"]), plain(row["reviewer"]),
                      str(len(row["runs_shaped"])))
    console.print(table)


@learning_app.command("note")
def note(
    event_id: int = typer.Argument(..., help="The note's event id (`learning notes` lists them)."),
    action: str = typer.Argument(..., help="approve (it teaches), off, on (again) or edit (with --text)."),
    text: str | None = typer.Option(None, "--text", help="The note's new words (edit only); they teach."),
    reviewer: str = typer.Option("admin", "--reviewer", help="Who acts (kept in the decision log)."),
    data_dir: Path | None = typer.Option(None, "--data-dir", help="Data directory (default: the configured one)."),
) -> None:
    """Approve a note before it teaches, switch it off or on, or edit its words."""
    from editorial_ai.services.learning_notes import NOTE_ACTIONS, act_on_note

    if action not in NOTE_ACTIONS:
        raise typer.BadParameter(f"unknown action {action!r}; use one of {', '.join(NOTE_ACTIONS)}",
                                 param_hint="ACTION")
    if (action == "edit") != (text is not None):
        raise typer.BadParameter("--text goes with edit, and edit needs --text", param_hint="--text")

    async def work(contents: Any, settings: Any) -> str:
        found = [e for e in await contents.recent_events(settings.content_type, 1000) if e.id == event_id]
        if not found:  # the note may be on another content type: look at every event
            found = [e for e in await contents.events() if e.id == event_id]
        if not found:
            raise fail(f"no note with event id {event_id}; `editorial-ai learning notes` lists them")
        await act_on_note(contents, found[0].content_id, event_id, action, reviewer, text)
        return str(found[0].content_id)

    content_id = run_async(_with_contents(data_dir, work))
    words = {"approve": "approved: it teaches the next runs", "off": "switched off: it no longer teaches",
             "on": "switched on: it teaches the next runs", "edit": "edited: the new words teach the next runs"}
    console.print(f"note {event_id} (content {content_id[:8]}) {words[action]}")


def bench_learning(
    category: str = typer.Option("bag", "--category", help="Product category whose sample products are run."),
    runs: int = typer.Option(10, min=2, max=50, help="Runs per phase (the loop sees this many reviews)."),
    mistake_rate: float = typer.Option(0.9, min=0.0, max=1.0, help="The scripted model's unguided error rate."),
    guided_mistake_rate: float = typer.Option(0.1, min=0.0, max=1.0, help="Its error rate under the guidance."),
    seed: int = typer.Option(3, help="Random seed of the scripted model."),
    as_json: bool = typer.Option(False, "--json", help="Print one machine-readable JSON object."),
) -> None:
    """First-pass acceptance before and after the learning loop has seen N reviews (scripted product specs)."""
    from rich.table import Table

    from editorial_ai.benchmarks.learning import run_learning_benchmark

    figures = run_async(
        run_learning_benchmark(
            build_settings(),
            category=category,
            runs=runs,
            mistake_rate=mistake_rate,
            guided_mistake_rate=guided_mistake_rate,
            seed=seed,
        )
    )
    if as_json:
        print_json(figures)
        return
    table = Table(title=f"learning loop: product specs, category {figures['category']}, {runs} runs per phase")
    # Short headers, so the table fits 80 columns. "first pass": the first extraction passed the supervisor
    # and the human approved it with no correction; "approved": the human approved it in the end; "fixes": the
    # supervisor's corrections.
    for column in ("phase", "learning", "reviews", "first pass", "approved", "fixes", "escalated"):
        table.add_column(column)
    for phase in figures["phases"]:
        table.add_row(
            phase["phase"],
            "on" if phase["learning"] else "off",
            str(phase["reviews_seen"]),
            f"{phase['first_pass_acceptance']:.0%}",
            f"{phase['human_acceptance']:.0%}",
            str(phase["corrections"]),
            str(phase["escalated"]),
        )
    console.print(table)
    before, after = figures["phases"][0], figures["phases"][-1]
    console.print(
        f"first-pass acceptance: before {before['first_pass_acceptance']:.0%} -> after "
        f"{after['first_pass_acceptance']:.0%} (scripted model {figures['model']}: error rate "
        f"{figures['mistake_rate']:.0%} unguided, {figures['guided_mistake_rate']:.0%} with the learned "
        "guidance; it measures the loop's plumbing, not a real model's response)"
    )
    for placeholder, lines in after["fragments"].items():
        console.print(f"guidance in force for the after phase, {placeholder}:", markup=False)
        for line in lines:
            console.print(f"  - {line}", markup=False, soft_wrap=True)
