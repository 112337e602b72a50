"""YAML-driven model routing with upgrade at revision >= N (seed 001 section 7)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field

from editorial_ai.llm.registry import parse_model_string

DEFAULT_ROUTING_FILE = Path(__file__).with_name("routing_config.yaml")


class Route(BaseModel):
    """One task's route for one provider."""

    model_config = ConfigDict(extra="forbid")

    default: str | None = None
    upgrade: str | None = None
    upgrade_at_revision: int = Field(2, ge=0)
    # A pinned task always uses `default`, even when the run names its own model (e.g. the image model).
    pin: bool = False


class RoutingConfig(BaseModel):
    """The routing file."""

    model_config = ConfigDict(extra="forbid")

    providers: dict[str, dict[str, Route]] = Field(default_factory=dict)


class RoutingDecision(BaseModel):
    """The model chosen for a task and why."""

    model: str
    reason: str


class ModelRouter:
    """Resolves the model for a task given the run's base model and revision count."""

    def __init__(self, config: RoutingConfig) -> None:
        self.config = config

    def resolve(self, task: str, base_model: str, revision_count: int = 0) -> RoutingDecision:
        """Pick the model for `task`."""
        spec = parse_model_string(base_model)
        route = self.config.providers.get(spec.provider, {}).get(task)
        if route is None:
            return RoutingDecision(model=base_model, reason="base")
        if route.upgrade and revision_count >= route.upgrade_at_revision:
            return RoutingDecision(
                model=f"{spec.provider}:{route.upgrade}", reason=f"upgrade:revision>={route.upgrade_at_revision}"
            )
        if route.default and route.pin:
            return RoutingDecision(model=f"{spec.provider}:{route.default}", reason="pinned")
        if route.default and not spec.model:
            return RoutingDecision(model=f"{spec.provider}:{route.default}", reason="default")
        return RoutingDecision(model=base_model, reason="base")


@lru_cache(maxsize=8)
def get_model_router(path: Path | None = None) -> ModelRouter:
    """The router for a routing file (the bundled one by default)."""
    data = yaml.safe_load((path or DEFAULT_ROUTING_FILE).read_text(encoding="utf-8")) or {}
    return ModelRouter(RoutingConfig.model_validate(data))
