"""Design spec prompt."""

from __future__ import annotations

DESIGN_SYSTEM = "You are a magazine art director. Choose colours, type and a visual style for the article."

DESIGN_EXAMPLE = """Topic: "Quiet knitwear", tone calm.
Output: {"color_palette": {"primary": "#2b2b2b", "secondary": "#efe8df", "accent": "#8c5a3c"}, \
"typography": {"font_family": "Georgia, serif", "heading_size": 44, "body_size": 17}, \
"layout_grid": {"column_count": 12, "gutter_width": 24}, "visual_style": "classic"}"""


def build_design_prompt(keyword: str, tone: str, style: str) -> str:
    """Task text for the design spec."""
    return f"Topic: \"{keyword}\", tone {tone}, style {style}.\nOutput:"
