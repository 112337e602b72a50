"""Rich renderings of pipeline results. Every model, catalog or user string goes through `safe` or `plain`
(cli/terminal.py): a judge's reason or a title is data, never markup or an escape sequence."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from editorial_ai.cli._common import console
from editorial_ai.cli.terminal import plain, safe
from editorial_ai.models.status import status_of_run

_VERDICT_STYLE = {"pass": "green", "fail": "red", "skipped": "yellow"}


def review_headline(review: dict[str, Any]) -> str:
    """PASSED, FAILED, or NEEDS A HUMAN when nothing failed that counts but advisory or skipped criteria cannot
    pass on their own (rows that all read "pass" under "FAILED" told the editor two things at once)."""
    if review.get("passed"):
        return "PASSED"
    criteria = review.get("criteria", [])
    counted_failures = [c for c in criteria if not c.get("passed") and not c.get("skipped") and not c.get("advisory")]
    waiting = [c for c in criteria if c.get("skipped") or c.get("advisory")]
    if not counted_failures and waiting:
        return f"NEEDS A HUMAN ({len(waiting)} advisory or skipped criteria do not count as passes)"
    return "FAILED"


def review_table(review: dict[str, Any]) -> Table:
    """Per-criterion verdicts with severity and reason."""
    table = Table(title=f"Review: {review_headline(review)}", show_lines=False)
    for col in ("criterion", "verdict", "severity", "source", "reason"):
        table.add_column(col, overflow="fold")
    for c in review.get("criteria", []):
        verdict = "skipped" if c.get("skipped") else ("pass" if c.get("passed") else "fail")
        note = " (advisory)" if c.get("advisory") and not c.get("skipped") else ""
        table.add_row(
            plain(c["criterion"]),
            f"[{_VERDICT_STYLE[verdict]}]{verdict}{note}[/]",
            plain(c.get("severity", "")),
            plain(c.get("source", "")),
            plain(c.get("reason", "")),
        )
    return table


def print_outcome(summary: dict[str, Any]) -> None:
    """A human-readable run summary."""
    console.print(f"[bold]thread[/] {safe(summary['thread_id'])}  [bold]content[/] "
                  f"{safe(summary.get('content_id') or '-')}")
    status = summary.get("content_status") or summary.get("status") or status_of_run(summary.get("pipeline_status"))
    console.print(
        f"[bold]status[/] {safe(status)}  [bold]revisions[/] {safe(summary['revision_count'])}"
        f"  [bold]flags[/] {safe(', '.join(map(str, summary.get('flags') or [])) or '-')}"
    )
    if summary.get("title"):
        console.print(f"[bold]title[/] {safe(summary['title'])}")
    if summary.get("review_result"):
        console.print(review_table(summary["review_result"]))
    for line in summary.get("error_log", []):
        console.print(f"[yellow]log:[/] {safe(line)}")
    tokens = summary.get("tokens", {})
    console.print(f"[dim]{tokens.get('llm_calls', 0)} LLM calls, {tokens.get('total_tokens', 0)} tokens[/]")
