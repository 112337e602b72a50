"""Rubric loading: bundled files load, strict schema, unique names."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from editorial_ai.review.rubric import (
    Rubric,
    RubricNotFoundError,
    available_rubrics,
    load_rubric,
    load_rubric_file,
)


def test_bundled_rubrics_are_listed() -> None:
    names = available_rubrics()
    assert {"default", "fashion_magazine", "lifestyle", "tech_blog"} <= set(names)


@pytest.mark.parametrize("name", available_rubrics())
def test_every_bundled_rubric_loads(name: str) -> None:
    rubric = load_rubric(name)
    assert rubric.name == name and rubric.criteria
    assert len({c.name for c in rubric.criteria}) == len(rubric.criteria)
    assert all(c.description for c in rubric.criteria)
    text = rubric.as_prompt_text()
    assert all(f"- {c.name}: " in text for c in rubric.criteria)


@pytest.mark.parametrize("name", ["default", "fashion_magazine", "lifestyle", "tech_blog"])
def test_article_rubrics_gate_on_format_claims_and_counted_checks(name: str) -> None:
    rubric = load_rubric(name)
    assert [c.name for c in rubric.by_check("format")] == ["format"]
    assert [c.name for c in rubric.by_check("grounding")] == ["hallucination", "fact_accuracy"]
    extra = ["specificity"] if name == "fashion_magazine" else []
    assert [c.name for c in rubric.by_check("validation")] == [
        "content_completeness", "trend_relevance", "repetition", "originality", *extra]
    deterministic = [c for c in rubric.criteria if c.check != "judge"]
    assert all(c.importance == "mandatory" for c in deterministic), "deterministic criteria always gate"


def test_fashion_magazine_leaves_only_visual_appeal_to_the_judge() -> None:
    rubric = load_rubric("fashion_magazine")
    assert [c.name for c in rubric.by_check("judge")] == ["visual_appeal"]
    assert rubric.get("visual_appeal").importance == "optional"  # type: ignore[union-attr]
    assert rubric.get("format") is not None and rubric.get("format").importance == "mandatory"  # type: ignore[union-attr]
    assert rubric.get("nope") is None


def test_unknown_rubric_names_the_available_ones() -> None:
    with pytest.raises(RubricNotFoundError, match="fashion_magazine"):
        load_rubric("does_not_exist")


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "rubric.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_rubric_file_loads(tmp_path: Path) -> None:
    rubric = load_rubric_file(_write(tmp_path, """
name: custom
pass_rule: all
criteria:
  - {name: format, check: format, importance: mandatory, description: "valid"}
  - {name: tone, description: "on brand"}
"""))
    assert rubric.pass_rule == "all" and rubric.get("tone").check == "judge"  # type: ignore[union-attr]


def test_extra_keys_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="extra"):
        load_rubric_file(_write(tmp_path, """
name: custom
criteria:
  - {name: tone, description: "on brand", weigth: 2}
"""))
    with pytest.raises(ValidationError, match="extra"):
        load_rubric_file(_write(tmp_path, """
name: custom
pass_rul: all
criteria:
  - {name: tone, description: "on brand"}
"""))


def test_duplicate_criterion_names_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="repeats"):
        load_rubric_file(_write(tmp_path, """
name: custom
criteria:
  - {name: tone, description: "a"}
  - {name: tone, description: "b"}
"""))


@pytest.mark.parametrize("bad", [
    {"name": "x", "criteria": []},
    {"name": "x", "pass_rule": "majority", "criteria": [{"name": "a", "description": "d"}]},
    {"name": "x", "threshold": 1.5, "criteria": [{"name": "a", "description": "d"}]},
    {"name": "x", "criteria": [{"name": "Bad Name", "description": "d"}]},
    {"name": "x", "criteria": [{"name": "a", "description": "d", "check": "vibes"}]},
    {"name": "x", "criteria": [{"name": "a", "description": ""}]},
])
def test_invalid_rubrics_are_rejected(bad: dict) -> None:
    with pytest.raises(ValidationError):
        Rubric.model_validate(bad)


def test_with_pass_rule_returns_a_copy() -> None:
    base = load_rubric("default")
    strict = base.with_pass_rule("weighted_threshold", 0.9)
    assert strict.pass_rule == "weighted_threshold" and strict.threshold == 0.9
    assert base.pass_rule == "mandatory_and_any_important"
