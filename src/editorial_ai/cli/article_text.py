"""A stored draft printed as plain text for `contents show`: the article as a reader sees it, not its JSON.

One line per paragraph: the terminal wraps them to its own width (lines indented by four spaces are quotes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from editorial_ai.services.typography import smarten, strip_wrapping_quotes

if TYPE_CHECKING:
    from editorial_ai.models.content_record import ContentRecord

QUOTE_INDENT = "    "


def _wrap(text: str, indent: str = "") -> list[str]:
    return [indent + " ".join(smarten(text).split())]


def article_lines(layout: dict[str, Any]) -> list[str]:
    """A MagazineLayout's blocks as text lines: title, standfirst, paragraphs, quotes, products, people, tags."""
    lines = [smarten(str(layout.get("title") or "(untitled)")).upper(), ""]
    for block in layout.get("blocks") or []:
        kind = block.get("type")
        if kind == "hero" and block.get("overlay_subtitle"):
            lines += [*_wrap(block["overlay_subtitle"]), ""]
        elif kind == "headline" and block.get("text") and block["text"] != layout.get("title"):
            lines += [smarten(block["text"]), ""]
        elif kind == "body_text":
            for paragraph in block.get("paragraphs") or []:
                lines += [*_wrap(paragraph), ""]
        elif kind == "pull_quote" and block.get("quote"):
            quote = f"“{strip_wrapping_quotes(block['quote'])}”"
            lines += _wrap(quote, QUOTE_INDENT)
            if block.get("attribution"):
                lines.append(f"{QUOTE_INDENT}— {smarten(block['attribution'])}")
            lines.append("")
        elif kind == "product_showcase" and block.get("products"):
            lines.append("Products:")
            for product in block["products"]:
                brand, title = str(product.get("brand") or ""), str(product.get("name") or "")
                # "Chanel Tweed Jacket" already names its brand: not "Chanel Chanel Tweed Jacket".
                name = title if brand and title.casefold().startswith(brand.casefold()) else f"{brand} {title}".strip()
                detail = f": {smarten(product['description'])}" if product.get("description") else ""
                lines += _wrap(f"- {name}{detail}", "")
            lines.append("")
        elif kind == "celeb_feature" and block.get("celebs"):
            lines.append("Featuring: " + ", ".join(c.get("name", "") for c in block["celebs"]))
            lines.append("")
        elif kind == "hashtag_bar" and block.get("hashtags"):
            lines += [" ".join(block["hashtags"]), ""]
    return lines


def exam_item_lines(item: dict[str, Any]) -> list[str]:
    """An exam item as text: vignette, stem, lettered options with the keyed answer marked, explanation."""
    lines = [*_wrap(str(item.get("vignette") or "")), "", *_wrap(str(item.get("stem") or "")), ""]
    for letter, option in zip("ABCDE", item.get("options") or [], strict=False):
        mark = "  (answer)" if option.get("is_correct") else ""
        lines += _wrap(f"{letter}. {option.get('text', '')}{mark}")
    if item.get("explanation"):
        lines += ["", *_wrap(str(item["explanation"]))]
    return lines


def content_text(item: ContentRecord) -> str:
    """The stored draft of a content row as text."""
    layout = item.layout_json
    lines = exam_item_lines(layout) if item.content_type == "exam_item" else article_lines(layout)
    return "\n".join(lines).rstrip() + "\n"
