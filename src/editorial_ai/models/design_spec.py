"""Design specification of an article (seed 001 section 3.2)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field, field_validator

VisualStyle = Literal["modern", "classic", "playful", "minimal", "bold"]

# Font names as CSS allows them without escapes: words, or a quoted name; up to six in a stack. Anything else
# (`;`, braces, `url(`, `<`, slashes, unbalanced quotes) could end the declaration it is rendered into.
_FAMILY = r"""(?:[A-Za-z][A-Za-z0-9 _-]{0,40}|'[A-Za-z0-9 _-]{1,40}'|"[A-Za-z0-9 _-]{1,40}")"""
FONT_STACK = re.compile(rf"^{_FAMILY}(?:\s*,\s*{_FAMILY}){{0,5}}$")


class ColorPalette(BaseModel):
    """Three hex colours."""

    primary: str = Field("#111111", pattern=r"^#[0-9a-fA-F]{6}$")
    secondary: str = Field("#f5f1ea", pattern=r"^#[0-9a-fA-F]{6}$")
    accent: str = Field("#c8102e", pattern=r"^#[0-9a-fA-F]{6}$")


class Typography(BaseModel):
    """Font family and base sizes in px."""

    font_family: str = Field("Georgia, serif", max_length=80)
    heading_size: int = Field(40, ge=16, le=96)
    body_size: int = Field(17, ge=12, le=24)

    @field_validator("font_family")
    @classmethod
    def _font_stack(cls, value: str) -> str:
        value = value.strip()
        if not FONT_STACK.fullmatch(value):
            raise ValueError("font_family must be a comma-separated list of font names (letters, digits, spaces, "
                             "- and _, optionally quoted), e.g. 'Playfair Display', Georgia, serif")
        return value


class LayoutGrid(BaseModel):
    """Column grid of the page."""

    column_count: int = Field(12, ge=1, le=16)
    gutter_width: int = Field(24, ge=0, le=64)


class DesignSpec(BaseModel):
    """Visual direction for the layout planner and renderer."""

    color_palette: ColorPalette = Field(default_factory=ColorPalette)
    typography: Typography = Field(default_factory=Typography)
    layout_grid: LayoutGrid = Field(default_factory=LayoutGrid)
    visual_style: VisualStyle = "modern"


def default_design_spec() -> DesignSpec:
    """The fallback template used whenever design generation fails."""
    return DesignSpec()
