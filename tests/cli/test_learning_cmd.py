"""`editorial-ai learning show` and `editorial-ai bench learning`, driven in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner, Result

from editorial_ai.cli.main import app
from editorial_ai.config import get_settings
from editorial_ai.content_types.product_spec.service import find_product
from editorial_ai.llm.registry import clear_client_cache


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EDITORIAL_AI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("EDITORIAL_AI_TEST_MODE", "true")
    # A scenario for the sample ballet flats: categorized as shoes, extracted as the description says.
    flats = find_product("The Row Ballet Flats")["expected"]
    scenario = {"spec_categorize": [{"json": {"category": "shoes"}}], "spec_extract": [{"json": flats}]}
    (tmp_path / "flats.yaml").write_text(yaml.safe_dump(scenario), encoding="utf-8")
    monkeypatch.setenv("EDITORIAL_AI_SCENARIO_DIR", str(tmp_path))
    get_settings.cache_clear()


def cli(*args: str) -> Result:
    clear_client_cache()
    return CliRunner().invoke(app, list(args))


def text(result: Result) -> str:
    return " ".join(result.output.split())


def _revised_flats() -> None:
    started = cli(
        "run", "The Row Ballet Flats", "--content-type", "product_spec", "--model", "scripted:flats", "--json"
    )
    assert started.exit_code == 0, started.output
    content_id = json.loads(started.stdout)["content_id"]
    revised = cli("revise", content_id, "--wrong-physical-dimensions")
    assert revised.exit_code in (0, 3), revised.output


def test_show_on_an_empty_store_says_no_guidance() -> None:
    result = cli("learning", "show", "--content-type", "product_spec", "--subcategory", "shoes")
    assert result.exit_code == 0, result.output
    out = text(result)
    assert "product_spec / shoes: 0 review(s)" in out and "guidance in force: none" in out
    assert "wrong_physical_dimensions" in out and "none yet (the static example is shown)" in out


def test_show_json_lists_rates_thresholds_and_decisions() -> None:
    result = cli("learning", "show", "--content-type", "fashion_magazine", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["reviews"] == 0 and {t["trigger"] for t in data["triggers"]} >= {"bad_format", "missing_spec"}
    assert all(t["rate"] == 0 for t in data["triggers"])
    assert any(d["source"] == "notes" and not d["injected"] for d in data["decisions"])


def test_unknown_content_type_names_the_registered_ones() -> None:
    result = cli("learning", "show", "--content-type", "poem")
    assert result.exit_code == 2 and "unknown content type 'poem'" in text(result) and "product_spec" in text(result)


def test_an_operator_switch_shows_as_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EDITORIAL_AI_LEARNING_DISABLED", "bad_format")
    get_settings.cache_clear()
    result = cli("learning", "show", "--json")
    data = json.loads(result.stdout)
    assert next(t for t in data["triggers"] if t["trigger"] == "bad_format")["switched_off"] is True


def test_bench_learning_prints_before_and_after() -> None:
    result = cli("bench", "learning", "--runs", "4", "--json")
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    before, control, after = figures["phases"]
    assert [p["phase"] for p in figures["phases"]] == ["before", "control", "after"]
    assert before["reviews_seen"] == 0 and after["reviews_seen"] >= 4
    assert "{{EXTRACTION_REVIEW}}" in after["fragments"] and not before["fragments"] and not control["fragments"]
    assert after["first_pass_acceptance"] > before["first_pass_acceptance"]


def test_two_reviews_of_shoes_put_the_dimension_guidance_in_force() -> None:
    for _ in range(2):
        _revised_flats()
    out = text(cli("learning", "show", "--content-type", "product_spec", "--subcategory", "shoes", "--decisions"))
    assert "product_spec / shoes: 2 review(s)" in out, out
    assert "wrong_physical_dimensions │ 2/2 │ 100% │ 2 │ yes" in out, out
    assert "55 mm stays 55 mm" in out and "guidance in force for {{SUPERVISOR_REVIEW}}" in out
    assert "wrong_physical_dimensions -> {{EXTRACTION_REVIEW}}: injected (2/2 >= 2)" in out
    bags = text(cli("learning", "show", "--content-type", "product_spec", "--subcategory", "bag"))
    assert "product_spec / bag: 0 review(s)" in bags


def test_notes_are_listed_and_an_editor_approves_edits_or_switches_one_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EDITORIAL_AI_MODEL", "scripted:happy")
    get_settings.cache_clear()
    started = cli("run", "Jennie Effect", "--json")
    content_id = json.loads(started.stdout)["content_id"]
    assert cli("revise", content_id, "--feedback", "Check every price against the sources").exit_code in (0, 3)
    listed = json.loads(cli("learning", "notes", "--json").stdout)["notes"]
    [note] = listed
    assert note["status"] == "waiting for approval" and "Check every price" in note["text"]
    event = str(note["event_id"])
    approved = cli("learning", "note", event, "approve", "--reviewer", "Mina")
    assert approved.exit_code == 0 and "approved: it teaches" in text(approved)
    edited = cli("learning", "note", event, "edit", "--text", "Quote prices only from the product cards.")
    assert edited.exit_code == 0
    [note] = json.loads(cli("learning", "notes", "--json").stdout)["notes"]
    assert note["status"] == "approved" and note["text"] == "Quote prices only from the product cards."
    assert "Quote prices only" in text(cli("learning", "show"))  # the edited words are in force
    assert cli("learning", "note", event, "off").exit_code == 0
    assert "Quote prices only" not in text(cli("learning", "show"))
    missing = cli("learning", "note", "999999", "approve")
    assert missing.exit_code == 2 and "learning notes" in text(missing)
    no_text = cli("learning", "note", event, "edit")
    assert no_text.exit_code == 2 and "--text" in text(no_text)
