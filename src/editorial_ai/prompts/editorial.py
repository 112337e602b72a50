"""Editorial prompts: article generation with feedback injected before the instructions."""

from __future__ import annotations

from typing import Any

EDITORIAL_SYSTEM = (
    "You are a senior fashion magazine editor. Write a feature article in English using ONLY the celebrities, "
    "brands and products listed in the source material. Never invent names."
)

_EXAMPLE_TEMPLATE = (
    'Source material: topic "{topic}"; celebrities: {celeb}; products: {product}.\n'
    'Article: {{"keyword": "{topic}", "title": "{celeb} and the New Everyday Uniform", '
    '"subtitle": "Why one look travelled from the street to every feed", '
    '"body_paragraphs": ["{celeb} stepped out wearing the {product}, and within a week the piece was '
    'everywhere.", "The appeal is easy comfort with a polished finish, which is why the look keeps '
    'spreading."], "pull_quotes": ["Comfort became the statement."], '
    '"product_mentions": [{{"name": "{product}", "brand": "{brand}", "context": "worn on the street"}}], '
    '"celeb_mentions": [{{"name": "{celeb}", "context": "street style"}}], "hashtags": ["#streetstyle"], '
    '"credits": [{{"role": "Editor", "name": "Editorial AI"}}]}}'
)


def build_editorial_example(topic: str, celeb: str, product: str, brand: str) -> str:
    """A worked example built from names that exist in this run's sources.

    Small models copy their examples; copying grounded names is harmless, copying invented ones is not.
    """
    return _EXAMPLE_TEMPLATE.format(topic=topic, celeb=celeb, product=product, brand=brand)


EDITORIAL_EXAMPLE = build_editorial_example("Quiet knitwear", "Ana Lim", "Brand A Knit Cardigan", "Brand A")


def format_feedback(feedback_history: list[dict[str, Any]], limit: int = 3) -> str:
    """The most recent feedback as actionable lines (bounded, newest last)."""
    if not feedback_history:
        return ""
    lines = ["PREVIOUS REVIEW FEEDBACK -- fix every point below:"]
    for entry in feedback_history[-limit:]:
        origin = (
            "Editor request" if entry.get("source") == "admin" else f"Review of attempt {entry.get('attempt', '?')}"
        )
        title = entry.get("draft_title")
        lines.append(f"[{origin}{f' -- draft titled {title!r}' if title else ''}]")
        for criterion in entry.get("failed_criteria", []):
            lines.append(
                f"- {criterion.get('criterion')} ({criterion.get('severity', 'major')}): {criterion.get('reason')}"
            )
        for suggestion in entry.get("suggestions", [])[:3]:
            lines.append(f"- suggestion: {suggestion}")
    return "\n".join(lines)


def build_editorial_prompt(
    *,
    keyword: str,
    sources_text: str,
    rubric_text: str,
    tone: str,
    feedback_history: list[dict[str, Any]],
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
    parts.append(f'Tone: {tone}.\nSource material: topic "{keyword}"; {sources_text}\nArticle:')
    return "\n\n".join(parts)


def build_repair_prompt(raw_text: str, error: str) -> str:
    """Ask the model to fix its own malformed JSON (seed 001 output repair loop)."""
    return (
        "The following output should be a JSON object but is invalid.\n"
        f"Problem: {error}\nOutput:\n{raw_text[:3000]}\n\nReturn only the corrected JSON object:"
    )
