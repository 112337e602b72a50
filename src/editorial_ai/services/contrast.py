"""Text colours a reader can read: the design spec's primary colour is the body text's, and a model-chosen
primary can be a bright blue (#0d97ff on the #f5f1ea page measured 2.7:1; the web's guideline for body text is
4.5:1). The colour keeps its hue and is darkened, or lightened on a dark page, until it reads."""

from __future__ import annotations

import re

BODY_TEXT_CONTRAST = 4.5  # WCAG 2 AA for body text
_STEPS = 20  # mixes tried toward black or white, 5% each
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def _channels(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _luminance(rgb: tuple[int, int, int]) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: str, second: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours (1 to 21)."""
    a, b = sorted((_luminance(_channels(first)), _luminance(_channels(second))), reverse=True)
    return (a + 0.05) / (b + 0.05)


def readable_ink(colour: str, background: str, minimum: float = BODY_TEXT_CONTRAST) -> str:
    """`colour` as it is when it reads on `background` at `minimum` contrast, else mixed toward black (on a light
    page) or white (on a dark one) in 5% steps until it does. A value that is not #rrggbb (a stored or hand-edited
    layout can hold anything) is given back as it is, for the page's CSS escaping to deal with."""
    if not (_HEX.fullmatch(str(colour)) and _HEX.fullmatch(str(background))):
        return colour
    if contrast_ratio(colour, background) >= minimum:
        return colour
    target = 0 if _luminance(_channels(background)) > 0.18 else 255
    rgb = _channels(colour)
    for step in range(1, _STEPS + 1):
        share = step / _STEPS
        mixed = tuple(round(c + (target - c) * share) for c in rgb)
        candidate = "#{:02x}{:02x}{:02x}".format(*mixed)
        if contrast_ratio(candidate, background) >= minimum:
            return candidate
    return "#000000" if target == 0 else "#ffffff"
