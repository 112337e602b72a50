"""Statuses are compared through the enums in models/status.py, never as string literals, in the API, CLI, store
and worker: a literal typo ("publised") compares False silently, an enum member fails at import."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import editorial_ai
from editorial_ai.models.status import ContentStatus, Decision, PipelineStatus, RunState

PACKAGE_ROOT = Path(editorial_ai.__file__).parent
CHECKED_PACKAGES = ("api", "cli", "store", "worker")
STATUS_WORDS = frozenset(
    member.value for enum in (ContentStatus, PipelineStatus, Decision, RunState) for member in enum
)


def _is_event_name(node: ast.expr) -> bool:
    # `event.name == "done"` compares a server-sent event's name, a wire vocabulary of its own, not a status.
    return isinstance(node, ast.Attribute) and node.attr == "name"


def _status_literals(node: ast.expr) -> list[str]:
    """The status words a comparison operand spells as literals (a constant or a tuple/list/set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in STATUS_WORDS:
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [word for element in node.elts for word in _status_literals(element)]
    return []


def literal_status_comparisons(source: str) -> list[tuple[int, str]]:
    """(line, word) for each comparison in `source` that spells a status word as a string literal."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare) or _is_event_name(node.left):
            continue
        for operand in (node.left, *node.comparators):
            found.extend((node.lineno, word) for word in _status_literals(operand))
    return found


def test_the_check_catches_literal_comparisons() -> None:
    source = 'a = row["status"] == "running"\nb = s in ("published", "other")\nc = "failed" != s\n'
    assert literal_status_comparisons(source) == [(1, "running"), (2, "published"), (3, "failed")]


def test_the_check_passes_enum_comparisons_and_event_names() -> None:
    source = 'a = row["status"] == RunState.RUNNING\nb = event.name == "done"\nc = s == "unrelated"\n'
    assert literal_status_comparisons(source) == []


@pytest.mark.parametrize("package", CHECKED_PACKAGES)
def test_no_status_literal_comparisons(package: str) -> None:
    offenders = [
        f"{path.relative_to(PACKAGE_ROOT)}:{line}: {word!r}"
        for path in sorted((PACKAGE_ROOT / package).rglob("*.py"))
        for line, word in literal_status_comparisons(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "compare with the enums in models/status.py instead:\n" + "\n".join(offenders)
