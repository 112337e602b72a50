"""Product specs (seed 003): description -> categorizer -> extraction -> supervisor checks -> human gate.

The whole type is this package: models.py (the request, the spec, the supervisor's findings), prompts.py and
service.py (categorizer, extraction, correction, the sample descriptions), validators.py and rubric.yaml (the
supervisor's deterministic checks, one criterion each), nodes.py and state.py (the flow's nodes and its own state),
scenarios/ (scripted runs).

Learning: reviews are aggregated per product category; the categorizer, the extraction and the supervisor's
correction each have their placeholder, and the extraction shows the latest approved spec of the category
as `{{EXAMPLE_ITEM}}`.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from editorial_ai.pipeline.content_type import ContentType, Flow
from editorial_ai.pipeline.registry import register

if TYPE_CHECKING:

    from editorial_ai.services.learning import Fragments

SPEC_FLOW = "product_spec"
CATEGORIZER, EXTRACTION, SUPERVISOR = "{{CATEGORIZER_REVIEW}}", "{{EXTRACTION_REVIEW}}", "{{SUPERVISOR_REVIEW}}"
SPEC_FRAGMENTS: dict[str, list[tuple[str, str]]] = {
    "bad_format": [
        (
            EXTRACTION,
            "Reviewers often flag the format: fill every field; write units as mm, cm, m, in, g "
            "or kg; name each dimension in lower case (width, height, depth, heel_height, weight).",
        )
    ],
    "wrong_information": [
        (
            CATEGORIZER,
            "Reviewers often find the wrong category: decide by what the product is (a belt is an "
            "accessory, a watch is jewelry, a jacket is outerwear).",
        ),
        (
            EXTRACTION,
            "Reviewers often find wrong details: copy materials and colors word for word from the "
            "description, and nothing it does not say.",
        ),
    ],
    "wrong_physical_dimensions": [
        (
            EXTRACTION,
            "Reviewers often find wrong dimensions: copy each number with the unit written next to it in "
            "the description (55 mm stays 55 mm, never 55 cm), and name what it measures.",
        ),
        (SUPERVISOR, "Check each dimension against the description: the same number with the same unit."),
    ],
    "missing_spec": [
        (
            EXTRACTION,
            "Reviewers often find missing details: extract every measurement the "
            "description states, and every attribute it names.",
        )
    ],
    "information_missing": [
        (EXTRACTION, "Reviewers often find the spec thin: include every material and color the description names.")
    ],
}


def _number(value: Any) -> str:
    try:
        return f"{float(value):g}"
    except (TypeError, ValueError):
        return str(value)


@dataclass(frozen=True)
class ProductSpecType(ContentType):
    """Structured product specs checked for plausible dimensions and units."""

    def flow(self) -> Flow:
        """spec_categorize -> spec_extract -> spec_review -> (spec_correct -> spec_review ...)."""
        from editorial_ai.content_types.product_spec.nodes import SPEC_NODE_MAKERS, SPEC_REVIEW_LOOP
        from editorial_ai.content_types.product_spec.state import SpecState
        from editorial_ai.pipeline.loop_wiring import review_loop_flow

        return review_loop_flow(
            SPEC_FLOW, steps=("spec_categorize", "spec_extract"), loop=SPEC_REVIEW_LOOP, reenter="spec_review",
            revision_entry="spec_extract", nodes=SPEC_NODE_MAKERS, state=SpecState,
        )

    def title_of(self, draft: Mapping[str, Any]) -> str:
        """Brand and product name."""
        name, brand = str(draft.get("name") or ""), str(draft.get("brand") or "")
        return name if not brand or name.startswith(brand) else f"{brand} {name}"

    def render_html(self, draft: Mapping[str, Any], *, standalone: bool = True) -> str:
        """A spec sheet: category, dimensions table, materials, colours, attributes, the source description."""
        esc = html.escape
        dims = "".join(
            f"<tr><th>{esc(str(d.get('name', '')).replace('_', ' '))}</th>"
            f"<td>{esc(_number(d.get('value')))} {esc(str(d.get('unit', '')))}</td></tr>"
            for d in draft.get("dimensions") or []
        )
        attrs = "".join(
            f"<tr><th>{esc(str(k))}</th><td>{esc(str(v))}</td></tr>" for k, v in (draft.get("attributes") or {}).items()
        )
        details = f'<h2>Details</h2><table class="attributes">{attrs}</table>' if attrs else ""
        body = (
            f'<article class="product-spec"><h1>{esc(self.title_of(draft))}</h1>'
            f'<p class="category">Category: {esc(str(draft.get("category") or ""))}</p>'
            f'<h2>Dimensions</h2><table class="dimensions">{dims or "<tr><td>none stated</td></tr>"}</table>'
            f"<p><strong>Materials:</strong> {esc(', '.join(draft.get('materials') or []) or '—')}</p>"
            f"<p><strong>Colours:</strong> {esc(', '.join(draft.get('colors') or []) or '—')}</p>"
            f"{details}<h2>From the description</h2>"
            f"<blockquote>{esc(str(draft.get('source_description') or ''))}</blockquote></article>"
        )
        if not standalone:
            return body
        return (
            f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{esc(self.title_of(draft))}</title>'
            "<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}"
            "th{text-align:left;padding-right:1rem}h2{font-size:1rem;margin-top:1.5rem}.category{color:#555}"
            "blockquote{color:#555;margin-left:0;padding-left:1rem;border-left:3px solid #ddd}</style></head>"
            f"<body>{body}</body></html>\n"
        )

    def subcategory(self, draft: Mapping[str, Any] | None, curation_input: Mapping[str, Any] | None) -> str:
        """The product category of the spec."""
        return str((draft or {}).get("category") or "").strip().lower()

    def example_text(self, draft: Mapping[str, Any]) -> str:
        """`Description: ...` then `Spec: {...}`, the same shape as the static example."""
        from editorial_ai.content_types.product_spec.prompts import prompt_json

        spec = {
            k: draft[k]
            for k in ("name", "brand", "category", "dimensions", "materials", "colors", "attributes")
            if k in draft
        }
        return f"Description: {draft.get('source_description') or ''}\nSpec: {prompt_json(spec)}"

    def learning_fragments(self) -> Fragments:
        """Guidance per trigger for the categorizer, the extraction and the supervisor's correction."""
        return SPEC_FRAGMENTS

    def note_placeholders(self) -> Sequence[str]:
        """Reviewer notes guide the extraction."""
        return (EXTRACTION,)

    def uses_example_item(self) -> bool:
        """The extraction prompt shows an approved spec of the same category."""
        return True


PRODUCT_SPEC = register(ProductSpecType(name="product_spec", label="Product spec", rubric_name="product_spec"))
