"""Product spec prompts (seed 003): categorizer, extraction and the supervisor's correction request.

Templates carry seed 003's placeholders: `{{CATEGORIZER_REVIEW}}`, `{{EXTRACTION_REVIEW}}`,
`{{SUPERVISOR_REVIEW}}` (guidance learned from human reviews) and `{{EXAMPLE_ITEM}}` (the latest approved spec
of the same category, or the static example below). services/learning.py fills them; an unfilled placeholder
becomes "". Pure functions, no I/O.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from editorial_ai.content_types.product_spec.models import PRODUCT_CATEGORIES
from editorial_ai.prompts.sanitize import quote_as_data

CATEGORIZER_PLACEHOLDER = "{{CATEGORIZER_REVIEW}}"
EXTRACTION_PLACEHOLDER = "{{EXTRACTION_REVIEW}}"
SUPERVISOR_PLACEHOLDER = "{{SUPERVISOR_REVIEW}}"
EXAMPLE_PLACEHOLDER = "{{EXAMPLE_ITEM}}"

# A fictional product: a small model copies its example, and a copied value must be visibly foreign.
STATIC_EXAMPLE_DESCRIPTION = (
    "The Harrow & Finch Canvas Tote is an invented tote in sand cotton canvas with a magnetic snap. "
    "It measures 38 x 30 x 12 cm and weighs 410 g."
)
STATIC_EXAMPLE_SPEC: dict[str, Any] = {
    "name": "Harrow & Finch Canvas Tote",
    "brand": "Harrow & Finch",
    "category": "bag",
    "dimensions": [
        {"name": "width", "value": 38, "unit": "cm"},
        {"name": "height", "value": 30, "unit": "cm"},
        {"name": "depth", "value": 12, "unit": "cm"},
        {"name": "weight", "value": 410, "unit": "g"},
    ],
    "materials": ["cotton canvas"],
    "colors": ["sand"],
    "attributes": {"closure": "magnetic snap"},
}


def prompt_json(data: Any) -> str:
    """Compact JSON with sorted keys and no `}}` (which would read as a template marker; "} }" is the same JSON)."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    while "}}" in text:
        text = text.replace("}}", "} }")
    return text


STATIC_EXAMPLE = f"Description: {STATIC_EXAMPLE_DESCRIPTION}\nSpec: {prompt_json(STATIC_EXAMPLE_SPEC)}"

CATEGORIZER_SYSTEM = (
    "You sort fashion products into one category: " + ", ".join(PRODUCT_CATEGORIES) + ". Answer with the category only."
)
CATEGORIZER_TEMPLATE = """{{CATEGORIZER_REVIEW}}
Description: The Harrow & Finch Canvas Tote is an invented tote in sand cotton canvas.
Category: bag

Description: {description}
Category:"""

EXTRACTION_SYSTEM = (
    "You turn a product description into a JSON spec: name, brand, category, dimensions (each with name, value "
    "and unit exactly as the description states them), materials, colors and category-specific attributes. "
    "Copy numbers and units from the description; never convert or invent them."
)
EXTRACTION_TEMPLATE = """{{EXTRACTION_REVIEW}}
Example:
{{EXAMPLE_ITEM}}

Category: {category}. Attributes to fill when the description says: {keys}.
Measurements the description states (each one a dimension): {measurements}.
Description: {description}
Spec:"""

CORRECTION_TEMPLATE = """{{SUPERVISOR_REVIEW}}
The spec below has problems a checker found. Write the whole spec again with each problem fixed, copying
numbers and units from the description.
Problems:
{problems}
Previous spec: {previous}
Category: {category}.
Description: {description}
Spec:"""


_FIELD = re.compile(r"\{\{[A-Z_]+\}\}|\{[a-z_]+\}")


def fill_template(template: str, guidance: Mapping[str, str], **values: str) -> str:
    """Fill `{{PLACEHOLDER}}` markers from `guidance` (missing: "", except `{{EXAMPLE_ITEM}}`: the static
    example) and `{field}`s from `values`, in one pass: text filled in is never scanned again, so a description
    holding "{{EXAMPLE_ITEM}}" or "{category}" stays as written."""

    def one(match: re.Match[str]) -> str:
        token = match.group(0)
        if token.startswith("{{"):
            default = STATIC_EXAMPLE if token == EXAMPLE_PLACEHOLDER else ""
            return guidance.get(token) or default
        return values.get(token[1:-1], token)

    return re.sub(r"\n{3,}", "\n\n", _FIELD.sub(one, template)).strip()


def build_categorizer_prompt(description: str, guidance: Mapping[str, str] | None = None) -> str:
    """The categorizer's few-shot task with its learned guidance."""
    return fill_template(CATEGORIZER_TEMPLATE, guidance or {}, description=description.strip())


def build_extraction_prompt(
    *,
    description: str,
    category: str,
    keys: tuple[str, ...],
    guidance: Mapping[str, str] | None = None,
    feedback: list[str] | None = None,
    measurements: tuple[str, ...] = (),
) -> str:
    """The extraction task with its learned guidance and example; a human's revision request is quoted as data."""
    prompt = fill_template(
        EXTRACTION_TEMPLATE,
        guidance or {},
        description=description.strip(),
        category=category,
        keys=", ".join(keys) or "none",
        measurements=", ".join(measurements) or "none",
    )
    notes = [n for n in (quote_as_data(text, label="Editor's note") for text in feedback or []) if n]
    return ("\n".join(notes) + "\n" + prompt) if notes else prompt


def build_correction_prompt(
    *,
    description: str,
    category: str,
    previous: dict[str, Any],
    problems: list[str],
    guidance: Mapping[str, str] | None = None,
) -> str:
    """The supervisor's correction request: the checker's findings and the previous spec."""
    listed = "\n".join(f"- {p}" for p in problems) or "- none"
    return fill_template(
        CORRECTION_TEMPLATE,
        guidance or {},
        description=description.strip(),
        category=category,
        problems=listed,
        previous=prompt_json(previous),
    )
