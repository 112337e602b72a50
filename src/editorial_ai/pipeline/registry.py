"""The content type registry: name -> ContentType, filled on first use by discovering the plug-ins.

The pipeline imports no content type. The first lookup imports every package and module of the bundled
`editorial_ai.content_types` package (found by scanning it, so a new type is one new package and no edit
elsewhere) and loads the `editorial_ai.content_types` entry points of the installed distributions (so another
distribution can add a type). Importing a type's package registers it: `register(MyType(name="recipe", ...))`
at import time puts its flow in the graph, its name in `run --content-type`, the API and the admin UI, and its
publisher behind the publish node. An entry point may also name a ContentType (or a list of them) directly.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import logging
import pkgutil
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from editorial_ai.llm.scripted import add_scenario_dir
from editorial_ai.pipeline.content_type import ContentType, Flow
from editorial_ai.review.profile import TEXT_REVIEW

log = logging.getLogger(__name__)

BUNDLED_PACKAGE = "editorial_ai.content_types"  # scanned by name: the pipeline never imports it statically
ENTRY_POINT_GROUP = "editorial_ai.content_types"
DEFAULT_CONTENT_TYPE = "fashion_magazine"

_registry: dict[str, ContentType] = {}
_lock = threading.RLock()
_loaded = False
_loading = False


class UnknownContentTypeError(LookupError):
    """No content type of that name is registered; the message lists the registered ones."""


def bundled_modules() -> list[str]:
    """The modules and packages directly under the bundled content_types package (names starting with `_`
    aside), found on disk without importing them."""
    spec = importlib.util.find_spec(BUNDLED_PACKAGE)
    locations = spec.submodule_search_locations if spec is not None else None
    if not locations:
        return []
    return sorted(f"{BUNDLED_PACKAGE}.{m.name}" for m in pkgutil.iter_modules(locations) if not m.name.startswith("_"))


def _declared(loaded: object) -> list[ContentType]:
    """The types an entry point's object declares: itself, or the types in a list (a module registers itself)."""
    if isinstance(loaded, ContentType):
        return [loaded]
    if isinstance(loaded, Iterable) and not isinstance(loaded, str | bytes):
        return [item for item in loaded if isinstance(item, ContentType)]
    return []


def load_entry_points(group: str = ENTRY_POINT_GROUP) -> list[str]:
    """Load the group's entry points of every installed distribution; returns the names of those that failed
    (logged and skipped: an outside package that cannot import must not stop the bundled types)."""
    failed = []
    for entry_point in importlib.metadata.entry_points(group=group):
        try:
            loaded = entry_point.load()
        except Exception:  # an outside plug-in's bug: report it, keep the rest working
            log.exception("content type entry point %r (%s) could not be loaded", entry_point.name, entry_point.value)
            failed.append(entry_point.name)
            continue
        for content_type in _declared(loaded):
            register(content_type)
    return failed


def _ensure_bundled() -> None:
    global _loaded, _loading
    if _loaded:
        return
    with _lock:  # other threads wait for the discovery; the discovering thread re-enters (RLock)
        if _loaded or _loading:
            return  # `_loading`: a type module looked a type up while it was imported (no recursion)
        _loading = True
        try:
            for module in bundled_modules():
                importlib.import_module(module)
            load_entry_points()
            _loaded = True
        finally:
            _loading = False


def register(content_type: ContentType, *, replace: bool = False) -> ContentType:
    """Add a type; a second type with the same name is refused unless `replace` (tests swap types this way). The
    scripted scenarios its package brings become loadable by name."""
    if content_type.name in _registry and not replace and _registry[content_type.name] is not content_type:
        raise ValueError(f"content type {content_type.name!r} is already registered")
    _registry[content_type.name] = content_type
    scenarios = content_type.scenario_dir()
    if scenarios is not None:
        add_scenario_dir(scenarios)
    return content_type


def unregister(name: str) -> None:
    """Remove a type (tests that registered a toy type clean up with this)."""
    _registry.pop(name, None)


@contextmanager
def registered_type(content_type: ContentType) -> Iterator[ContentType]:
    """Register a type for the duration of a block."""
    _ensure_bundled()
    register(content_type)
    try:
        yield content_type
    finally:
        unregister(content_type.name)


def all_content_types() -> list[ContentType]:
    """Every registered type, by name."""
    _ensure_bundled()
    return [_registry[name] for name in sorted(_registry)]


def content_type_for(name: str | None) -> ContentType:
    """The registered type of that name (None or "": the default article type)."""
    _ensure_bundled()
    key = name or DEFAULT_CONTENT_TYPE
    try:
        return _registry[key]
    except KeyError:
        known = ", ".join(sorted(_registry))
        raise UnknownContentTypeError(f"unknown content type {key!r}; choose one of {known}") from None


@dataclass(frozen=True)
class PlainText(ContentType):
    """Plain text reviewed by its own rubric (calibration records, the harness): not a registered type, judged as
    free text. It comes from no writer's prompt, so there is no example text to have copied."""

    def prompt_example_texts(self) -> list[str]:
        """None: no prompt showed an example."""
        return []


def content_type_or_generic(name: str) -> ContentType:
    """The registered type of that name, or a generic one for a name that only names a rubric (`text`: plain
    text judged by rubrics/text.yaml), so the callers of the review take a profile from one place whatever they
    are given."""
    _ensure_bundled()
    if name in _registry:
        return _registry[name]
    if name == TEXT_REVIEW:
        return PlainText(name=name, label="Plain text", free_text_review=True)
    return ContentType(name=name, label=name)


def pipeline_content_types() -> list[str]:
    """Names of the types `run`, the API and the admin UI accept (those with a pipeline flow)."""
    return [t.name for t in all_content_types() if t.runs_in_pipeline]


def evaluable_content_types() -> list[str]:
    """Names of the types the evaluation harness can generate and judge."""
    return [t.name for t in all_content_types() if t.evaluation is not None]


def pipeline_flows() -> list[Flow]:
    """The distinct flows of the pipeline types (types sharing a flow name share its nodes)."""
    flows: dict[str, Flow] = {}
    for content_type in all_content_types():
        flow = content_type.flow()
        if flow is not None:
            flows.setdefault(flow.name, flow)
    return list(flows.values())
