"""Deterministic format check."""

from __future__ import annotations

from typing import Any

import pytest

from editorial_ai.models.layout import MagazineLayout
from editorial_ai.review.format_check import check_format

from .helpers import layout


def test_valid_layout_passes_and_is_parsed() -> None:
    verdict, parsed = check_format(layout(["Jennie wore Chanel."]))
    assert verdict.passed and verdict.criterion == "format" and verdict.source == "format"
    assert verdict.score == 1.0
    assert isinstance(parsed, MagazineLayout)


@pytest.mark.parametrize("draft", [None, {}])
def test_no_draft_fails_critically(draft: dict[str, Any] | None) -> None:
    verdict, parsed = check_format(draft)
    assert not verdict.passed and verdict.severity == "critical" and parsed is None
    assert "No draft" in verdict.reason


def test_missing_hero_is_named() -> None:
    verdict, parsed = check_format(layout(["text"], hero=False))
    assert not verdict.passed and "hero" in verdict.reason
    assert parsed is not None


def test_missing_body_is_named() -> None:
    verdict, _ = check_format(layout(None))
    assert not verdict.passed and "body_text" in verdict.reason


def test_blank_body_paragraphs_count_as_missing() -> None:
    verdict, _ = check_format(layout(["   ", ""]))
    assert not verdict.passed and "body_text" in verdict.reason


def test_blank_title_is_named() -> None:
    verdict, _ = check_format(layout(["text"], title="   "))
    assert not verdict.passed and "title" in verdict.reason


def test_everything_missing_lists_every_problem() -> None:
    verdict, _ = check_format(layout(None, title=" ", hero=False))
    assert all(word in verdict.reason for word in ("title", "hero", "body_text"))


def test_schema_errors_name_the_location() -> None:
    draft = layout(["text"])
    draft["blocks"].append({"type": "sparkles"})
    verdict, parsed = check_format(draft)
    assert not verdict.passed and parsed is None
    assert verdict.reason.startswith("Layout schema invalid")
    assert "blocks" in verdict.reason


def test_missing_title_key_is_a_schema_error() -> None:
    draft = layout(["text"])
    del draft["title"]
    verdict, _ = check_format(draft)
    assert not verdict.passed and "title" in verdict.reason


def test_criterion_name_is_passed_through() -> None:
    verdict, _ = check_format(None, criterion="structure")
    assert verdict.criterion == "structure"
