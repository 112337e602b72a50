"""The registry finds the content types without the pipeline importing one: it scans the bundled package and
loads the `editorial_ai.content_types` entry points of the installed distributions."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from editorial_ai.pipeline import registry
from editorial_ai.pipeline.content_type import ContentType


def _distribution(root: Path, module: str, entry_points: str, source: str) -> None:
    """An installed distribution on `root`: its metadata with the entry points, and one module."""
    info = root / "outside_types-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: outside-types\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{registry.ENTRY_POINT_GROUP}]\n{entry_points}\n", encoding="utf-8")
    (root / f"{module}.py").write_text(source, encoding="utf-8")


def test_the_bundled_types_are_found_by_scanning_their_package() -> None:
    modules = registry.bundled_modules()
    assert {"editorial_ai.content_types.exam_item", "editorial_ai.content_types.product_spec"} <= set(modules)
    names = {t.name for t in registry.all_content_types()}
    assert {"fashion_magazine", "exam_item", "product_spec", "research_brief"} <= names


def test_an_entry_point_of_another_distribution_adds_a_type(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _distribution(tmp_path, "outside_recipes", "recipe = outside_recipes:TYPES",
                  "from editorial_ai.pipeline.content_type import ContentType\n"
                  "TYPES = [ContentType(name='outside_recipe', label='Recipe')]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert registry.load_entry_points() == []
        assert registry.content_type_for("outside_recipe").label == "Recipe"
    finally:
        registry.unregister("outside_recipe")


def test_an_entry_point_naming_a_module_registers_what_the_module_registers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _distribution(tmp_path, "outside_module", "notes = outside_module",
                  "from editorial_ai.pipeline.content_type import ContentType\n"
                  "from editorial_ai.pipeline.registry import register\n"
                  "register(ContentType(name='outside_note', label='Note'))\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert registry.load_entry_points() == []
        assert isinstance(registry.content_type_for("outside_note"), ContentType)
    finally:
        registry.unregister("outside_note")


def test_a_broken_entry_point_is_logged_and_the_others_still_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _distribution(tmp_path, "outside_broken", "broken = outside_broken:TYPES", "raise ImportError('no such thing')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with caplog.at_level(logging.ERROR, logger=registry.__name__):
        assert registry.load_entry_points() == ["broken"]
    assert "outside_broken:TYPES" in caplog.text
    assert "exam_item" in registry.pipeline_content_types()


def test_an_unknown_type_names_the_registered_ones() -> None:
    with pytest.raises(registry.UnknownContentTypeError, match="exam_item"):
        registry.content_type_for("recipe")


def test_a_type_packages_scenarios_are_found_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from editorial_ai.llm.scripted import load_scenario, scenario_names

    package = tmp_path / "outside_poems"
    (package / "scenarios").mkdir(parents=True)
    (package / "scenarios" / "outside_poem_good.yaml").write_text("poem:\n  - text: a line\n", encoding="utf-8")
    (package / "__init__.py").write_text(
        "from dataclasses import dataclass\n"
        "from editorial_ai.pipeline.content_type import ContentType\n"
        "@dataclass(frozen=True)\nclass PoemType(ContentType):\n    pass\n"
        "POEM = PoemType(name='outside_poem', label='Poem')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import outside_poems  # type: ignore[import-not-found]

    try:
        registry.register(outside_poems.POEM)
        assert "outside_poem_good" in scenario_names()
        assert load_scenario("outside_poem_good") == {"poem": [{"text": "a line"}]}
    finally:
        registry.unregister("outside_poem")
