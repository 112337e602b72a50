"""One chat-writer run: its outline, system message, seed, guard and index, and the checks every request's answer
is read with (the review's own claim checks and screen, so the writer finds what the review would)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import JsonValue

from editorial_ai.content_types.article.writer.chat_prompts import role_text
from editorial_ai.content_types.article.writer.chat_text import clean_paragraph, fit_paragraph, strip_meta
from editorial_ai.content_types.article.writer.guard import SentenceGuard, canonical_case
from editorial_ai.content_types.article.writer.house_style import (
    day_first_dates,
    drop_repeated_descriptions,
    shorten_repeated_names,
)
from editorial_ai.content_types.article.writer.outline import Outline, ParagraphPlan
from editorial_ai.content_types.article.writer.screen import DraftScreen
from editorial_ai.models.state_json import JsonObject
from editorial_ai.review.claim_support import check_claims
from editorial_ai.review.claims import part_claims
from editorial_ai.review.scenes import invented_events, invented_reception, invented_scenes
from editorial_ai.review.source_index import SourceIndex, plain
from editorial_ai.review.text_checks import (
    SAYS_AGAIN,
    copied_sentences,
    echoed_sentences,
    reads_as_fact_line,
    repeated_phrases,
    says_again,
)
from editorial_ai.text import split_sentences, word_count

TEMPERATURE = 0.5  # lower than a chat default: the facts, not variety, are what the prose must carry


def bump(notes: JsonObject, key: str) -> None:
    """Count one more of `key` in the run's log."""
    value = notes.get(key)
    notes[key] = (value if isinstance(value, int) else 0) + 1


def log_note(notes: JsonObject, key: str, entry: JsonValue) -> None:
    """Append `entry` to the list `key` of the run's log."""
    listed = notes.setdefault(key, [])
    if isinstance(listed, list):
        listed.append(entry)


_ECHOED = re.compile(SAYS_AGAIN + r' "(.+?)…?" already says')


def echoed_in(problems: Sequence[str]) -> list[str]:
    """The earlier sentences a review said these problems repeat ("says again what "..." already says")."""
    return [m[1] for p in problems if (m := _ECHOED.search(p))]


_RUN_TOGETHER = re.compile(r"\b[A-Za-z]*[a-z][A-Z][A-Za-z]*\b")


@dataclass
class ChatRun:
    outline: Outline
    system: str
    seed: int
    guard: SentenceGuard
    source_words: frozenset[str] = frozenset()  # plain words of the run's facts and posts
    vocabulary: frozenset[str] = frozenset()  # their stemmed content words: what an echo check leaves out
    source_text: str = ""  # the run's facts and posts, for phrases checked whole ("an airport fashion show")
    index: SourceIndex | None = None  # the review's index of the run's sources, for the writer's own screening
    move: str = ""  # the tone's countable move, asked in every paragraph request (`chat_prompts.tone_move`)
    notes: JsonObject = field(default_factory=dict)
    body: list[str] = field(default_factory=list)  # a revision's paragraphs as they stand: what a fix may not repeat
    screen: DraftScreen | None = None  # the review's own checks (`screen.py`), when the run's rubric is known
    continuations_refused: int = 0  # unusable continuations so far, across the run's passes over the body

    def prose(self, answer: str, *, meta: bool = False) -> str:
        """A model's answer as the body will print it: cleaned of list marks and (with `meta`) of notes about the
        request, names in their own capitals, and dates day first now rather than when the draft is finished, so
        what the writer screens is what it keeps ("The look of Jennie on August 5, 2025 ..." passed the screen and
        came out of the house style as the fact line it had just been fixed for)."""
        text = fit_paragraph(canonical_case(clean_paragraph(strip_meta(answer) if meta else answer),
                                            self.outline.names))
        return day_first_dates([text])[0][0]

    def screen_flags(self, index: int, paragraph: str, sentence: str) -> list[str]:
        """What the review's checks find wrong with `sentence` once paragraph `index` of the body reads
        `paragraph` ([] without a screen or a body)."""
        if self.screen is None or not 0 <= index < len(self.body):
            return []
        body = list(self.body)
        body[index] = paragraph
        return self.screen.flags(body, index, sentence)

    def newly_flagged(self, index: int, paragraph: str, placed: str, new: str) -> list[str]:
        """Sentences of paragraph `index` other than `new` that the review's checks flag once `placed` stands in
        for `paragraph` and did not before: a replacement put ahead of "In September 2025, she wore navy acetate
        sunglasses ..." that told the same look made the old sentence the repeat, and the review quoted it."""
        if self.screen is None or not 0 <= index < len(self.body):
            return []
        before, after = list(self.body), list(self.body)
        before[index], after[index] = paragraph, placed
        flagged = {s for s, _ in self.screen.located(before, index)}
        return [s for s, _ in self.screen.located(after, index) if s != new and s not in flagged]

    def pairing_problems(self, paragraph: str, sentence: str, *, names: bool = True) -> list[str]:
        """What the review's claim checks find wrong in `sentence`, read inside `paragraph` (see
        `pairing_problems_of`). A title-case heading is checked without `names` (its capitals are not names)."""
        return self.pairing_problems_of(paragraph, [sentence], names=names).get(sentence, [])

    def pairing_problems_of(self, paragraph: str, sentences: Sequence[str], *,
                            names: bool = True) -> dict[str, list[str]]:
        """The sentences of `sentences` the review's claim checks find wrong, read inside `paragraph`, which holds
        them (so "she" is the person the paragraph named), with their problems: pairings no post makes and names
        no source holds. The paragraph is checked once for all of them. A continuation or a fix is screened with
        it before it joins the draft: unscreened, each revision's continuation brought a new wrong pairing ("Rosé
        wore the jeans at the airport on 8 February"), and the loop escalated on sentences the writer itself had
        just added."""
        keys = {sentence: key for sentence in sentences if (key := plain(sentence))}
        if self.index is None or not keys:
            return {}
        found: dict[str, list[str]] = {}
        for check in check_claims(part_claims(paragraph), self.index):
            claim = plain(check.claim.text)
            problems = [*check.pairing, *(f"{name} is in no source" for name in check.unsupported if names)]
            for sentence, key in keys.items():
                if claim and problems and (claim in key or key in claim):
                    found.setdefault(sentence, []).extend(problems)
        return found

    def heading_problems(self, text: str) -> list[str]:
        """What keeps a headline or standfirst from being used: invented colour, and people, pieces, places or
        dates paired as no post pairs them (a headline putting Jennie with a Bottega Veneta bag she never wore
        stood through three revisions, and a standfirst dated her pop-up look to the month of another post)."""
        return [*self.invented(text), *self.pairing_problems(text, text, names=False), *self.run_together(text)]

    def run_together(self, text: str) -> list[str]:
        """Words run together that no source spells so ("Jennie Effect: Street Style IconEssentials", a headline
        that passed): a brand's own capitals ("McQueen") come from the sources and stand."""
        return [f"words run together: {word}" for word in _RUN_TOGETHER.findall(text) if word not in self.source_text]

    def invented(self, text: str) -> list[str]:
        """Reception, scenes and events the facts do not give ("captivated audiences", "greeted by", "an airport
        fashion show"): a headline or standfirst holding one is asked for again before the review sees it (the
        model wrote "captivate" in three, and one Y2K headline kept its "Airport Fashion Show" through three
        revisions)."""
        return (invented_reception(text, self.source_words) + invented_scenes(text, self.source_words)
                + invented_events(text, self.source_text))

    def unsourced_years(self, text: str) -> list[str]:
        """Years and decades no fact gives: a fix of "emerged in the 1990s" came back as "the late 1980s"."""
        return [year for year in re.findall(r"\b(?:1[89]|20)\d\d(?=s?\b)", text) if year not in self.source_words]

    def copies(self, text: str) -> bool:
        """`text` copies a fact line of the run (any paragraph's) or reads as one ("5 August 2025: Jennie wore")."""
        facts = [fact for plan in self.outline.plans for fact in plan.facts]
        return bool(copied_sentences([text], facts)) or any(reads_as_fact_line(s) for s in split_sentences(text))

    def says_again(self, sentence: str, earlier: Sequence[str]) -> bool:
        """`sentence` says one of `earlier` again in other words (sourced names and details left out)."""
        return any(says_again(sentence, before, self.vocabulary) for before in earlier)

    def echoes_in(self, paragraphs: Sequence[str]) -> bool:
        """The last of `paragraphs` says a sentence of its own or of the ones before it again."""
        return any(i == len(paragraphs) - 1 for i, _, _ in echoed_sentences(list(paragraphs), self.vocabulary))

    def wrong_in(self, paragraph: str) -> list[tuple[str, list[str]]]:
        """(sentence, its problems) for each sentence of `paragraph` the review's claim checks would find wrong,
        for the writer to ask again before the review sees it: unscreened, a whole-paragraph rewrite brought "The
        bag is described as olive leather, which aligns with the facts" into a third revision, and the run
        escalated on it."""
        # Names no source holds are left to the review's hallucination criterion, which quotes them back; a year no
        # fact gives is asked again here (a paragraph rewritten whole brought back "emerged in the late 1990s and
        # early 2000s", the sentence the fix before it had taken out, and the run escalated on it).
        sentences = split_sentences(paragraph)
        found = self.pairing_problems_of(paragraph, sentences, names=False)
        for sentence in sentences:
            if years := self.unsourced_years(sentence):
                found.setdefault(sentence, []).append(f"{', '.join(years)} is in no fact")
        return [(sentence, list(dict.fromkeys(problems))) for sentence, problems in found.items()]

    def phrases_again(self, paragraphs: Sequence[str]) -> list[str]:
        """The writer's own phrases the last of `paragraphs` uses a second time, from itself or an earlier one
        ("a touch of sophistication"), by `text_checks.repeated_phrases` (a writer's check, not a review finding)."""
        last = len(paragraphs) - 1
        return list(dict.fromkeys(phrase for i, _, phrase in repeated_phrases(list(paragraphs), self.vocabulary)
                                  if i == last))

    def styled_words(self, paragraphs: Sequence[str]) -> int:
        """Words of `paragraphs` as the reader gets them, after house style shortens repeated names: counted before
        it, the floor let bodies through that the shortening ("the Miu Miu Logo Ballet Flats" -> "the flats") then
        took under 350 (the fourteenth round's mean was 341)."""
        pieces = [(p.name, p.brand) for p in self.outline.products]
        styled, _ = drop_repeated_descriptions(shorten_repeated_names(paragraphs, pieces)[0], pieces)
        return sum(word_count(p) for p in styled)

    def role(self, plan: ParagraphPlan) -> str:
        return role_text(plan.kind, self.outline.keyword, plan.subject)
