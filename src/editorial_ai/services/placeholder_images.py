"""Offline placeholder images for `sample://` URLs of the shipped sample catalog.

The sample catalog points at images that do not exist anywhere; published HTML swaps them for a small
inline SVG (a gradient derived from the URL, plus an optional caption) so pages render without network.
"""

from __future__ import annotations

import base64
import hashlib
from html import escape

SAMPLE_SCHEME = "sample://"
_WIDTH, _HEIGHT = 400, 500
_MAX_LABEL = 48


def _colours(url: str) -> tuple[str, str, str]:
    """Two gradient colours and a short element id derived from a hash of `url`."""
    digest = hashlib.sha256(url.encode("utf-8")).digest()
    hue = int.from_bytes(digest[:2], "big") % 360
    second = (hue + 40 + digest[2] % 80) % 360
    start = f"hsl({hue},{45 + digest[3] % 30}%,{55 + digest[4] % 20}%)"
    end = f"hsl({second},{40 + digest[5] % 30}%,{30 + digest[6] % 20}%)"
    return start, end, "g" + digest[7:11].hex()


def placeholder_svg(url: str, label: str = "") -> str:
    """A deterministic SVG (400x500, two-colour gradient keyed by `url`) with `label` as caption.

    The label is shortened to 48 characters and XML-escaped; the same inputs always give the same text.
    """
    start, end, gid = _colours(url)
    text = " ".join(label.split())
    if len(text) > _MAX_LABEL:
        text = text[: _MAX_LABEL - 1].rstrip() + "…"
    caption = (
        f'<text x="50%" y="92%" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" '
        f'font-size="18" fill="#ffffff" fill-opacity="0.9">{escape(text, quote=True)}</text>'
        if text
        else ""
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{_HEIGHT}" '
        f'viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" aria-label="{escape(text, quote=True)}">'
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
