"""The article writer's prompts: the paragraph and headline tasks and the single-call article prompt.

The worked examples they show are in prompts/editorial.py, below the review that compares drafts with them.
"""

from __future__ import annotations

from collections.abc import Sequence

from editorial_ai.models.state_json import FeedbackJson
from editorial_ai.prompts.editorial import PARAGRAPH_EXAMPLES, SUBTITLE_EXAMPLES, TITLE_EXAMPLES
from editorial_ai.prompts.feedback import format_feedback
from editorial_ai.prompts.sanitize import quote_as_data, tone_text

EDITORIAL_SYSTEM = (
    "You are a senior fashion magazine editor. Write a feature article in English using ONLY the celebrities, "
    "brands and products listed in the source material. Never invent names."
)

PARAGRAPH_SYSTEM = (
    "You write one paragraph of a fashion magazine feature at a time. Use ONLY the facts given for that "
    "paragraph: never name a person, brand, product, place, number or date that is not in them. Write {words} "
    "words of flowing prose and answer with the paragraph only."
)


def build_editorial_prompt(
    *,
    keyword: str,
    sources_text: str,
    rubric_text: str,
    tone: str,
    feedback_history: Sequence[FeedbackJson],
    learned_guidance: str = "",
) -> str:
    """Task text; feedback comes first so the model attends to it (seed 000 pattern 4)."""
    parts = []
    feedback = format_feedback(feedback_history)
    if feedback:
        parts.append(feedback)
    if learned_guidance:
        parts.append(f"Guidance from past human reviews:\n{learned_guidance}")
    parts.append(f"The article will be judged on:\n{rubric_text}")
    topic = quote_as_data(keyword, label="topic", max_chars=120)
    parts.append(f"Tone: {tone_text(tone)}.\nSource material: {topic}; {sources_text}\nArticle:")
    return "\n\n".join(parts)


def render_facts(facts: list[str] | tuple[str, ...]) -> str:
    """Facts as the bullet list every paragraph prompt shows."""
    return "\n".join(f"- {fact}" for fact in facts)


def paragraph_block(facts: list[str] | tuple[str, ...], text: str = "") -> str:
    """"Facts: ... Paragraph: <text>": a worked example when `text` is given, the open task otherwise."""
    return f"Facts:\n{render_facts(facts)}\nParagraph:" + (f" {text}" if text else "")


def paragraph_examples(kind: str, variant: int = 0) -> list[str]:
    """The worked example for `kind`; other variants add a second kind's example first, so a re-sample
    sees a different prompt rather than only a different seed."""
    own = PARAGRAPH_EXAMPLES.get(kind, PARAGRAPH_EXAMPLES["background"])
    kinds = [k for k in PARAGRAPH_EXAMPLES if k != own.kind]
    extra = [PARAGRAPH_EXAMPLES[kinds[(variant - 1) % len(kinds)]]] if variant > 0 else []
    return [paragraph_block(e.facts, e.text) for e in [*extra, own]]


def build_paragraph_system(*, words: str, tone: str, rubric_text: str = "", feedback: str = "",
                           guidance: str = "") -> str:
    """Instructions shared by every paragraph of an article; feedback first so the model attends to it."""
    parts = [feedback] if feedback else []
    parts.append(PARAGRAPH_SYSTEM.format(words=words) + f" Tone: {tone_text(tone)}.")
    if guidance:
        parts.append(f"Guidance from past human reviews:\n{guidance}")
    if rubric_text:
        parts.append(f"The article will be judged on:\n{rubric_text}")
    return "\n\n".join(parts)


HEADLINE_SYSTEM = (
    "You write the {part} of a fashion magazine feature from the facts given. Name only what the facts name and "
    "answer with one line."
)


def headline_examples(part: str) -> list[str]:
    """Worked headline (or subtitle) lines for fictional facts."""
    pairs = TITLE_EXAMPLES if part == "title" else SUBTITLE_EXAMPLES
    label = "Headline" if part == "title" else "Standfirst"
    return [f"Facts: {facts}\n{label}: {line}" for facts, line in pairs]


def build_headline_prompt(part: str, facts: str) -> str:
    """The open headline (or subtitle) task for the run's facts."""
    return f"Facts: {facts}\n{'Headline' if part == 'title' else 'Standfirst'}:"
