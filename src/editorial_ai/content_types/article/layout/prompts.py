"""Prompts of the vision-led layout: the design image and reading its block structure back."""

from __future__ import annotations

from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.layout import BLOCK_TYPES

BLOCK_GUIDE = {
    "hero": "full-width cover image with the title laid over it",
    "headline": "a large heading line",
    "body_text": "a column of running text (paragraphs)",
    "image_gallery": "several photos together (grid, carousel strip or masonry)",
    "pull_quote": "one quotation set large, often between rules",
    "product_showcase": "a row of product cards (photo, brand, name)",
    "celeb_feature": "portrait cards of people with a short caption",
    "divider": "a thin horizontal rule or ornament separating sections",
    "hashtag_bar": "a strip of #hashtags",
    "credits": "small print listing editor / photographer credits",
}

LAYOUT_PARSE_SYSTEM = (
    "You are a magazine production editor. You read page designs and describe their structure precisely."
)


def build_layout_image_prompt(title: str, subtitle: str, design: DesignSpec, *, has_products: bool = True,
                              has_celebs: bool = True) -> str:
    """Ask the image model for one tall magazine article page showing its sections clearly."""
    palette = design.color_palette
    sections = ["a hero cover image with the title over it", "a headline", "two or more columns of body text",
                "a pull quote", "a photo gallery"]
    if has_celebs:
        sections.append("celebrity portrait cards")
    if has_products:
        sections.append("a row of product cards")
    sections += ["a hashtag strip", "small credits at the bottom"]
    return (
        "Design a single tall page of a fashion magazine article, as a clean editorial layout mock-up seen "
        "straight on (no perspective, no hands, no device frame). Sections must be clearly separated from top "
        "to bottom so the page structure is easy to read.\n"
        f'Title: "{title}"\n'
        + (f'Subtitle: "{subtitle}"\n' if subtitle else "")
        + f"Visual style: {design.visual_style}. Colours: primary {palette.primary}, secondary {palette.secondary}, "
        f"accent {palette.accent}. Typeface in the spirit of {design.typography.font_family}; "
        f"{design.layout_grid.column_count}-column grid.\n"
        f"Include, in an order that suits the style: {', '.join(sections)}. Thin dividers may separate sections. "
        "Body text may be greeked placeholder lines."
    )


def build_layout_parse_prompt() -> str:
    """Ask the vision model for the page's blocks, top to bottom, in the blueprint schema."""
    guide = "\n".join(f"- {name}: {BLOCK_GUIDE[name]}" for name in BLOCK_TYPES)
    return (
        "The image is a magazine article page design. List its content blocks from top to bottom, one entry per "
        "block, using only these block types:\n"
        f"{guide}\n"
        "Rules: list each separate text column or text section as its own body_text; give image_gallery a "
        "layout_style of grid, carousel or masonry when you can tell; ignore navigation bars, logos and page "
        "numbers; do not invent blocks that are not visible."
    )
