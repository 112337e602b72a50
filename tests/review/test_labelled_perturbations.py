"""Every perturbation kind of the shipped labels is caught by the criterion it breaks, and clean drafts pass."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from editorial_ai.evaluation.artifact_review import review_artifact
from editorial_ai.evaluation.calibrate_run import load_records
from editorial_ai.review.rubric import load_rubric
from editorial_ai.store.catalog import load_sample_catalog

LABELS = Path(__file__).parents[2] / "examples" / "labels"


def _known() -> dict[str, set[str]]:
    catalog = load_sample_catalog()
    return {"artists": {a["name"] for a in catalog["artists"]},
            "groups": {a["group_name"] for a in catalog["artists"] if a["group_name"]},
            "brands": {b["name"] for b in catalog["brands"]} | {s["brand"] for s in catalog["solutions"]},
            "products": {s["title"] for s in catalog["solutions"]}}


@pytest.mark.parametrize("content_type", ["fashion_magazine", "text"])
async def test_each_perturbation_fails_its_criteria_and_clean_drafts_pass(content_type: str) -> None:
    path = LABELS / f"{content_type}.jsonl"
    if not path.is_file():
        pytest.skip(f"{path} is not generated yet (python -m editorial_ai.evaluation.labelled_data examples/labels)")
    records = load_records(path)
    rubric, known = load_rubric(content_type), _known()
    agree: dict[str, list[bool]] = defaultdict(list)
    for record in records:
        review = await review_artifact(record.draft, rubric, record.sources, None, known, question=record.question)
        machine = {c.criterion: c.passed for c in review.result.criteria if not c.skipped}
        for criterion, human in record.human.items():
            if criterion in machine:
                agree[f"{record.perturbation}:{criterion}"].append(machine[criterion] == human)
    rates = {key: sum(v) / len(v) for key, v in agree.items()}
    low = {key: rate for key, rate in rates.items() if rate < 0.95}
    assert not low, f"agreement below the bar: {low}"
