"""One person, one set of pronouns: a draft that calls Wonyoung "her" and, two paragraphs on, "his" has its facts
about a person wrong in one of the two places.

The sources never give a person's pronouns, so the first ones the draft uses for a person are taken as its
choice and a later sentence that uses the other set is the finding, located for the sentence fix. A pronoun is
read as the last person named alone in a sentence of the same paragraph; a sentence naming two or more people
leaves it unresolved, so "Jennie and V wore it; his was black" is never read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from editorial_ai.text import split_sentences

_SETS = {"he": re.compile(r"\b(he|him|his|himself)\b", re.IGNORECASE),
         "she": re.compile(r"\b(she|her|hers|herself)\b", re.IGNORECASE)}


@dataclass(frozen=True)
class PronounClash:
    """A sentence calling `person` by the pronouns `used` after the draft chose `chosen` for them."""

    paragraph: int
    sentence: str
    person: str
    used: str
    chosen: str

    def problem(self) -> str:
        """The finding's words, for the sentence fix."""
        return (f"calls {self.person} \"{self.used}\" where the draft already calls {self.person} \"{self.chosen}\": "
                f"use \"{self.chosen}\" throughout")


def _named(sentence: str, people: Iterable[str]) -> list[str]:
    padded = f" {sentence.casefold()} "
    return [p for p in people if re.search(rf"(?<![\w-]){re.escape(p.casefold())}(?![\w-])", padded)]


def _word(sentence: str, kind: str) -> str:
    match = _SETS[kind].search(sentence)
    return match.group(1).lower() if match else kind


def pronoun_clashes(paragraphs: list[str], people: Iterable[str]) -> list[PronounClash]:
    """Sentences that give a person the other set of pronouns than the draft first gave them, in reading order."""
    names = sorted({p for p in people if p.strip()}, key=len, reverse=True)
    chosen: dict[str, str] = {}
    clashes: list[PronounClash] = []
    for index, paragraph in enumerate(paragraphs):
        current = ""
        for sentence in split_sentences(paragraph):
            named = _named(sentence, names)
            named = [n for n in named if not any(n != m and n.casefold() in m.casefold() for m in named)]
            if len(named) == 1:
                current = named[0]
            elif named:
                current = ""
            if not current:
                continue
            kinds = [kind for kind, pattern in _SETS.items() if pattern.search(sentence)]
            if len(kinds) != 1:  # none, or both in one sentence (two people, one of them unnamed): not read
                continue
            first = chosen.setdefault(current, kinds[0])
            if kinds[0] != first:
                clashes.append(PronounClash(index, sentence, current, _word(sentence, kinds[0]),
                                            _word_of(first)))
    return clashes


def _word_of(kind: str) -> str:
    return {"he": "he/his", "she": "she/her"}[kind]
