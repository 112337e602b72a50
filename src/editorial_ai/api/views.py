"""View data for the admin UI: attempts recovered from checkpoints, their diffs, the escalation banner, the timeline."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from editorial_ai.api.view_comments import CommentOutcome, comments_of, outcomes
from editorial_ai.models.content_record import ContentRecord
from editorial_ai.models.status import ContentStatus, approval_risks
from editorial_ai.pipeline.runner import Pipeline
from editorial_ai.review.policy import LoopPolicy, draft_similarity
from editorial_ai.services.diff import SideBySide, side_by_side

HUMAN_EDIT_FLAG = "edited draft fails deterministic checks"
IGNORED_SIMILARITY = LoopPolicy().similarity_limit


@dataclass
class Attempt:
    """One draft of a content: its text, its review, who wrote it and the feedback it received."""

    number: int
    title: str
    lines: list[str]
    review: dict[str, Any] | None = None
    history: dict[str, Any] = field(default_factory=dict)  # the review-history entry: pass rule, threshold, stop
    feedback: list[dict[str, Any]] = field(default_factory=list)
    author: str = "model"  # "model" or the editor who edited the draft inline
    edited_fields: list[str] = field(default_factory=list)
    diff: SideBySide | None = None  # against the previous attempt
    ignored_feedback: str = ""  # whose feedback the attempt left unanswered ("editor" / "review"), when unchanged
    similarity: float = 0.0  # to the previous attempt, when the feedback was ignored
    comment_outcomes: list[CommentOutcome] = field(default_factory=list)  # the previous attempt's sentence comments

    @property
    def by_human(self) -> bool:
        """Whether an editor wrote this attempt (an inline edit)."""
        return self.author != "model"


def layout_text(layout: dict[str, Any] | None) -> list[str]:
    """The readable text of a MagazineLayout, one line per paragraph or item, for diffing."""
    if not layout:
        return []
    lines = [f"# {layout.get('title', '')}"]
    for block in layout.get("blocks") or []:
        kind = block.get("type")
        if kind == "hero":
            lines += [f"[hero] {block.get('overlay_title', '')}", f"[subtitle] {block.get('overlay_subtitle', '')}"]
        elif kind == "headline":
            lines.append(f"## {block.get('text', '')}")
        elif kind == "body_text":
            lines += list(block.get("paragraphs") or [])
        elif kind == "pull_quote":
            lines.append(f"> {block.get('quote', '')}")
        elif kind == "product_showcase":
            lines += [
                f"[product] {p.get('brand', '')} {p.get('name', '')}".rstrip() for p in block.get("products") or []
            ]
        elif kind == "celeb_feature":
            lines += [f"[celeb] {c.get('name', '')}" for c in block.get("celebs") or []]
        elif kind == "hashtag_bar":
            lines.append("[tags] " + " ".join(block.get("hashtags") or []))
        elif kind == "credits":
            lines += [f"[credit] {e.get('role', '')}: {e.get('name', '')}" for e in block.get("entries") or []]
    return lines


def mark_ignored_feedback(ordered: list[Attempt]) -> None:
    """An attempt written in answer to feedback that changed no text, or almost none (as similar as the review loop's
    own "stopped changing" limit), left that feedback unanswered."""
    for previous, current in itertools.pairwise(ordered):
        if current.by_human or not previous.feedback or current.diff is None:
            continue
        similarity = draft_similarity("\n".join(previous.lines), "\n".join(current.lines))
        if current.diff.changed and similarity < IGNORED_SIMILARITY:
            continue
        current.ignored_feedback = "editor" if any(f.get("source") == "admin" for f in previous.feedback) else "review"
        current.similarity = similarity


async def load_attempts(pipeline: Pipeline, thread_id: str) -> list[Attempt]:
    """Every draft of a thread, oldest first, from the checkpoint history.

    The state only keeps the latest draft; each checkpoint written right after an editorial step (or an editor's
    inline edit) holds that attempt's draft, and the checkpoint after its review holds its review.
    """
    config = {"configurable": {"thread_id": thread_id}}
    snapshots = [s async for s in pipeline.graph.aget_state_history(config)]
    attempts: dict[int, Attempt] = {}
    feedback: list[dict[str, Any]] = []
    history: list[dict[str, Any]] = []
    for snap in reversed(snapshots):  # history comes newest first
        values = snap.values or {}
        version = int(values.get("draft_version") or 0)
        draft = values.get("current_draft")
        if version and draft and version not in attempts:
            attempts[version] = Attempt(number=version, title=str(draft.get("title", "")), lines=layout_text(draft))
        entries = values.get("review_history") or []
        if version in attempts and entries and entries[-1].get("attempt") == version:
            attempts[version].review = values.get("review_result")
        feedback = values.get("feedback_history") or feedback
        history = entries or history
    for entry in history:
        target = attempts.get(int(entry.get("attempt") or 0))
        if target is not None:
            target.history = entry
            target.author = str(entry.get("author") or "model")
            target.edited_fields = list(entry.get("edited_fields") or [])
    for entry in feedback:
        target = attempts.get(int(entry.get("attempt") or 0))
        if target is not None:
            target.feedback.append(entry)
    ordered = [attempts[k] for k in sorted(attempts)]
    for previous, current in itertools.pairwise(ordered):
        current.diff = side_by_side(previous.lines, current.lines)
    mark_ignored_feedback(ordered)
    for previous, current in itertools.pairwise(ordered):
        current.comment_outcomes = outcomes(comments_of(previous.feedback), current.lines)
    return ordered


def shown_attempt(attempts: list[Attempt], layout: dict[str, Any] | None) -> Attempt | None:
    """The attempt whose text the content shows: the latest one, or an earlier best draft an escalation kept."""
    lines = layout_text(layout)
    return next((a for a in reversed(attempts) if a.lines == lines), attempts[-1] if attempts else None)


def compare(attempts: list[Attempt], left: int | None, right: int | None) -> tuple[int, int, SideBySide] | None:
    """The side-by-side diff of two attempts by number (default: the last two); None with fewer than two."""
    numbers = [a.number for a in attempts]
    if len(numbers) < 2:
        return None
    if left not in numbers or right not in numbers or left == right:
        left, right = numbers[-2], numbers[-1]
    by_number = {a.number: a for a in attempts}
    assert left is not None and right is not None
    return left, right, side_by_side(by_number[left].lines, by_number[right].lines)


@dataclass
class Banner:
    """Why a draft needs care before it is approved: the escalation's stop reason, and every flag in words."""

    title: str
    reasons: list[str]
    escalated: bool


def _flag_words(flag: str) -> str | None:
    if flag == ContentStatus.ESCALATED:
        return None  # said by the banner's title
    if flag == "judge_skipped":
        return "The judge did not run (model unavailable or failed): its criteria were not checked."
    if flag.startswith("needs a human: "):
        return "Advisory criterion: " + flag.removeprefix("needs a human: ") + " — the judge is not trusted on it."
    if flag == HUMAN_EDIT_FLAG:
        return "The editor's inline edit fails deterministic checks (see the latest attempt)."
    return flag


def escalation_banner(item: ContentRecord, attempts: list[Attempt]) -> Banner | None:
    """The banner of an escalated or flagged draft, or of one whose latest review did not pass; None otherwise."""
    review = item.review_json
    reasons: list[str] = []
    stops = [a.history.get("stop_reason") for a in attempts if a.history.get("stop_reason")]
    if item.status == ContentStatus.ESCALATED and stops:
        reasons.append(f"Stopped: {stops[-1]}.")
    flags = [*item.flags, *(review.get("flags") or [])]
    reasons += [w for w in dict.fromkeys(_flag_words(f) for f in flags) if w]
    if review and review.get("passed") is False:
        failed = [c["criterion"] for c in review.get("criteria", []) if not c.get("passed") and not c.get("skipped")]
        if failed:
            reasons.append("The latest review failed: " + ", ".join(failed) + ".")
    latest = attempts[-1] if attempts else None
    if latest is not None and latest.ignored_feedback:
        reasons.append(
            f"Attempt {latest.number} is {latest.similarity:.0%} identical to the previous one after the "
            f"{latest.ignored_feedback}'s feedback: the feedback was ignored."
        )
    escalated = item.status == ContentStatus.ESCALATED
    if not escalated and not reasons:
        return None
    title = (
        "Escalated to an editor: the review loop stopped without a passing draft"
        if escalated
        else "Flagged: check this draft before approving it"
    )
    return Banner(title, reasons, escalated)


def needs_confirmation(item: ContentRecord) -> bool:
    """Whether approving needs an explicit confirmation and a note: escalated, flagged or not passed (the rule the
    CLI applies too: models/status.py `approval_risks`)."""
    return bool(approval_risks(item.model_dump()))


def timeline(pipeline: Pipeline, thread_id: str, status: str) -> dict[str, Any]:
    """Node runs with a bar width (percent of the slowest node) for the timeline table."""
    data = pipeline.logs(thread_id, status)
    slowest = max((r["duration_ms"] or 0 for r in data["runs"]), default=0) or 1
    for run in data["runs"]:
        run["bar"] = max(1, round(100 * (run["duration_ms"] or 0) / slowest))
        models = {u["model_name"] for u in run["token_usage"] if u.get("model_name")}
        run["models"] = ", ".join(sorted(models))
    return data
