"""Layers point one way and modules import in no circle (docs/architecture.md, "Layers").

Every import counts, including those inside functions and under TYPE_CHECKING: a lazy import still ties the lower
layer to the higher one. None remains: KNOWN_UPWARD_IMPORTS is empty, and an entry added to it must name the reason
and the fix (an entry that no longer occurs fails the test). The pipeline finds the content types above it by
name (pipeline/registry.py scans content_types/ and loads entry points), which is no import.
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
    ("content_types",),  # plug-ins: each type's package wires its flow from the pipeline's pieces
    ("worker", "pipeline"),  # the core: the registry finds the types by scanning and entry points, never imports one
    ("services",),
    ("review",),
    ("prompts",),  # pure functions building prompt text: the review and the services call them, never the reverse
    ("llm", "store", "models", "observability"),
    ("migrations",),  # the schema revisions the stores apply; they import no store (their command is an entry)
    ("config", "data", "rubrics", "text"),  # data and rubrics hold files only; text: sentences and words (stdlib)
]
RANK: dict[str, int] = {name: len(LAYERS) - i for i, layer in enumerate(LAYERS) for name in layer}

# (importing file relative to the package, imported layer package) -> why it is still there and what fixes it.
# Empty, and kept so: a new upward import is moved down, not listed.
KNOWN_UPWARD_IMPORTS: dict[tuple[str, str], str] = {}


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
        if layer == "__init__" or relative.name == "__main__.py":
            continue  # a package's __main__ is a command (`python -m ...`): an entry point, as cli/ is
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


def _module_name(relative: Path, package: str) -> str:
    parts = relative.with_suffix("").parts
    return ".".join((package, *(parts[:-1] if parts[-1] == "__init__" else parts)))


def import_graph(root: Path, package: str = "editorial_ai") -> dict[str, set[str]]:
    """module -> the package's modules it imports (anywhere in the file). `from a import b` points at the module
    `a.b` when there is one, else at `a`: importing a sibling module through its package is no edge to the
    package's `__init__`."""
    paths = {_module_name(p.relative_to(root), package): p for p in sorted(root.rglob("*.py"))}

    def known(name: str) -> str | None:
        while name and name not in paths:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        anchor_of = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        targets: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                targets.update(known(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                anchor = anchor_of[: len(anchor_of) - node.level + 1] if node.level else []
                base = ".".join(anchor + ([node.module] if node.module else []))
                targets.update(f"{base}.{a.name}" if f"{base}.{a.name}" in paths else known(base) for a in node.names)
        graph[module] = {t for t in targets if t is not None and t != module and t != package}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative): each is a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    circles.append(sorted(group))
    return circles


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
    _write(tmp_path, "migrations/__main__.py", "from editorial_ai.store.factory import storage_plan\n")
    _write(tmp_path, "migrations/runner.py", "from editorial_ai.store.factory import storage_plan\n")
    _write(tmp_path, "services/fine.py",
           "from editorial_ai.llm.base import LLMClient\nfrom editorial_ai.services import top\nfrom . import lazy\n")
    found = upward_imports(tmp_path)
    assert found == {
        ("services/top.py", "evaluation"): ["editorial_ai.evaluation.critic"],
        ("services/lazy.py", "pipeline"): ["editorial_ai.pipeline.graph"],
        ("services/typing_only.py", "cli"): ["editorial_ai.cli"],
        ("services/relative.py", "content_types"): ["editorial_ai.content_types"],
        ("migrations/runner.py", "store"): ["editorial_ai.store.factory"],  # its __main__, a command, may
    }


def test_a_package_in_no_layer_is_reported(tmp_path: Path) -> None:
    _write(tmp_path, "newthing/x.py", "from editorial_ai.config import Settings\n")
    with pytest.raises(AssertionError, match=r"newthing.* is in no layer"):
        upward_imports(tmp_path)


def test_no_import_circle() -> None:
    circles = import_circles(import_graph(PACKAGE_ROOT))
    assert not circles, ("modules that import each other, directly or around a circle (move what they share into "
                         "a module below both):\n" + "\n".join(" <-> ".join(c) for c in circles))


def test_the_check_finds_circles_through_lazy_and_relative_imports(tmp_path: Path) -> None:
    _write(tmp_path, "store/__init__.py", "from editorial_ai.store.a import A\n")
    _write(tmp_path, "store/a.py", "def f():\n    from . import b\n")
    _write(tmp_path, "store/b.py", "from editorial_ai.store.c import C\n")
    _write(tmp_path, "store/c.py",
           "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import editorial_ai.store.a\n")
    _write(tmp_path, "store/d.py", "from editorial_ai.store import a\n")  # through the package: an edge to a only
    graph = import_graph(tmp_path)
    assert graph["editorial_ai.store.d"] == {"editorial_ai.store.a"}
    assert import_circles(graph) == [["editorial_ai.store.a", "editorial_ai.store.b", "editorial_ai.store.c"]]
