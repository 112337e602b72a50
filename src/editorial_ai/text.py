"""Sentences and words, one rule for the writer and the review.

The writer's sentence fixes find the review's quoted sentences in its own paragraphs, and the bench counts words the
way the length rule does: two rules would disagree at the edges (a closing quote after the full stop, a line break,
an underscore). Stdlib only, at the bottom of the layers: every layer may use it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

# A full stop, question or exclamation mark (a closing quote or bracket may follow it and stays with its sentence),
# then space, then what starts a sentence: a capital or a digit, perhaps after an opening quote or bracket.
_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"'”’)\]]))\s+(?=[\"'“‘(\[]*[A-Z0-9])")
_WORD = re.compile(r"[^\W_]+")


def split_sentences(text: str) -> list[str]:
    """Sentences of a text; a line break ends a sentence too."""
    out: list[str] = []
    for line in text.splitlines():
        out += [s.strip() for s in _SENTENCE_END.split(line) if s.strip()]
    return out


# Cached: a run asks for the same catalog names' and facts' words in every paragraph and every draft.
@lru_cache(maxsize=16384)
def words(text: str) -> tuple[str, ...]:
    """The words of a text, lower case (letters and digits; an underscore or a hyphen separates)."""
    return tuple(_WORD.findall(text.casefold()))


def word_count(text: str | Iterable[str]) -> int:
    """Words in a text, or in all of several (a draft's paragraphs)."""
    if isinstance(text, str):
        return len(words(text))
    return sum(len(words(part)) for part in text)
