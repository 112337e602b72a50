"""The review's deterministic checks, run by the writer on its own body before the review reads it.

Measured on the embedded 1.5B model, about half the sentences it writes hold something the review finds wrong (an
invented date, a pairing no post makes, reception no post reports), and one sentence from a single fact line comes
back clean about as often. The checks themselves take about 50 ms for a whole body, so the writer can afford to run
every one of them on each sentence it is about to keep, instead of the few it screened with before (pairings and
years): what fails goes to the sentence fixes (`ChatEditorialService._fix_sentences`) before the review, not after.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from editorial_ai.content_types.article.writer.chat_text import REPEATED, sentence_findings
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.state_json import FeedbackJson
from editorial_ai.review.claims import content_claims
from editorial_ai.review.deterministic import deterministic_results, view_of
from editorial_ai.review.profile import ARTICLE_PROFILE, ReviewProfile
from editorial_ai.review.rubric import Rubric
from editorial_ai.review.source_index import SourceIndex, plain
from editorial_ai.text import split_sentences


@dataclass(frozen=True)
class DraftScreen:
    """The review's grounding and counted checks for one run's sources, as the review node runs them."""

    rubric: Rubric
    index: SourceIndex
    keyword: str
    prompt_texts: tuple[str, ...] = ()  # what the writer's prompts showed: the originality check compares with it
    profile: ReviewProfile = ARTICLE_PROFILE

    def findings(self, paragraphs: Sequence[str], title: str = "") -> FeedbackJson:
        """The failed criteria of `paragraphs` as a review entry (what `sentence_findings` reads)."""
        body = list(paragraphs)  # as they stand: evidence is located by paragraph number
        if sum(bool(p.strip()) for p in body) < 2:
            return {"source": "review", "failed_criteria": []}
        content = EditorialContent.model_construct(keyword=self.keyword, title=title or self.keyword,
                                                   subtitle="", body_paragraphs=body, pull_quotes=[],
                                                   product_mentions=[], celeb_mentions=[], hashtags=[], credits=[])
        view = view_of(self.profile, content_claims(content), self.index, body, keyword=self.keyword,
                       title=title, prompt_texts=[*self.profile.example_texts, *self.prompt_texts])
        failed = [r for r in deterministic_results(self.rubric, view) if not r.passed and not r.skipped]
        return {"source": "review", "failed_criteria": [
            {"criterion": r.criterion, "reason": r.reason, "evidence": list(r.evidence)} for r in failed]}

    def located(self, paragraphs: Sequence[str], index: int) -> list[tuple[str, list[str]]]:
        """The sentences of paragraph `index` the checks quote, read in the whole body, with their problems."""
        if not 0 <= index < len(paragraphs):
            return []
        located = sentence_findings(self.findings(paragraphs), paragraphs[index], index)
        return [(s, kept) for s, problems in located if (kept := [p for p in problems if p != REPEATED
                                                                   or _said_before(paragraphs, index, s)])]

    def flags(self, paragraphs: Sequence[str], index: int, sentence: str) -> list[str]:
        """The problems the checks find with `sentence` of paragraph `index` ([] when it passes them)."""
        return [p for s, problems in self.located(paragraphs, index) if sentence in s or s in sentence
                for p in problems]


def _said_before(paragraphs: Sequence[str], index: int, sentence: str) -> bool:
    """Whether `sentence` of paragraph `index` was said before it, in an earlier paragraph or earlier in its own:
    a repeat is fixed where it is said again, never where it is first said."""
    key = plain(sentence)
    earlier = [s for p in paragraphs[:index] for s in split_sentences(p)]
    own = split_sentences(paragraphs[index])
    before_it = own[:next((i for i, s in enumerate(own) if plain(s) == key), 0)]
    return any(plain(s) == key for s in [*earlier, *before_it])
