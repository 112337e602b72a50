"""The product spec flow's own state: the categorizer's choice (seed 003)."""

from __future__ import annotations

from editorial_ai.pipeline.state import GateState, Node


class SpecState(GateState, total=False):
    """The gate state plus the product category, the learning subcategory of everything after the categorizer."""

    product_category: str | None


SpecNode = Node[SpecState]
