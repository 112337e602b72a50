"""View data for the admin UI: attempts recovered from checkpoints, text diffs, the node timeline."""

from __future__ import annotations

import difflib
import itertools
from dataclasses import dataclass, field
from typing import Any

from editorial_ai.pipeline.runner import Pipeline


@dataclass
class Attempt:
    """One draft of a content: its text, its review and the feedback it received."""

    number: int
    title: str
    lines: list[str]
    review: dict[str, Any] | None = None
    feedback: list[dict[str, Any]] = field(default_factory=list)
    diff: list[tuple[str, str]] = field(default_factory=list)  # (css class, line) vs the previous attempt


def layout_text(layout: dict[str, Any] | None) -> list[str]:
    """The readable text of a MagazineLayout, one line per paragraph or item, for diffing."""
    if not layout:
        return []
    lines = [f"# {layout.get('title', '')}"]
    for block in layout.get("blocks") or []:
        kind = block.get("type")
        if kind == "hero":
            lines += [f"[hero] {block.get('overlay_title', '')}",
                      f"[subtitle] {block.get('overlay_subtitle', '')}"]
        elif kind == "headline":
            lines.append(f"## {block.get('text', '')}")
        elif kind == "body_text":
            lines += list(block.get("paragraphs") or [])
        elif kind == "pull_quote":
            lines.append(f"> {block.get('quote', '')}")
        elif kind == "product_showcase":
            lines += [f"[product] {p.get('brand', '')} {p.get('name', '')}".rstrip()
                      for p in block.get("products") or []]
        elif kind == "celeb_feature":
            lines += [f"[celeb] {c.get('name', '')}" for c in block.get("celebs") or []]
        elif kind == "hashtag_bar":
            lines.append("[tags] " + " ".join(block.get("hashtags") or []))
        elif kind == "credits":
            lines += [f"[credit] {e.get('role', '')}: {e.get('name', '')}"
                      for e in block.get("entries") or []]
    return lines


def text_diff(before: list[str], after: list[str]) -> list[tuple[str, str]]:
    """A unified diff as (class, line): add, del, hunk or ctx; empty when nothing changed."""
    out: list[tuple[str, str]] = []
    for line in difflib.unified_diff(before, after, "previous", "this attempt", n=1, lineterm=""):
        if line.startswith(("---", "+++")):
            continue
        kind = {"+": "add", "-": "del", "@": "hunk"}.get(line[:1], "ctx")
        out.append((kind, line))
    return out


async def load_attempts(pipeline: Pipeline, thread_id: str) -> list[Attempt]:
    """Every draft of a thread, oldest first, from the checkpoint history.

    The state only keeps the latest draft; each checkpoint written right after an editorial step holds
    that attempt's draft, and the checkpoint after its review holds its review.
    """
    config = {"configurable": {"thread_id": thread_id}}
    snapshots = [s async for s in pipeline.graph.aget_state_history(config)]
    attempts: dict[int, Attempt] = {}
    feedback: list[dict[str, Any]] = []
    for snap in reversed(snapshots):  # history comes newest first
        values = snap.values or {}
        version = int(values.get("draft_version") or 0)
        draft = values.get("current_draft")
        if version and draft and version not in attempts:
            attempts[version] = Attempt(number=version, title=str(draft.get("title", "")),
                                        lines=layout_text(draft))
        history = values.get("review_history") or []
        if version in attempts and history and history[-1].get("attempt") == version:
            attempts[version].review = values.get("review_result")
        feedback = values.get("feedback_history") or feedback
    for entry in feedback:
        target = attempts.get(int(entry.get("attempt") or 0))
        if target is not None:
            target.feedback.append(entry)
    ordered = [attempts[k] for k in sorted(attempts)]
    for previous, current in itertools.pairwise(ordered):
        current.diff = text_diff(previous.lines, current.lines)
    return ordered


def timeline(pipeline: Pipeline, thread_id: str, status: str) -> dict[str, Any]:
    """Node runs with a bar width (percent of the slowest node) for the timeline table."""
    data = pipeline.logs(thread_id, status)
    slowest = max((r["duration_ms"] or 0 for r in data["runs"]), default=0) or 1
    for run in data["runs"]:
        run["bar"] = max(1, round(100 * (run["duration_ms"] or 0) / slowest))
        models = {u["model_name"] for u in run["token_usage"] if u.get("model_name")}
        run["models"] = ", ".join(sorted(models))
    return data
