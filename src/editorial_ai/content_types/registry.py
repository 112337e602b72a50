"""The content type registry as the layers above the pipeline use it (the API, the CLI, the harness): a
re-export of pipeline/registry.py, which discovers the types (this package's subpackages and modules, and the
`editorial_ai.content_types` entry points of other distributions)."""

from editorial_ai.pipeline.registry import (
    DEFAULT_CONTENT_TYPE,
    UnknownContentTypeError,
    all_content_types,
    content_type_for,
    content_type_or_generic,
    evaluable_content_types,
    pipeline_content_types,
    pipeline_flows,
    register,
    registered_type,
    unregister,
)

__all__ = [
    "DEFAULT_CONTENT_TYPE",
    "UnknownContentTypeError",
    "all_content_types",
    "content_type_for",
    "content_type_or_generic",
    "evaluable_content_types",
    "pipeline_content_types",
    "pipeline_flows",
    "register",
    "registered_type",
    "unregister",
]
