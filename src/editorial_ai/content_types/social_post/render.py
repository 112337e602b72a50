"""The posts as HTML, from template.html: a page (published file) or a fragment (admin UI)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from editorial_ai.content_types.social_post.models import SocialPosts
from editorial_ai.content_types.social_post.platforms import BY_NAME


@cache
def _template() -> jinja2.Template:
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(__file__).parent), autoescape=True)
    return environment.get_template("template.html")


def render_posts(draft: Mapping[str, Any], *, standalone: bool = True) -> str:
    """One card per platform: the text, the hashtags and link the desk adds, and the length against the limit."""
    posts = SocialPosts.model_validate(dict(draft))
    cards = []
    for caption in posts.captions:
        platform = BY_NAME.get(caption.platform)
        cards.append({
            "platform": caption.platform, "label": platform.label if platform else caption.platform,
            "text": caption.text, "hashtags": caption.hashtags, "link": caption.link,
            "length": platform.post_length(caption.text, caption.hashtags, caption.link) if platform else 0,
            "limit": platform.max_chars if platform else 0,
        })
    return _template().render(posts=posts, cards_list=cards, standalone=standalone)
