"""The article writer's worked examples (every name fictional): the paragraphs, headlines and whole article its
prompts show.

They sit below the content types because the review compares drafts with them: the originality check of the
article profile (review/profile.py) and the labelled data (evaluation/) read them here; the article's prompts
(content_types/article/writer/) show them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class ParagraphExample:
    """A worked paragraph: the facts it was given and the prose written from them.

    Every name here is fictional and absent from the catalog, so a draft that copies the example names something
    no source holds (the grounding check fails it) or repeats its wording (the originality check fails it).
    """

    kind: str
    facts: tuple[str, ...]
    text: str


# One worked example per paragraph kind of the outline (content_types/article/writer/outline.py builds the real facts).
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
