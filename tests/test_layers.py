"""Layers point one way: no module imports from a layer above its own (docs/architecture.md, "Layers").

Every import counts, including those inside functions and under TYPE_CHECKING: a lazy import still ties the lower
layer to the higher one. The few that remain in the code are listed in KNOWN_UPWARD_IMPORTS with the reason and the
fix; an entry that no longer occurs fails the test, so the list only shrinks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import editorial_ai

PACKAGE_ROOT = Path(editorial_ai.__file__).parent

# Top to bottom; packages on one line are one layer and may import each other.
LAYERS: list[tuple[str, ...]] = [
    ("cli", "api"),
    ("benchmarks",),  # measured figures printed by `editorial-ai bench`: a consumer of everything below
    ("evaluation",),  # harness, calibration: a top-level consumer that nothing below may import
    ("worker", "pipeline"),
    ("content_types",),
    ("services",),
    ("review", "prompts"),
    ("llm", "store", "models", "observability", "migrations"),
    ("config", "data", "rubrics"),  # data and rubrics hold files only (sample catalog, rubric YAML)
]
RANK: dict[str, int] = {name: len(LAYERS) - i for i, layer in enumerate(LAYERS) for name in layer}

# (importing file relative to the package, imported layer package) -> why it is still there and what fixes it.
KNOWN_UPWARD_IMPORTS: dict[tuple[str, str], str] = {
    ("content_types/article.py", "pipeline"): (
        "a type's flow() builds its nodes from pipeline/nodes and routers (lazy imports); fix: the flow tables "
        "live in pipeline/ (one flow builder per type name), the type module declares only data and hooks"),
    ("content_types/exam_item.py", "pipeline"): "as content_types/article.py (its flow() wires pipeline nodes)",
    ("content_types/product_spec.py", "pipeline"): "as content_types/article.py (its flow() wires pipeline nodes)",
    ("content_types/base.py", "pipeline"): "NodeMaker/PipelineNode type hints of Flow (TYPE_CHECKING only)",
    ("content_types/base.py", "evaluation"): (
        "ContentType.review_for_harness calls evaluation.artifact_review; fix: the harness keeps the table of "
        "evaluation functions per review mode and the type declares only the mode's name"),
    ("content_types/exam_item.py", "evaluation"): "as content_types/base.py (calls evaluation.exam_review)",
    ("models/run_request.py", "content_types"): (
        "RunRequest validates the content type against the registry; fix: RunRequest (built by cli and api) "
        "moves up to pipeline/, or the check moves to the request builder"),
    ("models/run_request.py", "review"): "as content_types above (RunRequest validates the tenant with review.policy)",
    ("review/completeness.py", "content_types"): (
        "review code asks the registry for per-type review settings; fix: the pipeline node passes the type's "
        "settings (length rule, free-text review, examples) in ReviewContext"),
    ("review/deterministic.py", "content_types"): "as review/completeness.py",
    ("review/text_checks.py", "content_types"): "as review/completeness.py",
    ("prompts/review.py", "content_types"): "as review/completeness.py (the judge prompt's per-type few-shot)",
}


def _layer_of(relative: Path) -> str:
    return relative.parts[0].removesuffix(".py")


def _imported_modules(path: Path, module: str) -> list[str]:
    """Every module `path` imports, anywhere in the file; relative imports resolved against `module`'s package."""
    package = module.split(".")[:-1]  # `module` ends with the file's stem (`__init__` for a package)
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            anchor = package[: len(package) - node.level + 1] if node.level else []
            found.append(".".join(anchor + ([node.module] if node.module else [])))
    return found


def upward_imports(root: Path, package: str = "editorial_ai") -> dict[tuple[str, str], list[str]]:
    """(file, imported layer) -> the imported modules, for every import of a higher layer under `root`."""
    found: dict[tuple[str, str], list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        layer = _layer_of(relative)
        if layer == "__init__":
            continue
        module = ".".join((package, *relative.with_suffix("").parts))
        for imported in _imported_modules(path, module):
            parts = imported.split(".")
            if parts[0] != package or len(parts) < 2 or parts[1] == layer:
                continue
            target = parts[1]
            if target not in RANK or layer not in RANK:
                raise AssertionError(f"{relative} or {imported} is in no layer: add it to LAYERS in "
                                     "tests/test_layers.py and to the layer table in docs/architecture.md")
            if RANK[target] > RANK[layer]:
                found.setdefault((relative.as_posix(), target), []).append(imported)
    return found


def test_every_package_has_a_layer() -> None:
    packages = {p.name for p in PACKAGE_ROOT.iterdir() if p.is_dir() and any(p.rglob("*.py"))}
    modules = {p.stem for p in PACKAGE_ROOT.glob("*.py") if p.stem != "__init__"}
    missing = sorted((packages | modules) - set(RANK))
    assert not missing, f"place {missing} in LAYERS (tests/test_layers.py) and in docs/architecture.md"


def test_no_module_imports_a_higher_layer() -> None:
    new = {key: modules for key, modules in upward_imports(PACKAGE_ROOT).items() if key not in KNOWN_UPWARD_IMPORTS}
    lines = [f"{file} imports {', '.join(sorted(set(modules)))} ({target} is a higher layer)"
             for (file, target), modules in sorted(new.items())]
    assert not lines, ("upward imports (move the shared code down to the importer's layer or below):\n"
                       + "\n".join(lines))


def test_known_upward_imports_still_exist() -> None:
    stale = sorted(set(KNOWN_UPWARD_IMPORTS) - set(upward_imports(PACKAGE_ROOT)))
    assert not stale, f"fixed, remove from KNOWN_UPWARD_IMPORTS: {stale}"


def _write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_check_finds_top_level_lazy_type_only_and_relative_upward_imports(tmp_path: Path) -> None:
    _write(tmp_path, "services/__init__.py", "")
    _write(tmp_path, "services/top.py", "from editorial_ai.evaluation.critic import critique\n")
    _write(tmp_path, "services/lazy.py", "def f():\n    import editorial_ai.pipeline.graph\n")
    _write(tmp_path, "services/typing_only.py",
           "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from editorial_ai.cli import main\n")
    _write(tmp_path, "services/relative.py", "from ..content_types import registry\n")
    _write(tmp_path, "services/fine.py",
           "from editorial_ai.llm.base import LLMClient\nfrom editorial_ai.services import top\nfrom . import lazy\n")
    found = upward_imports(tmp_path)
    assert found == {
        ("services/top.py", "evaluation"): ["editorial_ai.evaluation.critic"],
        ("services/lazy.py", "pipeline"): ["editorial_ai.pipeline.graph"],
        ("services/typing_only.py", "cli"): ["editorial_ai.cli"],
        ("services/relative.py", "content_types"): ["editorial_ai.content_types"],
    }


def test_a_package_in_no_layer_is_reported(tmp_path: Path) -> None:
    _write(tmp_path, "newthing/x.py", "from editorial_ai.config import Settings\n")
    with pytest.raises(AssertionError, match=r"newthing.* is in no layer"):
        upward_imports(tmp_path)
