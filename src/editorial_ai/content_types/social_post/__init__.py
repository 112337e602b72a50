"""Social posts: three platform-sized captions (Instagram, X, LinkedIn) announcing a published article, checked
against the article and the catalog records it was written from.

The whole type is this package: platforms.py (each platform's length rule), models.py (the draft and the
article's facts), source.py (which article, and its sources), prompts.py and writer.py (one request per
platform; the desk adds hashtags and the link), validators.py and rubric.yaml (the desk's checks, no judge),
state.py (the flow's own state), flow.py (the nodes and the shared review loop), template.html and render.py
(the page), scenarios/ (scripted runs). Importing it registers the type; nothing outside names it.

Run it on a published article by content id or title:
`editorial-ai run CONTENT_ID --content-type social_post --model scripted:social_post_good`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from editorial_ai.pipeline.content_type import ContentType, Flow
from editorial_ai.pipeline.registry import register

if TYPE_CHECKING:
    from editorial_ai.review.rubric import Rubric
    from editorial_ai.services.learning import Fragments

PACKAGE_DIR = Path(__file__).parent


@dataclass(frozen=True)
class SocialPostType(ContentType):
    """Three captions for one published article, reviewed by the desk's checks in the shared loop."""

    def flow(self) -> Flow:
        """social_source -> social_write -> social_review -> (gate | social_fix -> social_review ...)."""
        from editorial_ai.content_types.social_post.flow import social_post_flow

        return social_post_flow()

    def rubric(self) -> Rubric:
        """The package's own rubric.yaml."""
        from editorial_ai.review.rubric import load_rubric_file

        return load_rubric_file(PACKAGE_DIR / "rubric.yaml")

    def prompt_example_texts(self) -> list[str]:
        """The example posts the writer's prompts show."""
        from editorial_ai.content_types.social_post.prompts import EXAMPLE_POSTS

        return list(EXAMPLE_POSTS.values())

    def title_of(self, draft: Mapping[str, Any]) -> str:
        """`Social posts: <the article's title>`."""
        return str(draft.get("title") or draft.get("article_title") or "")

    def render_html(self, draft: Mapping[str, Any], *, standalone: bool = True) -> str:
        """One card per platform (template.html)."""
        from editorial_ai.content_types.social_post.render import render_posts

        return render_posts(draft, standalone=standalone)

    def example_text(self, draft: Mapping[str, Any]) -> str:
        """The captions, one per line, prefixed by their platform."""
        return "\n".join(f"{c.get('platform')}: {c.get('text')}" for c in draft.get("captions") or []
                         if isinstance(c, Mapping))

    def learning_fragments(self) -> Fragments:
        """No learned guidance yet: the desk's findings go into the corrector's prompt directly."""
        return {}

    def note_placeholders(self) -> Sequence[str]:
        """Reviewer notes reach the writer as the revision request, not through a placeholder."""
        return ()


SOCIAL_POST = register(SocialPostType(name="social_post", label="Social posts (Instagram, X, LinkedIn)",
                                      free_text_review=True))
