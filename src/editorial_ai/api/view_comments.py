"""Sentence-anchored comments on the desk: whether the draft written in answer followed each one.

A comment was followed when its sentence no longer stands word for word in the next draft (the closest new sentence
is shown, so the editor checks it does what was asked); it was not followed when the sentence is still there
unchanged. Wording cannot be checked against intent, so "followed" says the sentence changed, nothing more.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from editorial_ai.models.decisions import SentenceComment, parse_comment_line

_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")


@dataclass(frozen=True)
class CommentOutcome:
    """One comment and what the next draft did with its sentence."""

    sentence: str
    comment: str
    followed: bool
    now: str  # the closest sentence of the next draft ("" when nothing resembles it: removed)


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def sentences_of(lines: list[str]) -> list[str]:
    """The draft's sentences (its text lines split at sentence ends)."""
    return [s.strip() for line in lines for s in _SENTENCE_END.split(line) if s.strip()]


def comments_of(feedback: list[dict[str, Any]]) -> list[SentenceComment]:
    """The sentence comments of an attempt's editor feedback."""
    out = []
    for entry in feedback:
        if entry.get("source") != "admin":
            continue
        for criterion in entry.get("failed_criteria") or []:
            comment = parse_comment_line(str(criterion.get("reason") or ""))
            if comment is not None:
                out.append(comment)
    return out


def outcomes(comments: list[SentenceComment], next_lines: list[str]) -> list[CommentOutcome]:
    """Per comment: followed or not in the draft whose text is `next_lines`."""
    text = _norm(" ".join(next_lines))
    sentences = sentences_of(next_lines)
    results = []
    for comment in comments:
        if _norm(comment.sentence) in text:
            results.append(CommentOutcome(comment.sentence, comment.comment, False, comment.sentence))
            continue
        closest = difflib.get_close_matches(comment.sentence, sentences, n=1, cutoff=0.45)
        results.append(CommentOutcome(comment.sentence, comment.comment, True, closest[0] if closest else ""))
    return results


def sentence_in_draft(sentence: str, lines: list[str]) -> bool:
    """Whether a commented sentence stands in the draft (whitespace and case aside)."""
    return _norm(sentence) in _norm(" ".join(lines))
