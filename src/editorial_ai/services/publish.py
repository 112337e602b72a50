"""Publishing: render a MagazineLayout to a standalone HTML file."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from editorial_ai.models.design_spec import FONT_STACK
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.services.placeholder_images import resolve_image_src

_CSS_SAFE = re.compile(r"^(?:#[0-9a-fA-F]{3,8}|-?[0-9]+(?:\.[0-9]+)?)$")


def css_value(value: object) -> str:
    """A value for a CSS declaration: colours, numbers and font stacks as they are; anything else with every
    character outside letters, digits and spaces written as a CSS escape, so it cannot end the declaration,
    the rule or the style element (`;`, `}`, `<`, quotes, `url(`).

    The models already refuse such values; this keeps a stored or hand-edited layout from escaping either.
    """
    text = str(value)
    if _CSS_SAFE.fullmatch(text) or FONT_STACK.fullmatch(text):
        return text
    return "".join(ch if ch.isascii() and (ch.isalnum() or ch == " ") else f"\\{ord(ch):06x}" for ch in text)


@lru_cache(maxsize=1)
def _env() -> Environment:
    env = Environment(loader=PackageLoader("editorial_ai", "templates"), autoescape=select_autoescape(["html"]))
    env.filters["img"] = resolve_image_src
    env.filters["css"] = css_value
    return env


def render_article_html(layout: dict[str, Any] | MagazineLayout, *, standalone: bool = True) -> str:
    """The article as HTML (a full page, or a fragment for the admin UI)."""
    model = layout if isinstance(layout, MagazineLayout) else MagazineLayout.model_validate(layout)
    template = _env().get_template("article.html" if standalone else "article_fragment.html")
    return template.render(layout=model, spec=model.design_spec)


def write_published_article(layout: dict[str, Any], publish_dir: Path, content_id: str) -> Path:
    """Write the article to `{publish_dir}/{content_id}.html` and return the path."""
    publish_dir.mkdir(parents=True, exist_ok=True)
    path = publish_dir / f"{content_id}.html"
    tmp = path.with_suffix(".html.tmp")
    tmp.write_text(render_article_html(layout), encoding="utf-8")
    tmp.replace(path)  # atomic: a reader never sees half an article
    return path.resolve()
