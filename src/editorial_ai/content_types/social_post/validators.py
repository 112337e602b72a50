"""The desk's checks of the three captions, one per rubric criterion (rubric.yaml), all deterministic: no model
judges a caption. Each finding names the platform, so a correction rewrites only the captions that failed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations

from editorial_ai.content_types.social_post.models import ArticleFacts, SocialPosts
from editorial_ai.content_types.social_post.platforms import BY_NAME, PLATFORMS
from editorial_ai.review.policy import draft_similarity
from editorial_ai.review.text_grounding import ungrounded_spans

HASHTAG = re.compile(r"(?<![\w&])#\w+")
MENTION = re.compile(r"(?<![\w.])@\w+")
URL = re.compile(r"https?://\S+|www\.\S+|\b[\w-]+\.(?:com|net|org|io|co|ly)(?:/\S*)?\b", re.IGNORECASE)
SIMILAR = 0.9  # two captions this alike are one post pasted twice
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
# Words too common to show that a caption is about the article.
_STOP = frozenset({"the", "and", "with", "from", "that", "this", "into", "what", "when", "your", "their", "how",
                   "one", "out", "for", "who", "why", "its", "are", "was", "has", "all", "new"})


@dataclass(frozen=True)
class Finding:
    """One problem: the criterion it fails, the platform whose caption has it, and what to do."""

    check: str
    platform: str
    message: str

    def as_dict(self) -> dict[str, str]:
        """The finding as the review history records it."""
        return {"check": self.check, "platform": self.platform, "message": self.message}


def hashtags_in(text: str) -> list[str]:
    """The hashtags written into a caption's text."""
    return HASHTAG.findall(text)


def _claims_text(text: str) -> str:
    """The caption without hashtags and handles: what it states."""
    return MENTION.sub(" ", HASHTAG.sub(" ", text))


def key_terms(facts: ArticleFacts) -> set[str]:
    """Words that show a caption is about the article: the keyword's and the title's longer words, and the names
    the article features."""
    words = [*_WORD.findall(facts.keyword), *_WORD.findall(facts.title), *(w for n in facts.names
                                                                             for w in _WORD.findall(n))]
    return {w.casefold() for w in words if len(w) >= 4 and w.casefold() not in _STOP}


def _format(posts: SocialPosts) -> list[Finding]:
    found = []
    for platform in PLATFORMS:
        caption = posts.caption(platform.name)
        if caption is None or not caption.text.strip():
            found.append(Finding("format", platform.name, f"no {platform.label} caption: write one"))
    found += [Finding("format", c.platform, f"{c.platform!r} is not a platform of this type: drop it")
              for c in posts.captions if c.platform not in BY_NAME]
    return found


def _length(posts: SocialPosts) -> list[Finding]:
    found = []
    for caption in posts.captions:
        platform = BY_NAME.get(caption.platform)
        if platform is None or not caption.text.strip():
            continue
        total = platform.post_length(caption.text, caption.hashtags, caption.link)
        budget = platform.text_budget(caption.hashtags, caption.link)
        if total > platform.max_chars:
            found.append(Finding("length", platform.name,
                                 f"the {platform.label} post is {total} characters, over the platform's "
                                 f"{platform.max_chars}: cut the text to at most {budget} characters"))
        elif len(caption.text) < platform.min_chars:
            found.append(Finding("length", platform.name,
                                 f"the {platform.label} text is {len(caption.text)} characters, under the desk's "
                                 f"{platform.min_chars}: say more about the article"))
    return found


def _hashtags(posts: SocialPosts) -> list[Finding]:
    found = []
    for caption in posts.captions:
        platform = BY_NAME.get(caption.platform)
        count = len(hashtags_in(caption.text)) + len(caption.hashtags)
        if platform is not None and count > platform.max_hashtags:
            found.append(Finding("hashtags", platform.name,
                                 f"the {platform.label} post carries {count} hashtags, more than "
                                 f"{platform.max_hashtags}: write the text without hashtags"))
    return found


def _links(posts: SocialPosts) -> list[Finding]:
    found = []
    for caption in posts.captions:
        platform = BY_NAME.get(caption.platform)
        written = URL.findall(caption.text)
        if written:
            found.append(Finding("links", caption.platform,
                                 f"the text writes a link ({written[0]}): the desk adds the article's link, write "
                                 "none"))
        elif platform is not None and caption.link and not platform.links:
            found.append(Finding("links", caption.platform, f"{platform.label} captions carry no link"))
        elif platform is not None and platform.links and caption.link != posts.article_url:
            found.append(Finding("links", caption.platform, f"the {platform.label} post must link the article "
                                                            f"({posts.article_url})"))
    return found


def _grounding(posts: SocialPosts, facts: ArticleFacts) -> list[Finding]:
    found = []
    sources = facts.sources()
    for caption in posts.captions:
        unknown = ungrounded_spans(_claims_text(caption.text), sources)
        if unknown:
            found.append(Finding("grounding", caption.platform,
                                 f"not in the article or its sources: {', '.join(unknown[:6])}; leave out a name the "
                                 "article does not give, and write words that are not names in lower case"))
    return found


def _relevance(posts: SocialPosts, facts: ArticleFacts) -> list[Finding]:
    terms = key_terms(facts)
    found = []
    for caption in posts.captions:
        words = {w.casefold() for w in _WORD.findall(caption.text)}
        if caption.text.strip() and terms and not words & terms:
            found.append(Finding("relevance", caption.platform,
                                 f"the caption names nothing of the article: mention {facts.keyword} or who or "
                                 "what it features"))
    return found


def _distinct(posts: SocialPosts) -> list[Finding]:
    found = []
    for first, second in combinations(posts.captions, 2):
        if draft_similarity(first.text.casefold(), second.text.casefold()) >= SIMILAR:
            found.append(Finding("distinct", second.platform,
                                 f"the {second.platform} caption repeats the {first.platform} one: write it for "
                                 "its own platform"))
    return found


def check_posts(posts: SocialPosts, facts: ArticleFacts) -> list[Finding]:
    """Every problem of the captions, in rubric order."""
    return [*_format(posts), *_length(posts), *_hashtags(posts), *_links(posts), *_grounding(posts, facts),
            *_relevance(posts, facts), *_distinct(posts)]
