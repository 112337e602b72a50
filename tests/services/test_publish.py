"""Publishing: standalone, escaped HTML files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from editorial_ai.services.publish import render_article_html, write_published_article

EVIL = '<script>alert("x")</script> & Co'


def _layout(title: str = "The Jennie Effect") -> dict[str, Any]:
    return {
        "keyword": "Jennie Effect",
        "title": title,
        "design_spec": {"color_palette": {"primary": "#101010", "secondary": "#fafafa", "accent": "#aa0000"}},
        "blocks": [
            {"type": "hero", "image_url": "sample://posts/p1", "overlay_title": title, "overlay_subtitle": EVIL},
            {"type": "body_text", "paragraphs": ["Jennie wore Chanel.", EVIL]},
            {"type": "pull_quote", "quote": "She starts trends."},
            {"type": "image_gallery", "images": [{"url": "https://example.com/a.jpg", "caption": "Jennie"}]},
            {
                "type": "product_showcase",
                "products": [{"name": "22 Bag", "brand": "Chanel", "image_url": "sample://solutions/s1"}],
            },
            {"type": "hashtag_bar", "hashtags": ["#JennieEffect"]},
        ],
    }


def test_standalone_file_is_written_atomically(tmp_path: Path) -> None:
    out_dir = tmp_path / "published" / "nested"
    path = write_published_article(_layout(), out_dir, "content-1")
    assert path == (out_dir / "content-1.html").resolve() and path.is_file()
    assert not list(out_dir.glob("*.tmp"))
    html = path.read_text(encoding="utf-8")
    assert html.lstrip().lower().startswith("<!doctype html>") and html.rstrip().endswith("</html>")
    assert "<title>The Jennie Effect</title>" in html
    assert "Jennie wore Chanel." in html and "She starts trends." in html and "#JennieEffect" in html
    assert "#aa0000" in html


def test_sample_images_become_inline_placeholders_and_real_urls_are_kept(tmp_path: Path) -> None:
    html = write_published_article(_layout(), tmp_path, "c").read_text(encoding="utf-8")
    assert "sample://" not in html
    assert "data:image/svg+xml;base64," in html
    assert 'src="https://example.com/a.jpg"' in html


def test_html_in_titles_and_text_is_escaped(tmp_path: Path) -> None:
    html = write_published_article(_layout(title=EVIL), tmp_path, "c").read_text(encoding="utf-8")
    assert "<script>" not in html
    assert "&lt;script&gt;" in html and "&amp; Co" in html


def test_rewriting_replaces_the_file(tmp_path: Path) -> None:
    write_published_article(_layout("First Title"), tmp_path, "same")
    path = write_published_article(_layout("Second Title"), tmp_path, "same")
    html = path.read_text(encoding="utf-8")
    assert "Second Title" in html and "First Title" not in html


def test_fragment_has_no_page_shell() -> None:
    fragment = render_article_html(_layout(), standalone=False)
    assert "<html" not in fragment and fragment.lstrip().startswith("<article")
