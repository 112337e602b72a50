"""Design specification of an article (seed 001 section 3.2)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

VisualStyle = Literal["modern", "classic", "playful", "minimal", "bold"]


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
