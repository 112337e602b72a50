"""The content type registry: name -> ContentType, with the bundled types registered on first use.

Registering is the only step a new type needs: `register(MyType(name="recipe", label="Recipe"))` before the
pipeline is opened puts its flow in the graph, its name in `run --content-type`, the API and the admin UI,
and its publisher behind the publish node.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from editorial_ai.content_types.base import ContentType, Flow
from editorial_ai.review.profile import TEXT_REVIEW

# Modules that register the bundled types when imported (kept lazy: listing names must not import langgraph).
BUNDLED_MODULES = (
    "editorial_ai.content_types.article",
    "editorial_ai.content_types.exam_item",
    "editorial_ai.content_types.research_brief",
    "editorial_ai.content_types.product_spec",
)
DEFAULT_CONTENT_TYPE = "fashion_magazine"

_registry: dict[str, ContentType] = {}
_lock = threading.RLock()
_loaded = False


class UnknownContentTypeError(LookupError):
    """No content type of that name is registered; the message lists the registered ones."""


def _ensure_bundled() -> None:
    global _loaded
    if _loaded:
        return
    with _lock:
        if not _loaded:
            for module in BUNDLED_MODULES:
                importlib.import_module(module)
            _loaded = True


def register(content_type: ContentType, *, replace: bool = False) -> ContentType:
    """Add a type; a second type with the same name is refused unless `replace` (tests swap types this way)."""
    if content_type.name in _registry and not replace and _registry[content_type.name] is not content_type:
        raise ValueError(f"content type {content_type.name!r} is already registered")
    _registry[content_type.name] = content_type
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
