"""Agreement between the reviewer (deterministic checks + judge) and human labels, in plain Python.

Conventions: the positive class is **fail** (the draft has the problem), because a quality gate exists to
catch problems. So:

- precision = of the drafts the reviewer failed, the share the humans failed too;
- recall    = of the drafts the humans failed, the share the reviewer caught;
- Cohen's kappa = (p_o - p_e) / (1 - p_e), agreement corrected for chance; None when undefined
  (both raters used a single, identical label for everything: p_e = 1).

Ratios with a zero denominator are None ("no such drafts"), never 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

from pydantic import BaseModel, Field


class Confusion(BaseModel):
    """A 2x2 confusion matrix with the positive class = fail, plus the derived metrics."""

    tp: int = Field(0, description="reviewer fail, human fail")
    fp: int = Field(0, description="reviewer fail, human pass")
    fn: int = Field(0, description="reviewer pass, human fail")
    tn: int = Field(0, description="reviewer pass, human pass")

    @property
    def n(self) -> int:
        """Number of compared verdicts."""
        return self.tp + self.fp + self.fn + self.tn

    @property
    def accuracy(self) -> float | None:
        """Share of verdicts where the reviewer and the human agree."""
        return (self.tp + self.tn) / self.n if self.n else None

    @property
    def precision(self) -> float | None:
        """tp / (tp + fp)."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        """tp / (tp + fn)."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def kappa(self) -> float | None:
        """Cohen's kappa for two raters and two labels."""
        n = self.n
        if not n:
            return None
        observed = (self.tp + self.tn) / n
        expected = ((self.tp + self.fp) * (self.tp + self.fn) + (self.fn + self.tn) * (self.fp + self.tn)) / (n * n)
        if expected >= 1.0:
            return None
        return (observed - expected) / (1.0 - expected)

    def metrics(self) -> dict[str, float | int | None]:
        """Everything, rounded for display and JSON."""
        def r(v: float | None) -> float | None:
            return None if v is None else round(v, 4)
        return {"n": self.n, "tp": self.tp, "fp": self.fp, "fn": self.fn, "tn": self.tn, "accuracy": r(self.accuracy),
                "precision": r(self.precision), "recall": r(self.recall), "kappa": r(self.kappa)}


def confusion(pairs: Iterable[tuple[bool, bool]]) -> Confusion:
    """Count (reviewer_passed, human_passed) pairs."""
    matrix = Confusion()
    for machine_pass, human_pass in pairs:
        if not machine_pass and not human_pass:
            matrix.tp += 1
        elif not machine_pass and human_pass:
            matrix.fp += 1
        elif machine_pass and not human_pass:
            matrix.fn += 1
        else:
            matrix.tn += 1
    return matrix


class ThresholdCandidate(BaseModel):
    """One threshold tried for the weighted pass rule."""

    threshold: float
    accuracy: float | None
    kappa: float | None
    confusion: dict[str, float | int | None]


class ThresholdSearch(BaseModel):
    """The weighted_threshold value whose verdicts best match the humans' overall verdicts."""

    best: ThresholdCandidate | None = None
    current_threshold: float | None = None
    current: ThresholdCandidate | None = None
    candidates: list[ThresholdCandidate] = Field(default_factory=list)


def candidate_thresholds(scores: Iterable[float]) -> list[float]:
    """0.0, the midpoints between consecutive distinct scores, and the midpoint above the highest one (<= 1)."""
    distinct = sorted(set(round(s, 6) for s in scores))
    out = [0.0]
    out += [round((a + b) / 2, 4) for a, b in pairwise(distinct)]
    if distinct and distinct[-1] < 1.0:
        out.append(round((distinct[-1] + 1.0) / 2, 4))
    return sorted(set(out))


def evaluate_threshold(threshold: float, scores: Sequence[float | None], mandatory_ok: Sequence[bool],
                       human: Sequence[bool]) -> ThresholdCandidate:
    """Verdicts of `mandatory criteria pass and score >= threshold` against the humans'."""
    predicted = [ok and score is not None and score >= threshold
                 for score, ok in zip(scores, mandatory_ok, strict=True)]
    matrix = confusion(zip(predicted, human, strict=True))
    return ThresholdCandidate(threshold=threshold, accuracy=matrix.accuracy, kappa=matrix.kappa,
                              confusion=matrix.metrics())


def search_threshold(scores: Sequence[float | None], mandatory_ok: Sequence[bool], human: Sequence[bool],
                     current: float | None = None) -> ThresholdSearch:
    """Try every candidate threshold; best = highest accuracy, then highest kappa, then closest to `current`."""
    if not (len(scores) == len(mandatory_ok) == len(human)):
        raise ValueError("scores, mandatory_ok and human must have the same length")
    present = [s for s in scores if s is not None]
    result = ThresholdSearch(current_threshold=current)
    if not present:
        return result
    result.candidates = [evaluate_threshold(t, scores, mandatory_ok, human) for t in candidate_thresholds(present)]
    reference = 0.5 if current is None else current

    def key(c: ThresholdCandidate) -> tuple[float, float, float]:
        kappa = c.kappa if c.kappa is not None else -2.0
        return (c.accuracy or 0.0, kappa, -abs(c.threshold - reference))

    result.best = max(result.candidates, key=key)
    if current is not None:
        result.current = evaluate_threshold(current, scores, mandatory_ok, human)
    return result
