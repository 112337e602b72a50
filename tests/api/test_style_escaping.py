"""Style values from models (fonts, colours) cannot break out of CSS: refused by the models, escaped on render."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from editorial_ai.models.design_spec import ColorPalette, DesignSpec, Typography
from editorial_ai.models.layout import BodyTextBlock, MagazineLayout
from editorial_ai.services.publish import css_value, render_article_html, write_published_article

from .helpers import post_form, wait_until_stopped

PAYLOADS = ["Arial; } body { background:url(//evil) } /*", '"><script>alert(1)</script>']


def _assert_inert(html: str) -> None:
    assert "url(//evil)" not in html and "} body {" not in html and "<script>" not in html


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_models_refuse_css_payloads(payload: str) -> None:
    with pytest.raises(ValidationError, match="font_family"):
        Typography(font_family=payload)
    with pytest.raises(ValidationError):
        ColorPalette(primary=payload)
    with pytest.raises(ValidationError):
        MagazineLayout.model_validate({"keyword": "k", "title": "t",
                                       "design_spec": {"typography": {"font_family": payload}}})


def test_real_font_stacks_are_kept() -> None:
    for stack in ("Georgia, serif", "'Playfair Display', Georgia, serif", '"Helvetica Neue", Arial, sans-serif'):
        assert Typography(font_family=stack).font_family == stack
        assert css_value(stack) == stack


def _unchecked_layout(payload: str) -> MagazineLayout:
    """A layout that skipped validation (hand-edited, or stored before the check existed)."""
    spec = DesignSpec.model_construct(
        typography=Typography.model_construct(font_family=payload, heading_size=40, body_size=17),
        color_palette=ColorPalette.model_construct(primary=payload, secondary="#ffffff", accent=payload))
    return MagazineLayout.model_construct(keyword="k", title="Title", metadata=[], design_spec=spec,
                                          blocks=[BodyTextBlock(paragraphs=["Body."])])


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_published_page_escapes_what_slipped_past_the_models(payload: str, tmp_path: Path) -> None:
    layout = _unchecked_layout(payload)
    for standalone in (True, False):
        _assert_inert(render_article_html(layout, standalone=standalone))
    with pytest.raises(ValidationError):  # a stored dict is validated, and refused, before it is written
        write_published_article(layout.model_dump(mode="json", warnings=False), tmp_path, "c1")


async def test_the_admin_page_shows_a_stored_payload_inertly(client_for: Callable[..., Any]) -> None:
    async with client_for() as (app, client):
        response = await post_form(client, "/admin/runs", {"seed_keyword": "Jennie Effect", "model": "scripted:happy"})
        status = await wait_until_stopped(client, response.headers["location"].rsplit("/", 1)[-1])
        contents = app.state.pipeline.deps.contents
        item = await contents.get(status["content_id"])
        layout = item.model_dump()["layout_json"]  # a copy: the record itself is frozen
        for payload in PAYLOADS:
            layout["design_spec"]["typography"]["font_family"] = payload
            await contents.upsert_pending(thread_id=item.thread_id, attempt=99, status="pending",
                                          title=item.title, keyword="k", content_type="fashion_magazine",
                                          layout=layout, review=item.review_json, flags=[])
            html = (await client.get(f"/admin/contents/{status['content_id']}")).text
            _assert_inert(html)
            assert "cannot be rendered" in html
