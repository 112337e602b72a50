"""RunRequest: what a run takes, validated once for the CLI and the API."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from editorial_ai.config import Settings
from editorial_ai.models.run_request import BLOOMS_LEVELS
from editorial_ai.worker.run_request import RunRequest, RunRequestError


def _settings(tmp_path: Path, **values: object) -> Settings:
    return Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_MODEL="scripted:happy", **values)  # type: ignore[arg-type]


def _error(**fields: object) -> str:
    with pytest.raises(ValidationError) as caught:
        RunRequest.model_validate({"seed_keyword": "Jennie Effect", **fields})
    return " ".join(str(e["msg"]) for e in caught.value.errors())


def test_unknown_content_type_names_the_valid_ones() -> None:
    message = _error(content_type="poem")
    assert "unknown content type 'poem'" in message
    assert "fashion_magazine" in message and "exam_item" in message


def test_bad_blooms_level_names_the_valid_levels() -> None:
    message = _error(content_type="exam_item", blooms_level="memorise")
    assert "unknown Bloom's level 'memorise'" in message
    assert all(level in message for level in BLOOMS_LEVELS)


def test_blooms_level_is_case_insensitive() -> None:
    request = RunRequest(seed_keyword="Asthma", content_type="exam_item", blooms_level=" Analyze ")
    assert request.blooms_level == "analyze"


@pytest.mark.parametrize(("fields", "expected"), [
    ({"model": "foo:bar"}, "unknown provider 'foo'"),
    ({"model": "gemma"}, "must look like provider:model"),
    ({"seed_keyword": "Jennie\nEffect"}, "control character U+000A"),
    ({"seed_keyword": "   "}, "at least 1 character"),
    ({"seed_keyword": "x" * 121}, "at most 120 characters"),
    ({"tenat": "acme"}, "Extra inputs are not permitted"),
])
def test_bad_input_is_refused_naming_the_problem(fields: dict[str, object], expected: str) -> None:
    assert expected in _error(**fields)


def test_resolved_fills_the_settings_defaults(tmp_path: Path) -> None:
    settings = _settings(tmp_path, EDITORIAL_AI_CONTENT_TYPE="exam_item")
    resolved = RunRequest(seed_keyword="Asthma", slo="Treat it", blooms_level="apply").resolved(
        settings, enforce_allowlist=True)
    assert (resolved.model, resolved.content_type) == ("scripted:happy", "exam_item")
    assert resolved.curation_input() == {
        "seed_keyword": "Asthma", "category": "fashion", "tone": "sophisticated", "style": "editorial",
        "target_celeb": None, "target_brand": None, "model": "scripted:happy", "slo": "Treat it",
        "blooms_level": "apply"}


def test_exam_options_on_another_content_type_are_refused(tmp_path: Path) -> None:
    with pytest.raises(RunRequestError) as caught:
        RunRequest(seed_keyword="k", content_type="tech_blog", slo="x").resolved(
            _settings(tmp_path), enforce_allowlist=False)
    assert caught.value.field == "slo" and "exam_item runs only" in caught.value.detail
    assert "content_type exam_item" in caught.value.fix


def test_unknown_tenant_names_the_tenants_file(tmp_path: Path) -> None:
    tenants = tmp_path / "tenants.yaml"
    tenants.write_text("tenants:\n  acme:\n    max_loops: 1\n", encoding="utf-8")
    settings = _settings(tmp_path, EDITORIAL_AI_TENANTS_FILE=tenants)
    assert RunRequest(seed_keyword="k", tenant="acme").resolved(settings, enforce_allowlist=False).tenant == "acme"
    with pytest.raises(RunRequestError) as caught:
        RunRequest(seed_keyword="k", tenant="globex").resolved(settings, enforce_allowlist=False)
    assert caught.value.field == "tenant" and "one of acme" in caught.value.fix


def test_the_allowlist_binds_requests_but_not_the_operator(tmp_path: Path) -> None:
    settings = _settings(tmp_path)  # allowlist: the default model and local:*; scripted:* only in test mode
    request = RunRequest(seed_keyword="k", model="scripted:exam_good")
    assert request.resolved(settings, enforce_allowlist=False).model == "scripted:exam_good"
    with pytest.raises(RunRequestError) as caught:
        request.resolved(settings, enforce_allowlist=True)
    assert caught.value.field == "model"


def test_a_model_that_cannot_run_here_is_refused_with_the_fix(tmp_path: Path) -> None:
    with pytest.raises(RunRequestError) as caught:
        RunRequest(seed_keyword="k", model="scripted:no_such_scenario").resolved(
            _settings(tmp_path), enforce_allowlist=False)
    assert caught.value.field == "model" and "no_such_scenario" in caught.value.detail


def test_an_unknown_content_type_setting_is_reported_as_the_setting(tmp_path: Path) -> None:
    with pytest.raises(RunRequestError) as caught:
        RunRequest(seed_keyword="k").resolved(_settings(tmp_path, EDITORIAL_AI_CONTENT_TYPE="poem"),
                                              enforce_allowlist=False)
    assert "EDITORIAL_AI_CONTENT_TYPE" in caught.value.fix
