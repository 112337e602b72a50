"""Body text a reader can read, whatever primary colour the design spec chose."""

from __future__ import annotations

from editorial_ai.services.contrast import BODY_TEXT_CONTRAST, contrast_ratio, readable_ink
from editorial_ai.services.publish import render_article_html


def test_a_bright_primary_is_darkened_until_it_reads_and_a_dark_one_is_kept() -> None:
    page = "#f5f1ea"
    assert contrast_ratio("#0d97ff", page) < BODY_TEXT_CONTRAST  # a spec chose it for a published article
    ink = readable_ink("#0d97ff", page)
    assert contrast_ratio(ink, page) >= BODY_TEXT_CONTRAST and ink != "#000000"
    assert readable_ink("#111111", page) == "#111111"
    assert readable_ink("Arial; } body {", page) == "Arial; } body {"  # not a colour: left to the CSS escaping
    # On a dark page the colour is lightened instead.
    assert contrast_ratio(readable_ink("#333333", "#111111"), "#111111") >= BODY_TEXT_CONTRAST


def test_the_page_sets_its_body_text_in_the_readable_ink() -> None:
    layout = {"keyword": "Jennie Effect", "title": "Jennie Effect", "blocks": [
        {"type": "headline", "text": "Jennie Effect", "level": 1},
        {"type": "body_text", "paragraphs": ["Jennie carried the Chanel 22 Bag at the airport."]}],
        "design_spec": {"color_palette": {"primary": "#0d97ff", "secondary": "#f5f1ea", "accent": "#c8102e"}}}
    html = render_article_html(layout)
    assert f"--ea-ink: {readable_ink('#0d97ff', '#f5f1ea')};" in html
    assert "color: var(--ea-ink, var(--ea-primary))" in html
