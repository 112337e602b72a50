"""Offline placeholder images for `sample://` URLs of the shipped sample catalog.

The sample catalog points at images that do not exist anywhere; published HTML swaps them for a small
inline SVG (a gradient derived from the URL, plus an optional caption) so pages render without network.
A caption is wrapped and centred so no crop of the picture and no width of the page cuts it off.
"""

from __future__ import annotations

import base64
import hashlib
from html import escape

SAMPLE_SCHEME = "sample://"
# Square, so a square card shows all of it; the label sits in the middle third, which survives any crop the
# page's `object-fit: cover` makes (a wide hero keeps the middle band, a 4:5 figure the middle 80%).
_SIZE = 480
_FONT_PX = 26
_LINE_CHARS = 20  # at 26 px a line of 20 characters is about 290 px wide: inside the middle 2/3 of 480 px
_MAX_LINES = 3


def _colours(url: str) -> tuple[str, str, str]:
    """Two gradient colours and a short element id derived from a hash of `url`."""
    digest = hashlib.sha256(url.encode("utf-8")).digest()
    hue = int.from_bytes(digest[:2], "big") % 360
    second = (hue + 40 + digest[2] % 80) % 360
    start = f"hsl({hue},{45 + digest[3] % 30}%,{55 + digest[4] % 20}%)"
    end = f"hsl({second},{40 + digest[5] % 30}%,{30 + digest[6] % 20}%)"
    return start, end, "g" + digest[7:11].hex()


def label_lines(label: str) -> list[str]:
    """`label` wrapped to at most three lines of 20 characters; an ellipsis marks what did not fit."""
    words = " ".join(label.split()).split(" ") if label.strip() else []
    lines: list[str] = []
    for word in words:
        while len(word) > _LINE_CHARS:  # a single overlong word is cut, never left to overflow
            lines.append(word[: _LINE_CHARS - 1] + "-")
            word = word[_LINE_CHARS - 1 :]
        if lines and len(lines[-1]) + 1 + len(word) <= _LINE_CHARS:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) > _MAX_LINES:
        last = lines[_MAX_LINES - 1]
        lines = [*lines[: _MAX_LINES - 1], (last[: _LINE_CHARS - 1].rstrip() + "…")]
    return lines


def placeholder_svg(url: str, label: str = "") -> str:
    """A deterministic square SVG (two-colour gradient keyed by `url`) with `label` centred in at most three
    lines; the text is XML-escaped and the same inputs always give the same picture."""
    start, end, gid = _colours(url)
    lines = label_lines(label)
    line_height = _FONT_PX * 1.25
    first_y = _SIZE / 2 - line_height * (len(lines) - 1) / 2
    spans = "".join(
        f'<tspan x="50%" y="{first_y + i * line_height:.1f}">{escape(line, quote=True)}</tspan>'
        for i, line in enumerate(lines)
    )
    caption = (
        f'<text text-anchor="middle" dominant-baseline="middle" font-family="Helvetica, Arial, sans-serif" '
        f'font-size="{_FONT_PX}" font-weight="600" fill="#ffffff" fill-opacity="0.92">{spans}</text>'
        if lines
        else ""
    )
    shown = " ".join(lines)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_SIZE}" height="{_SIZE}" '
        f'viewBox="0 0 {_SIZE} {_SIZE}" role="img" aria-label="{escape(shown, quote=True)}">'
        f'<defs><linearGradient id="{gid}" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="{start}"/><stop offset="1" stop-color="{end}"/>'
        f"</linearGradient></defs>"
        f'<rect width="100%" height="100%" fill="url(#{gid})"/>{caption}</svg>'
    )


def resolve_image_src(url: str, label: str = "") -> str:
    """An `<img src>` value: a base64 SVG data URI for `sample://` URLs, any other URL unchanged."""
    if not url.startswith(SAMPLE_SCHEME):
        return url
    encoded = base64.b64encode(placeholder_svg(url, label).encode("utf-8")).decode("ascii")
    return f"data:image/svg+xml;base64,{encoded}"
