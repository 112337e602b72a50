"""Typographic clean-up of generated text for publication: dashes, curly quotes, no stray quote marks.

Models write "--" for a dash and straight quotes everywhere; a magazine prints "—" and “curly” quotes. Quote marks
left unpaired inside a sentence (a model's habit when it paraphrases) are dropped, an apostrophe is kept.
"""

from __future__ import annotations

import re

_DOUBLE_DASH = re.compile(r"\s*-{2,3}\s*")
_SPACED_HYPHEN = re.compile(r"(?<=\w) - (?=\w)")
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)|'(?=\d0s\b)")  # don't, Jennie's, '90s
_SINGLE_OPEN = re.compile(r"(^|[\s(\[{\"“—])'")
_DOUBLE_OPEN = re.compile(r"(^|[\s(\[{—‘])\"")
_SPACES = re.compile(r"[ \t]{2,}")


def smarten(text: str) -> str:
    """`text` with em dashes, typographic quotes and apostrophes, and unpaired double quotes removed."""
    if not text:
        return text
    text = _DOUBLE_DASH.sub("—", text)  # "a -- b" and "a--b" -> "a—b"
    text = _SPACED_HYPHEN.sub("—", text)  # "a - b" used as a dash
    text = _drop_unpaired_double_quotes(text)
    text = _APOSTROPHE.sub("’", text)
    text = _SINGLE_OPEN.sub(lambda m: m.group(1) + "‘", text)
    text = text.replace("'", "’")
    text = _DOUBLE_OPEN.sub(lambda m: m.group(1) + "“", text)
    text = text.replace('"', "”")
    return _SPACES.sub(" ", text).strip()


def _drop_unpaired_double_quotes(text: str) -> str:
    """An odd number of straight double quotes: the last one has no partner, so it goes."""
    if text.count('"') % 2 == 0:
        return text
    index = text.rfind('"')
    return (text[:index] + text[index + 1 :]).replace("  ", " ")


def strip_wrapping_quotes(text: str) -> str:
    """A pull quote without the quote marks the model put around it (the template adds its own)."""
    stripped = text.strip()
    while len(stripped) >= 2 and stripped[0] in "\"'“‘«" and stripped[-1] in "\"'”’»":
        stripped = stripped[1:-1].strip()
    return stripped.lstrip('"“').rstrip('"”') if stripped.count('"') == 1 else stripped
