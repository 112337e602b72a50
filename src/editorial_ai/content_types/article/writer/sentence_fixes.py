"""Sentence fixes: each sentence the review's checks would quote is cut, corrected, replaced by a sentence telling
an untold fact, or taken out (logged), the rest of its paragraph verbatim. Every new sentence is read with the same
checks before it stands (`_usable`)."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod

from pydantic import JsonValue

from editorial_ai.content_types.article.writer.chat_prompts import replacement_task, sentence_fix_task
from editorial_ai.content_types.article.writer.chat_run import TEMPERATURE, ChatRun, echoed_in, log_note
from editorial_ai.content_types.article.writer.chat_text import (
    cut_phrases,
    mend_sentences,
    named_opening,
    offending_terms,
    still_holds,
    without_claim,
)
from editorial_ai.content_types.article.writer.fact_lines import untold_facts
from editorial_ai.review.source_index import plain
from editorial_ai.text import split_sentences

# A problem that quotes the phrase at fault (a history, a reception, a scene, a wear claim, the writer's notes).
_QUOTED_PHRASE = re.compile(r'(?:a history or an age|no such scene|how anyone received it|not the clothes|not people|'
                            r'what it belongs to|this verdict): "([^"]+)"')
REPLACEMENT_TRIES = 2  # fact lines a replacement sentence is asked to tell, one per try
_UNTELLABLE = ("topic: ", "tags: ", "trend tags: ", "looks logged: ")  # lines told alone read as notes


class SentenceFixes(ABC):
    """The sentence-by-sentence fixes of the chat writer; `_ask` is the writer's one request."""

    @abstractmethod
    async def _ask(self, run: ChatRun, prompt: str, *, purpose: str, max_tokens: int, salt: int,
                   temperature: float = TEMPERATURE) -> str:
        """One request of the run."""

    @staticmethod
    def _found_wrong(run: ChatRun, index: int, paragraph: str) -> list[tuple[str, list[str]]]:
        """The sentences of `paragraph` the review's claim checks find wrong and, with a screen, those its other
        checks find wrong read in the body as paragraph `index`, each with its problems."""
        wrong = run.wrong_in(paragraph)
        if run.screen is None or not 0 <= index < len(run.body):
            return wrong
        body = list(run.body)
        body[index] = paragraph
        found = dict(wrong)
        for sentence, problems in run.screen.located(body, index):
            found[sentence] = list(dict.fromkeys([*found.get(sentence, []), *problems]))
        return list(found.items())

    async def _fix_sentences(self, run: ChatRun, index: int, paragraph: str,
                             located: list[tuple[str, list[str]]], facts: list[str]) -> str:
        """Each quoted sentence corrected with its problems (`_corrected`) or, when that fails, replaced by a
        sentence telling a fact the paragraph does not tell yet (`_replacement`); the rest of the paragraph stays
        verbatim. A sentence neither gives a usable answer for is taken out, and the log says which (an editor cuts
        a line that cannot be made true; nothing is dropped silently)."""
        fixed = paragraph
        for n, (sentence, problems) in enumerate(located):
            if sentence not in fixed:
                continue
            new = self._cut(run, index, fixed, sentence, problems)
            kind = "sentences_cut"
            if not new:
                new = await self._corrected(run, index, fixed, sentence, problems, facts, salt=11 * n)
                kind = "sentences_rewritten"
            if not new:
                new = await self._replacement(run, index, fixed, sentence, problems, facts, salt=11 * n)
                kind = "sentences_replaced"
            if not new:
                opened = fixed.startswith(sentence)
                fixed = without_claim(fixed, sentence)
                if opened:  # the next sentence now opens the paragraph: "It is ..." names what "it" was
                    plan = run.outline.plans[min(index, len(run.outline.plans) - 1)]
                    fixed = named_opening(fixed, plan.subject, piece=plan.kind == "product")
                log_note(run.notes, "sentences_taken_out",
                         {"sentence": sentence, "problems": list[JsonValue](problems)})
                continue
            fixed = fixed.replace(sentence, new, 1)
            log_note(run.notes, kind, sentence if kind == "sentences_rewritten" else {"sentence": sentence, "new": new})
        return mend_sentences(fixed)

    def _cut(self, run: ChatRun, index: int, paragraph: str, sentence: str, problems: list[str]) -> str:
        """`sentence` with the clauses holding the phrases its problems quote taken out (`chat_text.cut_phrases`:
        "..., a trend that emerged in the 90s, featuring ..."), when what is left is usable; "" otherwise. No request
        is spent on it."""
        phrases = [phrase for problem in problems for phrase in _QUOTED_PHRASE.findall(problem)]
        # Only a sentence whose every problem is a quoted phrase: a wrong pairing is not cut away.
        new = cut_phrases(sentence, list(dict.fromkeys(phrases))) if all(
            _QUOTED_PHRASE.search(problem) for problem in problems) and phrases else None
        return new if new and self._usable(run, paragraph, sentence, new, problems, index) else ""

    def _usable(self, run: ChatRun, paragraph: str, sentence: str, new: str, problems: list[str],
                index: int = -1) -> bool:
        """Whether `new` can stand in `sentence`'s place: not the old claim (no flagged term, no sentence it was
        said to repeat), no year no fact gives, no sentence of the paragraph or of the body said again, word for
        word or in other words (a revision put "The most viewed look was Cha Eun-woo ..." in the place of two
        sentences of one paragraph), no fact line copied, and nothing the review's claim checks find wrong, read in
        the paragraph; with a screen, nothing any of the review's checks find wrong, read in the body (paragraph
        `index`)."""
        if not new or new == sentence or len(new) > 2 * len(sentence) + 80:
            return False
        others = [s for p in dict.fromkeys([*run.body, paragraph]) for s in split_sentences(p) if s != sentence]
        if plain(new) in {plain(s) for s in others}:  # word for word a sentence the body has (not an echo by rule)
            return False
        placed = paragraph.replace(sentence, new, 1)
        return not (still_holds(new, offending_terms(problems)) or run.unsourced_years(new) or run.copies(new)
                    or run.says_again(new, [*echoed_in(problems), *others])
                    or run.pairing_problems(placed, new) or run.screen_flags(index, placed, new)
                    or run.newly_flagged(index, paragraph, placed, new))

    async def _corrected(self, run: ChatRun, index: int, paragraph: str, sentence: str, problems: list[str],
                         facts: list[str], *, salt: int) -> str:
        """`sentence` corrected with its problems quoted, asked once: the 1.5B model gave back the same claim in
        124 of 142 corrections over three bench runs, the second, warmer try included, so one try is kept for the
        sentences it can mend and the rest go to `_replacement`. "" when the answer is not usable."""
        raw = await self._ask(run, sentence_fix_task(number=index + 1, sentence=sentence, problems=problems,
                                                     facts=facts),
                              purpose="editorial_sentence", max_tokens=90, salt=137 * (index + 1) + salt)
        new = run.prose(raw, meta=True)
        return new if self._usable(run, paragraph, sentence, new, problems, index) else ""

    async def _replacement(self, run: ChatRun, index: int, paragraph: str, sentence: str, problems: list[str],
                           facts: list[str], *, salt: int) -> str:
        """A sentence in `sentence`'s place telling one fact line the rest of the paragraph does not tell (the
        next one, or the same one warmer, on a second try), or "" when neither answer is usable; one opening the
        feature must name its topic. Replayed on the
        sentences one bench article's revisions took out, it gave a usable sentence for four of seven where four
        more corrections gave one."""
        rest = without_claim(paragraph, sentence)
        untold = untold_facts(rest, facts) or [f for f in facts if not f.startswith(_UNTELLABLE)]
        keyword = run.outline.keyword if index == 0 and paragraph.startswith(sentence) else ""
        for attempt in range(REPLACEMENT_TRIES if untold else 0):
            fact = untold[attempt % len(untold)]
            raw = await self._ask(run, replacement_task(number=index + 1, paragraph=paragraph, sentence=sentence,
                                                        fact=fact, facts=facts, opens=keyword),
                                  purpose="editorial_sentence", max_tokens=90,
                                  salt=151 * (index + 1) + salt + 13 * attempt, temperature=0.5 + 0.2 * attempt)
            sentences = split_sentences(run.prose(raw, meta=True))
            new = sentences[0] if sentences else ""
            if self._usable(run, paragraph, sentence, new, problems, index) and keyword.casefold() in new.casefold():
                return new
        return ""
