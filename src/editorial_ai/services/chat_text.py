"""Text handling around the chat writer: tidying a model's answer into a paragraph, choosing pull-quote
candidates, and matching review findings and editors' requests to paragraphs."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from editorial_ai.services.editorial_guard import split_sentences, word_count

MAX_PARAGRAPH_CHARS = 900  # EditorialContent's limit
_LABEL = re.compile(r"^\s*(?:\*\*)?(?:paragraph\s*\d*|headline|standfirst|title|body)\s*(?:\d+)?\s*[:.\-]\s*(?:\*\*)?",
                    re.I)
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_DATE = re.compile(r"\d|\b(" + "|".join(_MONTHS) + r")\b", re.I)


_ENUMERATION = re.compile(r"^\s*(?:\d+[.)]|[#>*\-•]+)\s*")
_ITEM_LABEL = re.compile(r"^[A-Z][\w' -]{2,40}:\s+(?=[A-Z])")


def _is_heading(line: str) -> bool:
    """A short line without closing punctuation ("The Pop-Up Event", "Why it spreads:") is a heading, not prose."""
    return len(line.split()) <= 8 and not re.search(r"[.!?\"”]$", line)


def clean_paragraph(text: str) -> str:
    """One paragraph of prose from a model's answer: headings, list numbering, item labels, markdown and wrapping
    quotes removed, lines joined."""
    lines = [_LABEL.sub("", line).strip() for line in text.strip().splitlines()]
    lines = [_ENUMERATION.sub("", line).replace("**", "").strip() for line in lines if line.strip()]
    lines = [_ITEM_LABEL.sub("", line) for line in lines if line and not _is_heading(line)]
    joined = re.sub(r"\s+", " ", " ".join(lines)).replace("**", "").strip()
    if len(joined) > 1 and joined[0] in "\"“" and joined[-1] in "\"”" and joined[1:-1].count('"') % 2 == 0:
        joined = joined[1:-1].strip()
    return joined


def fit_paragraph(text: str, limit: int = MAX_PARAGRAPH_CHARS) -> str:
    """Whole sentences up to `limit` characters; an unfinished last sentence (cut by the token cap) is left out."""
    sentences = split_sentences(text)
    if sentences and not re.search(r"[.!?…\"”')]$", sentences[-1]):
        sentences = sentences[:-1]
    kept: list[str] = []
    for sentence in sentences:
        if len(" ".join([*kept, sentence])) > limit:
            break
        kept.append(sentence)
    return " ".join(kept)


def one_line(text: str, limit: int) -> str:
    """A headline or standfirst: the first line, labels, markdown and wrapping quotes removed."""
    line = clean_paragraph(text.strip().splitlines()[0] if text.strip() else "")
    line = line.strip(" \"“”'*").rstrip(".") if len(line) < 140 else line
    return line[:limit].strip()


def pull_quote_candidates(body: Sequence[str], terms: Sequence[str], limit: int = 6) -> list[str]:
    """Lines worth enlarging: 8 to 28 words, no dates or figures, preferring those that name the topic."""
    sentences = [s.rstrip(".") for p in [*body[1:], body[0]] for s in split_sentences(p)]
    fit = [s for s in sentences if 8 <= word_count(s) <= 28 and len(s) <= 200 and not _DATE.search(s)
           and s.count('"') % 2 == 0]
    folded_terms = [t.casefold() for t in terms if t]
    fit.sort(key=lambda s: not any(t in s.casefold() for t in folded_terms))
    return fit[:limit]


def _quoted(line: str) -> list[str]:
    return re.findall(r"[\"“]([^\"”]{3,})[\"”]", line)


def findings_for(entry: dict[str, Any], paragraph: str, index: int) -> list[str]:
    """The latest review's findings that concern one paragraph: evidence quoting its text or naming it
    ("paragraph N"), an editor's notes, and failures of the whole body; each as "criterion: reason (evidence)"."""
    folded = paragraph.casefold()
    out: list[str] = []
    admin = entry.get("source") == "admin"
    for failure in entry.get("failed_criteria", []) or []:
        reason = str(failure.get("reason") or "").strip()
        evidence = [str(e) for e in failure.get("evidence", []) or []]
        mine = [e for e in evidence if any(q.casefold() in folded for q in _quoted(e))
                or re.search(rf"\bparagraph {index + 1}\b", e, re.I)]
        name = "Editor" if admin else str(failure.get("criterion") or "review")
        if mine:
            out.append(f"{name}: {reason} ({'; '.join(mine[:3])})")
        elif admin or not evidence:
            out.append(f"{name}: {reason}")
    return out[:6]


_DROP = re.compile(r"\b(?i:drop|remove|cut|delete|lose|leave out|take out|no more|without)\s+(?i:the\s+)?"
                   r"((?:[A-Z][\w'’-]*|of|the|and|&)(?:\s+(?:[A-Z][\w'’-]*|of|the|and|&))*)")
_LEAD = re.compile(r"\b(?i:lead|open|start)\s+(?i:with)\s+(?i:the\s+)?((?:[A-Z][\w'’-]*)(?:\s+[A-Z][\w'’-]*)*)")


def editor_requests_not_followed(history: list[dict[str, Any]], paragraphs: Sequence[str]) -> list[str]:
    """Requests in the latest editor's note that the rewritten body does not follow: a name asked to be dropped
    that is still there, a lead asked for that the first paragraph does not name."""
    latest = next((e for e in reversed(history) if e.get("source") == "admin"), None)
    if latest is None:
        return []
    notes = [str(f.get("reason") or "") for f in latest.get("failed_criteria", []) or []]
    body = " ".join(paragraphs).casefold()
    first = (paragraphs[0] if paragraphs else "").casefold()
    ignored: list[str] = []
    for note in notes:
        for match in _DROP.finditer(note):
            name = match[1].strip(" &").removesuffix(" post").strip()
            if name and name.casefold() in body:
                ignored.append(f'the editor asked to drop "{name}"; the new draft still names it')
        for match in _LEAD.finditer(note):
            name = match[1].strip()
            if name and name.casefold() not in first:
                ignored.append(f'the editor asked to lead with "{name}"; the first paragraph does not name it')
    return ignored
