"""The reliability table: strict loading, lookups per backend, measured updates and round trips."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from pydantic import ValidationError

from editorial_ai.review.reliability import (
    CriterionReliability,
    ReliabilityError,
    ReliabilityTable,
    load_reliability_file,
    shipped_reliability,
    write_reliability_file,
)


def _table() -> ReliabilityTable:
    return ReliabilityTable.model_validate({"min_kappa": 0.4, "backends": [
        {"backend": "local:gemma-3-270m", "unmeasured": "advisory", "criteria": [
            {"content_type": "exam_item", "criterion": "clinical_accuracy", "kappa": 0.12, "n": 30,
             "threshold": 0.47, "measured_on": "labels test", "date": "2025-01-02"},
            {"content_type": "exam_item", "criterion": "slo_coverage", "kappa": 0.72, "n": 30, "threshold": 0.6},
            {"content_type": "exam_item", "criterion": "blooms_match", "kappa": None, "n": 30, "threshold": 0.55}]},
        {"backend": "local:*", "unmeasured": "advisory"},
        {"backend": "gemini:*", "unmeasured": "gate"},
    ]})


def test_a_low_kappa_is_advisory_with_its_figure() -> None:
    policy = _table().policy("local:gemma-3-270m", "exam_item", "clinical_accuracy")
    assert policy.advisory and policy.threshold == 0.47
    assert policy.note == "kappa 0.12 < 0.4 on local:gemma-3-270m (n=30)"


def test_a_measured_kappa_above_the_bar_gates_with_its_threshold() -> None:
    policy = _table().policy("local:gemma-3-270m", "exam_item", "slo_coverage")
    assert not policy.advisory and policy.threshold == 0.6 and policy.note == "kappa 0.72 on local:gemma-3-270m (n=30)"


def test_unmeasured_follows_the_backend_policy() -> None:
    table = _table()
    undefined = table.policy("local:gemma-3-270m", "exam_item", "blooms_match")  # kappa undefined: unmeasured
    assert undefined.advisory and undefined.threshold == 0.55 and undefined.note.startswith("unmeasured")
    assert table.policy("local:gemma-3-270m", "lifestyle", "authenticity").advisory  # not in the table
    assert table.policy("local:other-model", "exam_item", "clinical_accuracy").advisory  # pattern local:*
    remote = table.policy("gemini:gemini-2.5-flash", "exam_item", "clinical_accuracy")
    assert not remote.advisory and remote.threshold == 0.5 and remote.note == "unmeasured on gemini:gemini-2.5-flash"
    unknown = table.policy("somewhere:else", "text", "relevance")  # not listed at all: gates as before
    assert not unknown.advisory


def test_the_content_type_is_part_of_the_key() -> None:
    assert _table().policy("local:gemma-3-270m", "text", "clinical_accuracy").note.startswith("unmeasured")


def test_strict_fields_and_unique_entries() -> None:
    with pytest.raises(ValidationError, match="extra"):
        ReliabilityTable.model_validate({"backends": [{"backend": "x:*", "unmeasured": "gate", "kapa": 1}]})
    with pytest.raises(ValidationError, match="unmeasured"):
        ReliabilityTable.model_validate({"backends": [{"backend": "x:*", "unmeasured": "maybe"}]})
    twice = {"content_type": "text", "criterion": "relevance", "kappa": 0.5}
    with pytest.raises(ValidationError, match="twice"):
        ReliabilityTable.model_validate({"backends": [{"backend": "x:*", "unmeasured": "gate",
                                                       "criteria": [twice, twice]}]})
    with pytest.raises(ValidationError):
        CriterionReliability(content_type="text", criterion="relevance", kappa=1.5)


def test_with_measurements_adds_an_exact_backend_before_its_pattern() -> None:
    entry = CriterionReliability(content_type="text", criterion="relevance", kappa=0.8, n=40, threshold=0.3,
                                 date=dt.date(2025, 1, 1))
    table = _table().with_measurements("local:tiny", [entry])
    assert [b.backend for b in table.backends][:2] == ["local:tiny", "local:gemma-3-270m"]
    assert table.backends[0].unmeasured == "advisory"  # inherited from local:*
    assert table.policy("local:tiny", "text", "relevance").threshold == 0.3
    replaced = table.with_measurements("local:tiny", [entry.model_copy(update={"kappa": 0.1})])
    assert len(replaced.backends[0].criteria) == 1 and replaced.policy("local:tiny", "text", "relevance").advisory
    assert _table().policy("local:tiny", "text", "relevance").note.startswith("unmeasured")  # original untouched


def test_write_then_load_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "reliability.yaml"
    write_reliability_file(_table(), path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Judge reliability") and "clinical_accuracy" in text
    assert load_reliability_file(path) == _table()


def test_an_unreadable_table_names_the_fix(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("backends: [{backend: 'x:*'}]\n", encoding="utf-8")
    with pytest.raises(ReliabilityError, match=r"(?s)unmeasured.*restore the shipped"):
        load_reliability_file(path)


def test_the_shipped_table_loads_and_never_lets_the_embedded_model_gate_unmeasured() -> None:
    table = shipped_reliability()
    assert table.min_kappa == 0.4
    assert table.policy("local:gemma-3-270m", "lifestyle", "engagement").advisory
    assert not table.policy("openai:gpt-4o-mini", "lifestyle", "engagement").advisory
    # measured on the shipped labels: the embedded judge cannot tell a right key from a wrong one
    assert table.policy("local:gemma-3-270m", "exam_item", "clinical_accuracy").advisory
    for backend in table.backends:
        for entry in backend.criteria:  # what the table says about a measured criterion follows its kappa
            policy = table.policy(backend.backend, entry.content_type, entry.criterion)
            assert policy.advisory == ((entry.kappa is None and backend.unmeasured == "advisory")
                                       or (entry.kappa is not None and entry.kappa < table.min_kappa))
