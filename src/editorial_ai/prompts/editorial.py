"""Editorial prompts: article generation with feedback injected before the instructions."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from editorial_ai.models.state_json import FeedbackJson
from editorial_ai.prompts.sanitize import quote_as_data, sanitize_text, tone_text

EDITORIAL_SYSTEM = (
    "You are a senior fashion magazine editor. Write a feature article in English using ONLY the celebrities, "
    "brands and products listed in the source material. Never invent names."
)

PARAGRAPH_SYSTEM = (
    "You write one paragraph of a fashion magazine feature at a time. Use ONLY the facts given for that "
    "paragraph: never name a person, brand, product, place, number or date that is not in them. Write {words} "
    "words of flowing prose and answer with the paragraph only."
)


@dataclass(frozen=True)
class ParagraphExample:
    """A worked paragraph: the facts it was given and the prose written from them.

    Every name here is fictional and absent from the catalog, so a draft that copies the example names something
    no source holds (the grounding check fails it) or repeats its wording (the originality check fails it).
    """

    kind: str
    facts: tuple[str, ...]
    text: str


# One worked example per paragraph kind of the outline (services/editorial_outline.py builds the real facts).
PARAGRAPH_EXAMPLES: dict[str, ParagraphExample] = {
    "background": ParagraphExample(
        "background",
        (
            'topic: "Harbour Linen"',
            "trend tags: washed linen, sand, chalk, relaxed tailoring",
            "seen in: ferry terminal, gallery opening",
            "looks logged: six, between March and May",
        ),
        "Harbour Linen started as a practical answer to humid spring mornings and has settled into a quiet "
        "uniform of its own. It leans on washed linen in sand and chalk, cut loose through the shoulder and "
        "finished with relaxed tailoring that never looks pressed. Six looks logged from March to May trace its "
        "path from a ferry terminal to a gallery opening, each one softer than the last. The common thread is "
        "fabric that creases on purpose and colour that refuses to shout, so the clothes read as lived in.",
    ),
    "looks": ParagraphExample(
        "looks",
        (
            'topic: "Harbour Linen"',
            "celebrity: Mara Solene (Lumen Nine)",
            '3 May, ferry terminal: "Mara Solene boards in Velloro"',
            '19 May, gallery opening: "Mara Solene keeps it loose"',
            "worn: Velloro Dune Tote, Orsk Atelier Fold Coat",
        ),
        "Mara Solene of Lumen Nine set the tone on 3 May, boarding at a ferry terminal in a creased shirt worn "
        "open over a plain vest, the Velloro Dune Tote hooked over one arm. Sixteen days later, on 19 May, she "
        "turned up at a gallery opening in the same pale palette, this time under the Orsk Atelier Fold Coat. "
        "Neither outfit looked planned, and that was the point of Harbour Linen: fans saved both photos, traced "
        "every piece within hours and started asking where the coat could be found.",
    ),
    "product": ParagraphExample(
        "product",
        (
            'topic: "Harbour Linen"',
            "product: Velloro Dune Tote by Velloro",
            "details: natural canvas, leather handles; colour: sand",
            "tags: bag, canvas, minimal",
            "worn by: Mara Solene",
        ),
        "The Velloro Dune Tote is the piece that quietly carries Harbour Linen. Velloro cuts it from natural "
        "canvas with short leather handles, roomy enough for a laptop yet soft enough to fold under an arm. It "
        "costs far less than the label's leather line, and the sand colourway sits with the linen rather than "
        "fighting it. On Mara Solene it reads relaxed instead of corporate, which explains why the open top and "
        "unlined interior keep appearing in shopping threads.",
    ),
    "spread": ParagraphExample(
        "spread",
        (
            'topic: "Harbour Linen"',
            "looks logged: six; most viewed: the ferry terminal look",
            "seen in: ferry terminal, gallery opening",
            "pieces: Velloro Dune Tote, Orsk Atelier Fold Coat",
        ),
        "Why has Harbour Linen travelled so fast? Reach explains part of it, since the ferry terminal look alone "
        "was shared far beyond the usual fan pages. Ease explains the rest. Washed linen forgives a long day, "
        "a canvas tote costs less than a statement bag, and a soft coat layers over almost anything in the "
        "wardrobe. Readers can copy the idea with what they already own, and that low barrier turns a single "
        "ferry terminal photo into a habit that lasts the whole season.",
    ),
}

# Worked title lines (fictional) for the headline prompt; never the run's own names.
TITLE_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        'topic "Harbour Linen"; celebrity Mara Solene; pieces Velloro Dune Tote',
        "Harbour Linen: How Mara Solene Made Creases Look Deliberate",
    ),
)
SUBTITLE_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        'topic "Harbour Linen"; celebrity Mara Solene; pieces Velloro Dune Tote, Orsk Atelier Fold Coat',
        "From a ferry terminal to a gallery opening, a canvas tote and a soft coat set the pace for spring",
    ),
)

# Every example sentence a prompt shows the writer: the copy check (n-gram overlap) and labelled data use it.
EDITORIAL_EXAMPLE_TEXTS: list[str] = [
    *(example.text for example in PARAGRAPH_EXAMPLES.values()),
    *(line for _, line in TITLE_EXAMPLES),
    *(line for _, line in SUBTITLE_EXAMPLES),
]

# The fictional names the examples use: a draft naming one of them copied the example.
EXAMPLE_NAMES: tuple[str, ...] = ("Harbour Linen", "Mara Solene", "Lumen Nine", "Velloro", "Velloro Dune Tote",
                                  "Orsk Atelier", "Orsk Atelier Fold Coat")  # fmt: skip

# The whole-article JSON example for structured single-call generation (bench local); fictional like the above.
EDITORIAL_EXAMPLE = json.dumps(
    {
        "keyword": "Harbour Linen",
        "title": TITLE_EXAMPLES[0][1],
        "subtitle": SUBTITLE_EXAMPLES[0][1],
        "body_paragraphs": [PARAGRAPH_EXAMPLES[k].text for k in ("background", "looks", "product", "spread")],
        "pull_quotes": ["Fabric that creases on purpose and colour that refuses to shout."],
        "product_mentions": [
            {"name": "Velloro Dune Tote", "brand": "Velloro", "context": "carried at a ferry terminal"}
        ],
        "celeb_mentions": [{"name": "Mara Solene", "context": "ferry terminal, gallery opening"}],
        "hashtags": ["#harbourlinen", "#velloro"],
        "credits": [{"role": "Editor", "name": "Editorial AI"}],
    },
    ensure_ascii=False,
)


def format_feedback(feedback_history: Sequence[FeedbackJson], limit: int = 3) -> str:
    """The most recent feedback as actionable lines (bounded, newest last).

    Every free text (editor notes, judge reasons, suggestions, draft titles) goes through the one prompt
    sanitizer and is quoted as data: a note cannot add role lines, fences or instructions to the prompt.
    """
    if not feedback_history:
        return ""
    lines = ["PREVIOUS REVIEW FEEDBACK -- fix every point below (reviewers' words are quoted):"]
    for entry in feedback_history[-limit:]:
        admin = entry.get("source") == "admin"
        origin = "Editor request" if admin else f"Review of attempt {sanitize_text(str(entry.get('attempt', '?')))}"
        lines.append(f"[{origin}]")
        title = quote_as_data(str(entry.get("draft_title") or ""), label="Draft title", max_chars=120)
        if title:
            lines.append(f"- {title}")
        for criterion in entry.get("failed_criteria", []):
            name = re.sub(r"[^\w]", "", str(criterion.get("criterion") or ""))[:40] or "criterion"
            severity = re.sub(r"[^\w]", "", str(criterion.get("severity") or "major"))[:12]
            label = "Editor's note" if admin else f"{name} ({severity})"
            quoted = quote_as_data(str(criterion.get("reason") or ""), label=label)
            if quoted:
                lines.append(f"- {quoted}")
        for suggestion in entry.get("suggestions", [])[:3]:
            quoted = quote_as_data(str(suggestion), label="Suggestion")
            if quoted:
                lines.append(f"- {quoted}")
    return "\n".join(lines)


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


def build_repair_prompt(raw_text: str, error: str) -> str:
    """Ask the model to fix its own malformed JSON (seed 001 output repair loop)."""
    return (
        "The following output should be a JSON object but is invalid.\n"
        f"Problem: {error}\nOutput:\n{raw_text[:3000]}\n\nReturn only the corrected JSON object:"
    )


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

