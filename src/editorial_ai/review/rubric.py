"""Rubrics: YAML files loaded into strict models; one source for the generator and the judge."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from editorial_ai.models.review import Severity

PassRule = Literal["all", "mandatory_and_any_important", "weighted_threshold"]
CheckKind = Literal["format", "grounding", "judge", "validation"]
Importance = Literal["mandatory", "important", "optional"]


class Criterion(BaseModel):
    """One rubric criterion."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    description: str = Field(min_length=1)
    check: CheckKind = "judge"
    importance: Importance = "important"
    severity: Severity = "major"
    weight: float = Field(1.0, ge=0.0)


class Rubric(BaseModel):
    """A content type's criteria and how they combine into pass/fail."""

    model_config = ConfigDict(extra="forbid")

    name: str
    description: str = ""
    pass_rule: PassRule = "mandatory_and_any_important"
    threshold: float = Field(0.7, ge=0.0, le=1.0)
    criteria: list[Criterion] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_names(self) -> Rubric:
        names = [c.name for c in self.criteria]
        if len(names) != len(set(names)):
            raise ValueError(f"rubric {self.name!r} repeats a criterion name")
        return self

    def by_check(self, check: CheckKind) -> list[Criterion]:
        """Criteria evaluated by one kind of check."""
        return [c for c in self.criteria if c.check == check]

    def get(self, name: str) -> Criterion | None:
        """A criterion by name."""
        return next((c for c in self.criteria if c.name == name), None)

    def as_prompt_text(self) -> str:
        """The rubric as the generator and the judge both read it."""
        return "\n".join(f"- {c.name}: {c.description}" for c in self.criteria)

    def with_pass_rule(self, rule: PassRule, threshold: float | None = None) -> Rubric:
        """A copy with another pass rule (per-tenant configuration)."""
        update: dict[str, object] = {"pass_rule": rule}
        if threshold is not None:
            update["threshold"] = threshold
        return self.model_copy(update=update)


class RubricNotFoundError(LookupError):
    """No rubric file for a content type."""


def available_rubrics() -> list[str]:
    """Names of the bundled rubrics."""
    folder = resources.files("editorial_ai.rubrics")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".yaml"))


def load_rubric_file(path: Path) -> Rubric:
    """Load a rubric from any YAML file."""
    return Rubric.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))


@lru_cache(maxsize=32)
def load_rubric(name: str) -> Rubric:
    """Load a bundled rubric by content type; unknown types fall back to `default` only if asked."""
    resource = resources.files("editorial_ai.rubrics") / f"{name}.yaml"
    if not resource.is_file():
        raise RubricNotFoundError(f"no rubric named {name!r}; available: {', '.join(available_rubrics())}")
    return Rubric.model_validate(yaml.safe_load(resource.read_text(encoding="utf-8")))
