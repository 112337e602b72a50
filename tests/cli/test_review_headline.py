"""The review table's headline agrees with its rows: advisory passes are not "FAILED"."""

from __future__ import annotations

from rich.console import Console

from editorial_ai.cli.render import review_headline, review_table


def _row(name: str, passed: bool, **extra: object) -> dict[str, object]:
    return {"criterion": name, "passed": passed, "severity": "major", "source": "judge", "reason": "r", **extra}


def test_advisory_passes_read_needs_a_human_and_a_counted_failure_reads_failed() -> None:
    advisory = {"passed": False, "criteria": [_row("validation", True), _row("clinical_accuracy", True, advisory=True)]}
    assert review_headline(advisory).startswith("NEEDS A HUMAN (1 advisory")
    failed = {"passed": False, "criteria": [_row("validation", False), _row("clinical_accuracy", True, advisory=True)]}
    assert review_headline(failed) == "FAILED"
    assert review_headline({"passed": True, "criteria": [_row("validation", True)]}) == "PASSED"
    console = Console(record=True, width=200)
    console.print(review_table(advisory))
    text = console.export_text()
    assert "Review: NEEDS A HUMAN" in text and "pass (advisory)" in text and "FAILED" not in text
