"""The three platforms and their rules: how long a post may be, how many hashtags it carries, whether it links.

Hard limits are the platforms' own (Instagram cuts a caption at 2,200 characters, X a post at 280 with any link
counted as 23, LinkedIn a post at 3,000); the floors and the hashtag counts are the desk's house style, so a
caption says something about the article rather than only pointing at it.
"""

from __future__ import annotations

from dataclasses import dataclass

# X shortens every link to t.co and counts it as this many characters, whatever its length.
X_LINK_CHARS = 23


@dataclass(frozen=True)
class Platform:
    """One platform's length rule and conventions."""

    name: str  # the key in drafts, purposes and scenarios
    label: str
    min_chars: int  # house floor for the written text
    max_chars: int  # the platform's limit for the whole post (text, hashtags and link)
    max_hashtags: int
    links: bool  # whether the post carries the article's link (Instagram captions do not link)
    style: str  # what the writer is told about the platform's voice

    def post_length(self, text: str, hashtags: list[str], link: str) -> int:
        """How long the platform counts the post: the text, a space and each hashtag, a space and the link."""
        length = len(text) + sum(len(tag) + 1 for tag in hashtags)
        if self.links and link:
            length += 1 + (X_LINK_CHARS if self.name == "x" else len(link))
        return length

    def text_budget(self, hashtags: list[str], link: str) -> int:
        """The most characters the written text may have beside these hashtags and this link."""
        return self.max_chars - self.post_length("", hashtags, link)


INSTAGRAM = Platform("instagram", "Instagram", min_chars=80, max_chars=2200, max_hashtags=5, links=False,
                     style="warm and visual: open on the look, two to four short sentences, no link")
X = Platform("x", "X", min_chars=40, max_chars=280, max_hashtags=2, links=True,
             style="one or two punchy sentences with the article's main point")
LINKEDIN = Platform("linkedin", "LinkedIn", min_chars=150, max_chars=3000, max_hashtags=3, links=True,
                    style="professional: the trend and why it matters to the fashion business, three to five "
                          "sentences")
PLATFORMS: tuple[Platform, ...] = (INSTAGRAM, X, LINKEDIN)
BY_NAME = {p.name: p for p in PLATFORMS}
