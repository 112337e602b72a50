"""Rubrics: YAML files loaded into strict models; one source for the generator and the judge."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

import yaml

from editorial_ai.models.rubric import CheckKind, Criterion, Importance, PassRule, Rubric

__all__ = ["CheckKind", "Criterion", "Importance", "PassRule", "Rubric", "RubricNotFoundError", "available_rubrics",
           "load_rubric", "load_rubric_file"]


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
