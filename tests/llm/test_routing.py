"""Per-task model routing with upgrade at revision >= N."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from editorial_ai.config import ConfigError
from editorial_ai.llm.routing import DEFAULT_ROUTING_FILE, ModelRouter, RoutingConfig, get_model_router


@pytest.fixture
def router() -> ModelRouter:
    return get_model_router()


@pytest.mark.parametrize("task", ["editorial_content", "review"])
def test_gemini_upgrades_at_revision_two(router: ModelRouter, task: str) -> None:
    assert router.resolve(task, "gemini", 0).model == "gemini:gemini-2.5-flash"
    assert router.resolve(task, "gemini", 1).model == "gemini:gemini-2.5-flash"
    upgraded = router.resolve(task, "gemini", 2)
    assert upgraded.model == "gemini:gemini-2.5-pro" and upgraded.reason == "upgrade:revision>=2"
    assert router.resolve(task, "gemini:gemini-2.5-flash", 3).model == "gemini:gemini-2.5-pro"


def test_gemini_explicit_model_is_kept_below_the_upgrade(router: ModelRouter) -> None:
    decision = router.resolve("editorial_content", "gemini:gemini-2.0-flash", 1)
    assert decision.model == "gemini:gemini-2.0-flash" and decision.reason == "base"


def test_gemini_task_without_upgrade_keeps_its_default(router: ModelRouter) -> None:
    assert router.resolve("curation_research", "gemini", 5).model == "gemini:gemini-2.5-flash"
    assert router.resolve("curation_subtopics", "gemini", 0).model == "gemini:gemini-2.5-flash-lite"


@pytest.mark.parametrize("base", ["local:gemma-3-270m", "scripted:happy", "openai:qwen2.5@http://127.0.0.1:8080/v1"])
@pytest.mark.parametrize("revision", [0, 2, 9])
def test_providers_without_upgrades_keep_the_base_model(router: ModelRouter, base: str, revision: int) -> None:
    for task in ("editorial_content", "review", "curation_research", "design_spec"):
        decision = router.resolve(task, base, revision)
        assert decision.model == base and decision.reason == "base"


def test_unknown_task_is_routed_to_the_base_model(router: ModelRouter) -> None:
    assert router.resolve("something_new", "gemini:gemini-2.5-flash", 7).model == "gemini:gemini-2.5-flash"


def test_bad_base_model_raises_config_error(router: ModelRouter) -> None:
    with pytest.raises(ConfigError):
        router.resolve("review", "nonsense:model")


def test_custom_routing_file(tmp_path: Path) -> None:
    path = tmp_path / "routing.yaml"
    path.write_text("providers:\n  local:\n    review: {upgrade: bigger-model, upgrade_at_revision: 1}\n",
                    encoding="utf-8")
    router = get_model_router(path)
    assert router.resolve("review", "local:small", 0).model == "local:small"
    assert router.resolve("review", "local:small", 1).model == "local:bigger-model"


def test_routing_config_is_strict() -> None:
    with pytest.raises(ValidationError):
        RoutingConfig.model_validate({"providers": {"gemini": {"review": {"defualt": "x"}}}})
    with pytest.raises(ValidationError):
        RoutingConfig.model_validate({"provider": {}})
    assert DEFAULT_ROUTING_FILE.exists()


@pytest.mark.parametrize("base", ["gemini", "gemini:gemini-2.5-flash", "gemini:gemini-2.0-flash"])
@pytest.mark.parametrize("revision", [0, 3])
def test_gemini_layout_steps_use_their_pinned_models(router: ModelRouter, base: str, revision: int) -> None:
    image = router.resolve("layout_image", base, revision)
    assert image.model == "gemini:gemini-2.0-flash-preview-image-generation" and image.reason == "pinned"
    assert router.resolve("layout_parse", base, revision).model == "gemini:gemini-2.5-flash"


@pytest.mark.parametrize("base", ["local:gemma-3-270m", "scripted:happy", "openai:qwen2.5"])
def test_layout_steps_of_other_providers_keep_the_base_model(router: ModelRouter, base: str) -> None:
    assert router.resolve("layout_image", base).model == base
    assert router.resolve("layout_parse", base).model == base
