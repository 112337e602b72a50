"""The writer's and the corrector's prompts. Each platform gets its own request: the article's facts, the
platform's length rule and voice, and one example on a fictional article (its names are in no catalog, so a
caption that copies it fails the grounding check)."""

from __future__ import annotations

from editorial_ai.content_types.social_post.models import ArticleFacts
from editorial_ai.content_types.social_post.platforms import Platform
from editorial_ai.prompts.sanitize import quote_as_data

SYSTEM = (
    "You write the social media posts that announce a fashion magazine's published article. Use only what the "
    "article says: never add a name, brand, place, price, date or number it does not give. Say it in your own "
    "words, in sentence case (capitals only for names), without copying the article's sentences. Write plain "
    "text in English: no hashtags, no links, no quotation marks around the post, no list, no emoji. Reply with "
    "the post only."
)

# One example per platform, on a fictional article ("The Noor Vale Coat Moment"); its names are in no catalog.
EXAMPLE_POSTS: dict[str, str] = {
    "instagram": (
        "Noor Vale wore the Studio Kestrel wrap coat open over a plain knit, and the street-style photos did the "
        "rest. Our new story follows the coat from the runway to the school run, and why one relaxed shape "
        "keeps selling out."
    ),
    "x": "One open coat, a plain knit and a sold-out season: how Noor Vale made the Studio Kestrel wrap coat "
         "the piece to copy.",
    "linkedin": (
        "Noor Vale's Studio Kestrel wrap coat sold out within a week of her street-style photos. Our new story "
        "looks at why: a relaxed shape that works with what readers already own, seen in enough settings to "
        "feel wearable. For labels it is a reminder that range and ease, not a price tag, drive the copying."
    ),
}
MAX_FACT_CHARS = 1400


def facts_text(facts: ArticleFacts) -> str:
    """The article as the writer reads it: the title, the featured names and the paragraphs, bounded."""
    lines = [f"Title: {facts.title}", f"Subject: {facts.keyword}"]
    if facts.names:
        lines.append("Featured: " + "; ".join(facts.names[:8]))
    body = " ".join(facts.paragraphs)
    if len(body) > MAX_FACT_CHARS:
        body = body[:MAX_FACT_CHARS].rsplit(" ", 1)[0] + " ..."
    lines.append(f"Article: {body}")
    return "\n".join(lines)


def write_prompt(platform: Platform, facts: ArticleFacts, budget: int, editor_note: str = "") -> str:
    """The request for one platform's post."""
    note = quote_as_data(editor_note) if editor_note else ""
    return "\n\n".join(part for part in (
        facts_text(facts),
        f"Example {platform.label} post for another article (copy its form, never its names):\n"
        f"{EXAMPLE_POSTS[platform.name]}",
        note,
        f"Write the {platform.label} post for the article above: {platform.style}. Between "
        f"{platform.min_chars} and {budget} characters.",
    ) if part)


def fix_prompt(platform: Platform, facts: ArticleFacts, previous: str, problems: list[str], budget: int) -> str:
    """The request to rewrite one platform's post so that it fixes what the review found."""
    found = "\n".join(f"- {quote_as_data(p, label='Problem')}" for p in problems) or "- it failed the review"
    return "\n\n".join((
        facts_text(facts),
        f"Your {platform.label} post:\n{quote_as_data(previous, label='Post', max_chars=3000)}",
        f"The review found:\n{found}",
        f"Write the {platform.label} post again so that it fixes these problems: {platform.style}. Between "
        f"{platform.min_chars} and {budget} characters; only names the article gives.",
    ))
