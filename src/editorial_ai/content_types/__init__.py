"""Content types as plug-ins: one module per type, found through the registry (see docs/content_types.md)."""

from editorial_ai.content_types.base import GATE_NODE, ContentType, Flow
from editorial_ai.content_types.registry import (
    UnknownContentTypeError,
    all_content_types,
    content_type_for,
    pipeline_content_types,
    register,
    registered_type,
)

__all__ = [
    "GATE_NODE",
    "ContentType",
    "Flow",
    "UnknownContentTypeError",
    "all_content_types",
    "content_type_for",
    "pipeline_content_types",
    "register",
    "registered_type",
]
