"""A chat model's answers that copy a source passage, asked for again one at a time.

Asked for a whole brief in one structured request, the 1.5B default answered "Who is driving the Quiet Luxury
trend?" with its first passage word for word ("V fronts the new Adidas campaign: V of BTS in a brand campaign look,
wearing ..."), the next question with the second passage and so on; two critic revisions later every answer was
still a copy and the brief failed originality. One question at a time, with the copy quoted back, is a narrower
task: the answer that copies less is kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import JsonValue

from editorial_ai.content_types.research_brief.models import BriefDraft
from editorial_ai.content_types.research_brief.prompts import format_passages
from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest
from editorial_ai.models.state_json import JsonObject
from editorial_ai.prompts.sanitize import quote_as_data
from editorial_ai.review.text_checks import copied_sentences
from editorial_ai.text import split_sentences

ANSWER_TRIES = 2
ANSWER_TOKENS = 200
MIN_ANSWER_WORDS = 8
SYNTHESIS = -1  # the synthesis's key in AnswerRewrites.asked
SYNTHESIS_TOKENS = 120  # two sentences (given 200, one answer ran on for seven)
_LABEL = re.compile(r"^\s*(?:\*\*)?(?:answer|response)(?:\*\*)?\s*[:.-]\s*", re.IGNORECASE)


@dataclass
class AnswerRewrites:
    """What asking again did: per answer (SYNTHESIS for the synthesis), how many of its sentences copied before and
    after."""

    asked: dict[int, tuple[int, int]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def as_event(self) -> JsonObject:
        """The record as an event's figures: copied sentences before and after, per answer (1-based) or
        "synthesis", and the errors."""
        answers: JsonObject = {("synthesis" if key == SYNTHESIS else str(key + 1)): {"copied_before": before,
                                                                                     "copied_after": after}
                               for key, (before, after) in self.asked.items()}
        return {"answers": answers, "errors": list[JsonValue](self.errors)}


def copied_in(answer: str, passages: list[str]) -> list[str]:
    """The sentences of `answer` mostly made of a passage's 5-word sequences (the originality check's measure)."""
    return [sentence for sentence, _ in copied_sentences([answer], passages)]


def answer_prompt(*, topic: str, question: str, passages: list[str], copied: list[str]) -> str:
    """Passages first (the same block as the brief's prompt, so a local model reuses its cache), then the one
    question and the sentences that copied, quoted."""
    quoted = "\n".join(f"- {q}" for q in (quote_as_data(s, label="Copied sentence", max_chars=300)
                                          for s in copied) if q)
    return (f"Source passages:\n{format_passages(passages)}\n\n"
            f"{quote_as_data(topic, label='Topic', max_chars=120)}\nSub-question: {question}\n\n"
            f"Your last answer copied these passages word for word:\n{quoted}\n\n"
            "Answer the sub-question again in two or three sentences of your own: say what the passages show "
            "about it, naming the people, brands and pieces they give. Never copy a passage or a post title. "
            "Reply with the answer only.")


def clean_answer(text: str) -> str:
    """One paragraph: a leading "Answer:" label, wrapping quotes, line breaks and a last sentence cut off by the
    token cap taken out."""
    text = " ".join(text.split())
    if len(text) > 1 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1].strip()
    sentences = split_sentences(_LABEL.sub("", text).strip())
    if len(sentences) > 1 and not re.search(r"[.!?…\"”')]$", sentences[-1]):
        sentences = sentences[:-1]
    return " ".join(sentences)


def synthesis_prompt(*, topic: str, passages: list[str]) -> str:
    """Passages first (as every brief request), then the synthesis asked for as what the looks share. Shown the
    answers and its copy, the 1.5B default wrote the answers out again three times in three; asked what the looks
    have in common, it wrote sentences of its own three times in three (Quiet Luxury, seeds 101-103). Worded for
    the catalog's looks: asked generically what the passages share, it listed every piece and named "one person in
    all four passages" whom one passage holds."""
    return (f"Source passages:\n{format_passages(passages)}\n\n"
            f"{quote_as_data(topic, label='Topic', max_chars=120)}\n\n"
            "Write the brief's synthesis: two sentences on what these looks have in common, the kind of piece that "
            "recurs (a bag, sneakers, jeans, sunglasses) and the settings they share, and what that says about the "
            "topic. Name one person and one piece. Do not list every brand or piece. Reply with the two sentences "
            "only.")


async def _asked_again(writer: LLMClient, record: AnswerRewrites, key: int, copied: list[str], texts: list[str],
                       prompt_for: Callable[[list[str]], str], system: str,
                       max_tokens: int = ANSWER_TOKENS) -> str | None:
    """The best of ANSWER_TRIES answers to `prompt_for(copied)`, or None when none copies less than `copied`."""
    best: str | None = None
    before = len(copied)
    for attempt in range(ANSWER_TRIES):
        request = LLMRequest(system=system, prompt=prompt_for(copied), temperature=0.5, max_tokens=max_tokens,
                             purpose="brief_answer", seed=101 + 17 * key + attempt)
        try:
            fresh = clean_answer((await writer.generate(request)).text)
        except LLMError as exc:
            record.errors.append(f"{'synthesis' if key < 0 else f'answer {key + 1}'}: {exc}")
            break
        again = copied_in(fresh, texts)
        if len(fresh.split()) >= MIN_ANSWER_WORDS and len(again) < len(copied):
            best, copied = fresh, again
        if not copied:
            break
    record.asked[key] = (before, len(copied))
    return best


async def own_words(writer: LLMClient, draft: BriefDraft, *, topic: str, sub_questions: list[str],
                    passages: list[str], system: str) -> tuple[BriefDraft, AnswerRewrites]:
    """`draft` with each answer that copies a passage, and a synthesis that copies an answer or a passage, asked
    for again (at most ANSWER_TRIES times); a new text replaces the old only when it copies fewer sentences and says
    something (MIN_ANSWER_WORDS). A provider error keeps the text as it was and is recorded: the critic's
    originality and repetition checks still read it."""
    answers = list(draft.answers)
    record = AnswerRewrites()
    for index, question in enumerate(sub_questions[:len(answers)]):
        def prompt_for(copied: list[str], question: str = question) -> str:
            return answer_prompt(topic=topic, question=question, passages=passages, copied=copied)

        if copied := copied_in(answers[index], passages):
            answers[index] = await _asked_again(writer, record, index, copied, passages, prompt_for,
                                                system) or answers[index]
    synthesis = draft.synthesis
    # The synthesis is read against the answers as well: it said answer 2 again word for word, and the brief
    # failed repetition after its answers were made its own.
    if synthesis.strip() and (copied := copied_in(synthesis, [*answers, *passages])):
        synthesis = await _asked_again(writer, record, SYNTHESIS, copied, [*answers, *passages],
                                       lambda _: synthesis_prompt(topic=topic, passages=passages), system,
                                       max_tokens=SYNTHESIS_TOKENS) or synthesis
    return draft.model_copy(update={"answers": answers, "synthesis": synthesis}), record
