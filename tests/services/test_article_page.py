"""The published article as a magazine page: typography, byline and date, only the people it is about."""

from __future__ import annotations

import html as html_lib
import re
from datetime import UTC, datetime
from typing import Any

from editorial_ai.services.publish import ArticleMeta, render_article_html
from editorial_ai.services.typography import smarten, strip_wrapping_quotes


def _layout(**extra_blocks: Any) -> dict[str, Any]:
    return {
        "keyword": "Jennie Effect",
        "title": "The Jennie Effect -- Airport Edition",
        "blocks": [
            {
                "type": "hero",
                "image_url": "sample://posts/p1",
                "overlay_title": "The Jennie Effect -- Airport Edition",
                "overlay_subtitle": 'How one "bag" moves a market',
            },
            {"type": "headline", "text": "The Jennie Effect -- Airport Edition", "level": 1},
            {
                "type": "body_text",
                "paragraphs": ["Jennie's bag -- the Chanel 22 -- sold out.", 'Fans called it "the look.'],
            },
            {"type": "pull_quote", "quote": '"One bag, one photo, one trend."'},
            {
                "type": "image_gallery",
                "images": [
                    {"url": "sample://posts/p1", "caption": "Jennie -- airport look"},
                    {"url": "sample://posts/p2", "caption": "Lisa -- stage outfit"},
                ],
            },
            {
                "type": "celeb_feature",
                "celebs": [
                    {"name": "Jennie", "description": "BLACKPINK"},
                    {"name": "Lisa", "description": "BLACKPINK"},
                ],
            },
            {
                "type": "product_showcase",
                "products": [
                    {"product_id": "s1", "name": "22 Bag", "brand": "Chanel", "description": "Soft quilted leather"}
                ],
            },
            {"type": "credits", "entries": [{"role": "Writer", "name": "Ha-eun Cho"}]},
        ],
    }


def _visible_text(html: str) -> str:
    body = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def test_dashes_and_quotes_are_typographic() -> None:
    assert smarten("a -- b") == "a—b" and smarten("a--b") == "a—b"
    assert smarten('She said "yes" and it\'s done') == "She said “yes” and it’s done"
    assert smarten('Fans called it "the look.') == "Fans called it the look."  # a stray quote goes
    assert strip_wrapping_quotes('"One bag."') == "One bag."
    text = _visible_text(render_article_html(_layout()))
    assert "--" not in text and '"' not in text and "'" not in text
    assert "The Jennie Effect—Airport Edition" in text and "Jennie’s bag—the Chanel 22—sold out." in text
    assert "“One bag, one photo, one trend.”" in text and "““" not in text


def test_only_the_people_the_article_names_are_shown() -> None:
    html = render_article_html(_layout())
    text = _visible_text(html)
    assert "Jennie airport look" in text and "Lisa" not in text  # Lisa's post and card are not this story's


def test_byline_date_reading_time_and_approver() -> None:
    meta = ArticleMeta(published_at=datetime(2026, 11, 23, 9, 30, tzinfo=UTC), approved_by="Mina Park",
                       publication="Seoul Style Weekly")
    text = _visible_text(render_article_html(_layout(), meta=meta))
    assert "By the Seoul Style Weekly desk" in text and "November 23, 2026" in text and "1 min read" in text
    assert "Drafted with a language model" in text and "approved by Mina Park of Seoul Style Weekly" in text
    assert "Preview of a draft" not in text
    # The model's own author credit is not a byline, nor a footer line: nobody checked that name.
    assert "Ha-eun Cho" not in text and text.endswith("Seoul Style Weekly")


def test_a_configured_author_signs_and_the_shared_admin_key_names_nobody() -> None:
    meta = ArticleMeta(approved_by="admin", publication="Seoul Style Weekly", author="Mina Park")
    text = _visible_text(render_article_html(_layout(), meta=meta))
    assert "By Mina Park" in text and "approved by an editor of Seoul Style Weekly" in text
    assert "admin" not in text.lower()


def test_product_cards_carry_brand_and_where_the_product_was_seen() -> None:
    sources = [
        {
            "artist_name": "Jennie",
            "context": "Incheon airport, March",
            "solutions": [{"solution_id": "s1", "title": "22 Bag", "brand": "Chanel"}],
        }
    ]
    text = _visible_text(render_article_html(_layout(), sources=sources))
    assert "Chanel 22 Bag Soft quilted leather Seen on Jennie: Incheon airport, March" in text


def test_the_title_appears_once_as_the_page_heading() -> None:
    html = render_article_html(_layout())
    assert len(re.findall(r"<h1", html)) == 1 and 'class="ea-subhead"' not in html


def test_preview_banner_names_the_status() -> None:
    text = _visible_text(render_article_html(_layout(), meta=ArticleMeta(preview_status="escalated")))
    assert "Preview of a draft" in text and "not published" in text and "escalated" in text


def test_a_passing_mention_does_not_put_someone_in_the_gallery() -> None:
    layout = _layout()
    layout["blocks"][2]["paragraphs"].append("Lisa wore something else that week.")
    layout["blocks"][5]["celebs"] = [{"name": "Jennie", "description": "BLACKPINK"}]  # the article features Jennie
    text = _visible_text(render_article_html(layout))
    assert "Lisa" in text  # named in the text...
    assert "Lisa stage outfit" not in text and "Jennie airport look" in text  # ...but not featured in pictures
