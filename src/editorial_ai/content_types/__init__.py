"""Content types as plug-ins above the pipeline: one package (or module) per type, found by the registry
(pipeline/registry.py scans this package and the `editorial_ai.content_types` entry points; see
docs/content_types.md). A type imports the contract from `content_types.base`; the API, the CLI and the
harness look types up through `content_types.registry`."""
