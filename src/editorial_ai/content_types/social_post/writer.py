"""Writing one platform's caption: the model writes the text, the desk adds the hashtags and the link and cuts a
text over the platform's budget after its last whole sentence that fits."""

from __future__ import annotations

import re

from editorial_ai.content_types.social_post.models import ArticleFacts, Caption
from editorial_ai.content_types.social_post.platforms import Platform
from editorial_ai.content_types.social_post.prompts import SYSTEM, fix_prompt, write_prompt
from editorial_ai.llm.base import LLMClient, LLMRequest

# A label the model puts before the post ("Instagram post:", "**X:**", "Post (revised):"), echoing the prompt.
_LABEL = re.compile(r"^[\s*_#>-]*(?:your\s+)?(?:instagram|x|twitter|linkedin|caption|post)(?:\s+(?:post|caption))?"
                    r"\s*(?:\([^)\n]{0,40}\))?[\s*_]*:[\s*_]*", re.I)
_HASHTAG_LINE = re.compile(r"\s*(?:#\w+\s*)+")
# Tokens the model may spend on a caption of the platform's longest allowed text (about four characters a token).
_TOKENS_PER_CHAR = 0.4


def clean_caption(raw: str) -> str:
    """The model's reply as a caption: without a leading label, hashtag-only lines or quotes around it."""
    text = _LABEL.sub("", raw.strip())
    text = "\n".join(line for line in text.splitlines() if not _HASHTAG_LINE.fullmatch(line))
    text = text.strip().strip("\"“”'").strip()
    text = re.sub(r"[ \t]+", " ", text)
    return re.sub(r"\n{3,}", "\n\n", text)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“])")


def fit_sentences(text: str, budget: int) -> str:
    """`text` cut after its last whole sentence that fits `budget` characters, as a desk editor shortens a post (no
    word is changed); unchanged when it fits, or when not even its first sentence does (the review then says so)."""
    if len(text) <= budget:
        return text
    kept = ""
    for sentence in _SENTENCE_END.split(text):
        longer = f"{kept} {sentence}".strip() if kept else sentence
        if len(longer) > budget:
            break
        kept = longer
    return kept or text


def desk_hashtags(platform: Platform, facts: ArticleFacts) -> list[str]:
    """The article's own hashtags, as many as the platform takes (one from its keyword when it has none)."""
    tags = facts.hashtags or ["#" + re.sub(r"\W", "", facts.keyword.title())]
    return [t for t in tags if len(t) > 1][: platform.max_hashtags]


def desk_link(platform: Platform, facts: ArticleFacts) -> str:
    """The article's address, on the platforms whose posts link."""
    return facts.url if platform.links else ""


def _request(platform: Platform, prompt: str, budget: int, purpose: str, seed: int) -> LLMRequest:
    return LLMRequest(prompt=prompt, system=SYSTEM, purpose=purpose, seed=seed, temperature=0.7,
                      max_tokens=max(64, int(min(budget, 900) * _TOKENS_PER_CHAR) + 32))


async def write_caption(llm: LLMClient, platform: Platform, facts: ArticleFacts, *, editor_note: str = "",
                        seed: int = 0) -> Caption:
    """A fresh caption for `platform`."""
    hashtags, link = desk_hashtags(platform, facts), desk_link(platform, facts)
    budget = platform.text_budget(hashtags, link)
    result = await llm.generate(_request(platform, write_prompt(platform, facts, budget, editor_note), budget,
                                         f"social_{platform.name}", seed))
    text = fit_sentences(clean_caption(result.text), budget)
    return Caption(platform=platform.name, text=text, hashtags=hashtags, link=link)


async def fix_caption(llm: LLMClient, platform: Platform, facts: ArticleFacts, previous: Caption,
                      problems: list[str], *, seed: int = 0) -> Caption:
    """`previous` written again to fix `problems`."""
    budget = platform.text_budget(previous.hashtags, previous.link)
    prompt = fix_prompt(platform, facts, previous.text, problems, budget)
    result = await llm.generate(_request(platform, prompt, budget, "social_fix", seed))
    return previous.model_copy(update={"text": fit_sentences(clean_caption(result.text), budget)})
