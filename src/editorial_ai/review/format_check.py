"""Deterministic format validation of a MagazineLayout (fails fast, no LLM call)."""

from __future__ import annotations

from pydantic import ValidationError

from editorial_ai.models.layout import BodyTextBlock, HeroBlock, MagazineLayout
from editorial_ai.models.review import CriterionResult
from editorial_ai.models.state_json import Draft


def check_format(
    draft: Draft | None, criterion: str = "format"
) -> tuple[CriterionResult, MagazineLayout | None]:
    """Validate the draft; return the verdict and the parsed layout when valid."""
    if not draft:
        return CriterionResult(
            criterion=criterion,
            passed=False,
            severity="critical",
            source="format",
            reason="No draft was produced: regenerate the article.",
        ), None
    try:
        layout = MagazineLayout.model_validate(draft)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()[:5])
        return CriterionResult(
            criterion=criterion,
            passed=False,
            severity="critical",
            source="format",
            reason=f"Layout schema invalid: {problems}",
        ), None
    missing: list[str] = []
    if not layout.title.strip():
        missing.append("a non-empty title")
    if not layout.blocks_of(HeroBlock):
        missing.append("a hero block")
    bodies = layout.blocks_of(BodyTextBlock)
    if not bodies or not any(p.strip() for b in bodies for p in b.paragraphs):
        missing.append("a body_text block with text")
    if missing:
        return CriterionResult(
            criterion=criterion,
            passed=False,
            severity="critical",
            source="format",
            reason="Layout is missing " + ", ".join(missing) + ".",
        ), layout
    return CriterionResult(
        criterion=criterion,
        passed=True,
        severity="critical",
        source="format",
        reason="Schema valid; title, hero and body_text present.",
        score=1.0,
    ), layout
