"""How far each judge backend can be trusted on each criterion: the shipped reliability table.

`reliability.yaml` lists, per judge backend label (exact, or a pattern such as `gemini:*`) and per content type
and criterion, the Cohen's kappa measured against labelled data, the number of records, the verdict threshold
chosen on the tuning half and where the figure comes from. `editorial-ai calibrate --write-reliability` keeps it
current. A criterion whose kappa is below `min_kappa` on the configured judge is advisory: shown with its figure,
never counted as a pass (review/scoring.py). A criterion without a figure follows its backend's `unmeasured`
policy: the embedded model's are advisory, remote judges not yet measured gate as before.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

SHIPPED_TABLE = Path(__file__).with_name("reliability.yaml")
DEFAULT_THRESHOLD = 0.5
_HEADER = (
    "# Judge reliability per backend and criterion (written by `editorial-ai calibrate --write-reliability`).\n"
    "# kappa: Cohen's kappa of the judge's verdicts vs human labels on the test split (n records);\n"
    "# threshold: the score a verdict must reach, chosen on the tune split only. A criterion with kappa below\n"
    "# min_kappa is advisory (never counted as a pass); one without a figure follows its backend's `unmeasured`.\n"
)


class CriterionReliability(BaseModel):
    """One measured criterion for one backend."""

    model_config = ConfigDict(extra="forbid")

    content_type: str = Field(min_length=1)
    criterion: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    kappa: float | None = Field(None, ge=-1.0, le=1.0, description="None: undefined (a single label on both sides).")
    n: int = Field(0, ge=0)
    threshold: float = Field(DEFAULT_THRESHOLD, ge=0.0, le=1.0)
    measured_on: str = ""
    date: dt.date | None = None


class BackendReliability(BaseModel):
    """A judge backend: its label or pattern, the unmeasured policy and its measured criteria."""

    model_config = ConfigDict(extra="forbid")

    backend: str = Field(min_length=1, description="A model label (`local:gemma-3-270m`) or pattern (`gemini:*`).")
    unmeasured: Literal["advisory", "gate"] = Field(
        description="What a criterion without a measured kappa does on this backend.")
    criteria: list[CriterionReliability] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique(self) -> BackendReliability:
        keys = [(c.content_type, c.criterion) for c in self.criteria]
        if len(keys) != len(set(keys)):
            raise ValueError(f"backend {self.backend!r} lists a content type/criterion twice")
        return self

    def entry(self, content_type: str, criterion: str) -> CriterionReliability | None:
        """The measured figure for one criterion of one content type."""
        return next((c for c in self.criteria if (c.content_type, c.criterion) == (content_type, criterion)), None)


@dataclass(frozen=True)
class JudgePolicy:
    """What the table says about one criterion on one backend."""

    backend: str
    threshold: float
    advisory: bool
    kappa: float | None = None
    n: int = 0
    min_kappa: float = 0.4

    @property
    def note(self) -> str:
        """`kappa 0.12 < 0.4 on local:gemma-3-270m`, `kappa 0.71 on gemini:*`, `unmeasured on ...`."""
        if self.kappa is None:
            return f"unmeasured on {self.backend}"
        below = f" < {self.min_kappa:g}" if self.kappa < self.min_kappa else ""
        return f"kappa {self.kappa:.2f}{below} on {self.backend} (n={self.n})"


class ReliabilityTable(BaseModel):
    """Every backend's reliability; lookups fall back to `unmeasured: gate` for unknown backends."""

    model_config = ConfigDict(extra="forbid")

    min_kappa: float = Field(0.4, ge=-1.0, le=1.0)
    backends: list[BackendReliability] = Field(default_factory=list)

    def backend_for(self, label: str) -> BackendReliability | None:
        """The exact entry for a model label, else the first pattern that matches it."""
        exact = next((b for b in self.backends if b.backend == label), None)
        return exact or next((b for b in self.backends if fnmatchcase(label, b.backend)), None)

    def policy(self, label: str, content_type: str, criterion: str) -> JudgePolicy:
        """Threshold and advisory status of `criterion` (of `content_type`) judged by backend `label`."""
        backend = self.backend_for(label)
        if backend is None:
            return JudgePolicy(backend=label, threshold=DEFAULT_THRESHOLD, advisory=False, min_kappa=self.min_kappa)
        entry = backend.entry(content_type, criterion)
        if entry is None or entry.kappa is None:
            return JudgePolicy(backend=label, threshold=entry.threshold if entry else DEFAULT_THRESHOLD,
                               advisory=backend.unmeasured == "advisory", n=entry.n if entry else 0,
                               min_kappa=self.min_kappa)
        return JudgePolicy(backend=label, threshold=entry.threshold, advisory=entry.kappa < self.min_kappa,
                           kappa=entry.kappa, n=entry.n, min_kappa=self.min_kappa)

    def with_measurements(self, label: str, entries: list[CriterionReliability],
                          unmeasured: Literal["advisory", "gate"] = "gate") -> ReliabilityTable:
        """A copy in which backend `label` (added when missing) carries `entries`, replacing the same criteria."""
        backends = [b.model_copy(deep=True) for b in self.backends]
        target = next((b for b in backends if b.backend == label), None)
        if target is None:
            pattern = self.backend_for(label)
            target = BackendReliability(backend=label, unmeasured=pattern.unmeasured if pattern else unmeasured)
            backends.insert(0, target)  # exact labels before patterns
        replaced = {(e.content_type, e.criterion) for e in entries}
        target.criteria = [c for c in target.criteria if (c.content_type, c.criterion) not in replaced] + entries
        target.criteria.sort(key=lambda c: (c.content_type, c.criterion))
        return ReliabilityTable(min_kappa=self.min_kappa, backends=backends)


class ReliabilityError(ValueError):
    """The reliability file is missing or malformed."""


def load_reliability_file(path: Path) -> ReliabilityTable:
    """Read and validate a reliability table."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        return ReliabilityTable.model_validate(data)
    except (OSError, yaml.YAMLError, ValueError) as exc:
        raise ReliabilityError(f"reliability table {path} is unreadable: {exc}; fix it or restore the shipped "
                               "file with `git checkout src/editorial_ai/review/reliability.yaml`") from exc


@lru_cache(maxsize=1)
def shipped_reliability() -> ReliabilityTable:
    """The table shipped with the package (read once per process)."""
    return load_reliability_file(SHIPPED_TABLE)


def write_reliability_file(table: ReliabilityTable, path: Path) -> None:
    """Write a table with its explanatory header; the file is replaced only once fully written."""
    body = yaml.safe_dump(table.model_dump(mode="json"), sort_keys=False, allow_unicode=True, width=118)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(_HEADER + body, encoding="utf-8")
    tmp.replace(path)
    if path.resolve() == SHIPPED_TABLE.resolve():
        shipped_reliability.cache_clear()
