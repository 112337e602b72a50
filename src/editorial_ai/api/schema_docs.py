"""The request constraints the validators enforce, written into the OpenAPI document as JSON Schema.

A client (or a fuzzer) reading the document must be able to tell a request the server accepts from one it
refuses: text holds no control characters, required text is not blank, a revision says something, and a
requested model is one the operator allows.
"""

from __future__ import annotations

import re
from typing import Any

from editorial_ai.config import Settings

# Control characters (category Cc) and U+FFFD, which undecodable form bytes turn into.
_CTRL = "\\u0000-\\u001f\\u007f-\\u009f\\ufffd"
_CTRL_MULTILINE = "\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\ufffd"
# What str_strip_whitespace removes (Unicode White_Space), spelled out so every regex engine agrees.
_SPACE = "\\u0009-\\u000d\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"

LINE = f"^[^{_CTRL}]*$"
LINE_NON_BLANK = f"^[^{_CTRL}]*[^{_SPACE}{_CTRL}][^{_CTRL}]*$"
TEXT = f"^[^{_CTRL_MULTILINE}]*$"
TEXT_NON_BLANK = f"^[^{_CTRL_MULTILINE}]*[^{_SPACE}{_CTRL_MULTILINE}][^{_CTRL_MULTILINE}]*$"

_FINDINGS = [{"required": ["notes"], "properties": {"notes": {"type": "string", "pattern": TEXT_NON_BLANK}}},
             {"required": ["information_present"], "properties": {"information_present": {"const": False}}},
             *({"required": [flag], "properties": {flag: {"const": True}}}
               for flag in ("missing_spec", "bad_format", "wrong_information", "wrong_physical_dimensions"))]
REVISE_SAYS_SOMETHING: dict[str, Any] = {"anyOf": [
    {"required": ["feedback"], "properties": {"feedback": {"type": "string", "pattern": TEXT_NON_BLANK}}},
    {"required": ["missing_spec_fields"], "properties": {"missing_spec_fields": {"minItems": 1}}},
    {"required": ["review_form"], "properties": {"review_form": {"type": "object", "anyOf": _FINDINGS}}},
]}
_MODEL_NAME = "[A-Za-z0-9][A-Za-z0-9_.:/-]{0,99}"


def model_pattern(settings: Settings) -> str:
    """A regex of the model strings the allowlist admits (wildcards as plain model names)."""
    options = [re.escape(p).replace("\\*", _MODEL_NAME) for p in [settings.model, *settings.model_allowlist()]]
    options += [f"openai:{_MODEL_NAME}@{re.escape(url)}/?" for url in settings.base_url_allowlist()]
    return padded(options)


def padded(options: list[str]) -> str:
    """A regex of one of `options` (or nothing: blank means the default), around whitespace that is stripped."""
    return f"^[{_SPACE}]*(?:" + "|".join(dict.fromkeys(options)) + f")?[{_SPACE}]*$"


def document_constraints(doc: dict[str, Any], settings: Settings) -> None:
    """Add what only this server's settings, or another model's fields, decide to the generated document."""
    schemas = doc.get("components", {}).get("schemas", {})
    trigger = schemas.get("TriggerRequest", {}).get("properties", {})
    if "model" in trigger:
        trigger["model"]["pattern"] = model_pattern(settings)
    notes = schemas.get("ReviewForm", {}).get("properties", {}).get("notes")
    if notes is not None:
        notes["pattern"] = TEXT
