"""The social post type was added as one package: the commit that added it changed nothing outside its package
and its tests (issue 23: a new reviewed content type needs no edit anywhere else)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
PACKAGE = "src/editorial_ai/content_types/social_post/"
TESTS = "tests/content_types/social_post/"


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=True).stdout


def _adding_commit() -> str:
    """The commit that added the package (the oldest that touched its `__init__.py`)."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("not a git checkout")
    commits = _git("log", "--format=%H", "--diff-filter=A", "--", f"{PACKAGE}__init__.py").split()
    if not commits:
        if _git("rev-parse", "--is-shallow-repository").strip() == "true":
            pytest.skip("a shallow clone does not hold the commit that added the package")
        pytest.fail(f"no commit adds {PACKAGE}: commit the package")
    return commits[-1]


def test_the_commit_that_added_the_type_changed_only_its_package_and_its_tests() -> None:
    commit = _adding_commit()
    stat = _git("show", "--stat=400,300", "--format=", commit)
    changed = _git("show", "--name-only", "--format=", commit).split()
    assert changed and stat.strip(), commit
    outside = [path for path in changed if not path.startswith((PACKAGE, TESTS))]
    assert not outside, f"commit {commit[:10]} changed more than the package:\n{stat}"
    assert f"{PACKAGE}__init__.py" in changed and f"{TESTS}test_one_package.py" in changed
