"""Word-level, side-by-side comparison of two drafts' text (lines of paragraphs), for the editor's review desk.

Lines are aligned first (a paragraph kept, rewritten, added or removed), then each rewritten pair is compared word
by word, so an editor sees the two words that changed in a 90-word paragraph instead of two whole paragraphs.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Literal

Op = Literal["same", "del", "add"]
RowKind = Literal["same", "changed", "removed", "added", "fold"]
# A word keeps its trailing whitespace, so a run of changed words reads as one highlighted phrase.
_TOKENS = re.compile(r"\S+\s*|\s+")
# Below this share of kept words a rewritten line is shown whole (removed, then added) instead of word by word.
REWRITE_SHARE = 0.3


@dataclass(frozen=True)
class Segment:
    """A run of text on one side: unchanged, or only on the left (del) / right (add)."""

    op: Op
    text: str


@dataclass
class DiffRow:
    """One aligned line pair; a side is empty when the line exists only on the other side."""

    kind: RowKind
    left: list[Segment] = field(default_factory=list)
    right: list[Segment] = field(default_factory=list)
    folded: int = 0  # for a "fold" row: how many unchanged lines it stands for


@dataclass
class SideBySide:
    """The rows of a comparison and its word counts."""

    rows: list[DiffRow]
    words_added: int
    words_removed: int

    @property
    def changed(self) -> bool:
        """Whether the two texts differ at all."""
        return any(row.kind not in ("same", "fold") for row in self.rows)

    def folded(self, context: int = 1) -> list[DiffRow]:
        """The rows with unchanged lines farther than `context` rows from any change folded into one row."""
        near = {i + d for i, row in enumerate(self.rows) if row.kind != "same" for d in range(-context, context + 1)}
        out: list[DiffRow] = []
        for i, row in enumerate(self.rows):
            if row.kind != "same" or i in near:
                out.append(row)
            elif out and out[-1].kind == "fold":
                out[-1].folded += 1
            else:
                out.append(DiffRow("fold", folded=1))
        return out


def _merge(segments: list[Segment]) -> list[Segment]:
    out: list[Segment] = []
    for seg in segments:
        if out and out[-1].op == seg.op:
            out[-1] = Segment(seg.op, out[-1].text + seg.text)
        elif seg.text:
            out.append(seg)
    return out


def _shared_share(segments: list[Segment]) -> float:
    """The share of a line's words that the other line kept."""
    total = sum(len(s.text.split()) for s in segments)
    return _word_count(segments, "same") / total if total else 1.0


def _word_count(segments: list[Segment], op: Op) -> int:
    return sum(len(s.text.split()) for s in segments if s.op == op)


def word_diff(before: str, after: str) -> tuple[list[Segment], list[Segment]]:
    """The left (before) and right (after) segments of two lines compared word by word (whitespace kept)."""
    a, b = _TOKENS.findall(before), _TOKENS.findall(after)
    left: list[Segment] = []
    right: list[Segment] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            left.append(Segment("same", "".join(a[i1:i2])))
            right.append(Segment("same", "".join(b[j1:j2])))
            continue
        if i2 > i1:
            left.append(Segment("del", "".join(a[i1:i2])))
        if j2 > j1:
            right.append(Segment("add", "".join(b[j1:j2])))
    return _merge(left), _merge(right)


def _pair_block(before: list[str], after: list[str]) -> list[DiffRow]:
    """Rows for a replaced block: lines paired in order, the longer side's rest added or removed."""
    rows: list[DiffRow] = []
    for i in range(max(len(before), len(after))):
        if i < len(before) and i < len(after):
            left, right = word_diff(before[i], after[i])
            if _shared_share(left) < REWRITE_SHARE:  # a rewrite, not an edit: whole lines read better
                left, right = [Segment("del", before[i])], [Segment("add", after[i])]
            rows.append(DiffRow("changed", left, right))
        elif i < len(before):
            rows.append(DiffRow("removed", [Segment("del", before[i])], []))
        else:
            rows.append(DiffRow("added", [], [Segment("add", after[i])]))
    return rows


def side_by_side(before: list[str], after: list[str]) -> SideBySide:
    """Align two drafts' lines and diff every rewritten pair word by word."""
    rows: list[DiffRow] = []
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            rows += [DiffRow("same", [Segment("same", line)], [Segment("same", line)]) for line in before[i1:i2]]
        elif tag == "delete":
            rows += [DiffRow("removed", [Segment("del", line)], []) for line in before[i1:i2]]
        elif tag == "insert":
            rows += [DiffRow("added", [], [Segment("add", line)]) for line in after[j1:j2]]
        else:
            rows += _pair_block(before[i1:i2], after[j1:j2])
    added = sum(_word_count(r.right, "add") for r in rows)
    removed = sum(_word_count(r.left, "del") for r in rows)
    return SideBySide(rows, added, removed)
