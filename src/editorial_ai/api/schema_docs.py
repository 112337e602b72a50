"""The request constraints the validators enforce, written into the OpenAPI document as JSON Schema.

A client (or a fuzzer) reading the document must be able to tell a request the server accepts from one it
refuses: text holds no control characters, required text is not blank, a revision says something, and a
requested model is one the operator allows.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.models.run_request import WHITE_SPACE

# Control characters (category Cc) and U+FFFD, which undecodable form bytes turn into.
_CTRL = "\\u0000-\\u001f\\u007f-\\u009f\\ufffd"
_CTRL_MULTILINE = "\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\ufffd"


def _escaped(chars: str) -> str:
    """`chars` as a character class body of \\uXXXX escapes, which every regex engine reads alike."""
    return "".join(f"\\u{ord(c):04x}" for c in chars)


# What str_strip_whitespace removes (Unicode White_Space), spelled out so every regex engine agrees: `\\s` differs
# between them (ECMA-262 counts U+FEFF and not U+0085; Python counts U+001C-U+001F).
_SPACE = _escaped(WHITE_SPACE)
# The spaces a request may put around text: White_Space without the control characters (tab, line breaks, U+0085),
# which are refused wherever they stand in one-line text, as the server does before it strips anything.
_PAD = _escaped("".join(c for c in WHITE_SPACE if unicodedata.category(c) != "Cc"))

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
    {"required": ["comments"], "properties": {"comments": {"minItems": 1}}},
]}
_MODEL_NAME = "[A-Za-z0-9][A-Za-z0-9_.:/-]{0,99}"


def model_pattern(settings: Settings) -> str:
    """A regex of the model strings the allowlist admits (wildcards as plain model names)."""
    options = [re.escape(p).replace("\\*", _MODEL_NAME) for p in [settings.model, *settings.model_allowlist()]]
    options += [f"openai:{_MODEL_NAME}@{re.escape(url)}/?" for url in settings.base_url_allowlist()]
    return padded(options)


def padded(options: list[str]) -> str:
    """A regex of one of `options` (or nothing: blank means the default), around spaces that are stripped."""
    if not options:  # only blank: an empty alternation `(?:)?` was not read as a constraint by every engine
        return f"^[{_PAD}]*$"
    return f"^[{_PAD}]*(?:" + "|".join(dict.fromkeys(options)) + f")?[{_PAD}]*$"


def choices_pattern(options: tuple[str, ...] | list[str], *, most: int) -> str:
    """A regex of 1 to `most` of `options` separated by commas (or nothing: blank means the default), with spaces
    around each that are stripped: the run's tone ("warm, playful")."""
    one = "(?:" + "|".join(re.escape(o) for o in options) + ")"
    return f"^[{_PAD}]*(?:{one}(?:[{_PAD}]*,[{_PAD}]*{one}){{0,{most - 1}}})?[{_PAD}]*$"


def descriptor_pattern(*, required: bool) -> str:
    """A run option written into prompts (keyword, tone, style...): plain words (prompts/sanitize.py), around the
    whitespace that is stripped; blank too unless `required`."""
    from editorial_ai.prompts.sanitize import DESCRIPTOR_CHARS

    words = f"[\\w][{DESCRIPTOR_CHARS}]*"
    return f"^[{_PAD}]*" + (words if required else f"(?:{words})?") + f"[{_PAD}]*$"


def _document_free_text(schemas: dict[str, Any]) -> None:
    """Every request's text field the validators check for control characters says so with a pattern (a field
    given none of its own): `note` of approve, publish and revert included."""
    from editorial_ai.models.run_request import MULTILINE_FIELDS

    for name, schema in schemas.items():
        if not name.endswith("Request"):
            continue
        for field, prop in schema.get("properties", {}).items():
            for option in prop.get("anyOf", [prop]):
                if option.get("type") == "string" and "pattern" not in option and "enum" not in option:
                    option["pattern"] = TEXT if field in MULTILINE_FIELDS else LINE


def _string_pattern(prop: dict[str, Any], pattern: str) -> None:
    """Set `pattern` on the string option of `prop` itself: a pattern beside anyOf was read as free text by
    generators and clients, which then sent what the server refuses (or the other way round)."""
    prop.pop("pattern", None)
    for option in prop.get("anyOf", [prop]):
        if option.get("type") == "string":
            option["pattern"] = pattern


def document_constraints(doc: dict[str, Any], settings: Settings) -> None:
    """Add what only this server's settings, or another model's fields, decide to the generated document."""
    schemas = doc.get("components", {}).get("schemas", {})
    _document_free_text(schemas)
    for name in ("PublishRequest", "UnpublishRequest"):  # refused (422) unless true: the document says so
        confirm = schemas.get(name, {}).get("properties", {}).get("confirm")
        if confirm is not None:
            confirm["enum"] = [True]
            required = schemas[name].setdefault("required", [])
            required += [] if "confirm" in required else ["confirm"]
    request = schemas.get("TriggerRequest", {})
    trigger = request.get("properties", {})
    for name in ("model", "judge_model"):
        if name in trigger:
            _string_pattern(trigger[name], model_pattern(settings))
    if "tenant" in trigger:  # a name in EDITORIAL_AI_TENANTS_FILE (none listed: only blank)
        from editorial_ai.review.policy import load_tenants

        tenants = sorted(load_tenants(settings.tenants_file).tenants)
        _string_pattern(trigger["tenant"], padded([re.escape(t) for t in tenants]))
    if "tone" in trigger:  # a choice: 1 to MAX_TONES of the tones the prompts know (prompts/sanitize.py)
        from editorial_ai.prompts.sanitize import MAX_TONES, TONES

        _string_pattern(trigger["tone"], choices_pattern(TONES, most=MAX_TONES))
        trigger["tone"]["description"] = (f"One of {', '.join(TONES)}, or up to {MAX_TONES} of them separated by "
                                          "commas; blank means sophisticated.")
    for field in ("sentence", "comment"):  # one line, not blank once the spaces around it are stripped
        prop = schemas.get("SentenceComment", {}).get("properties", {}).get(field)
        if prop is not None:
            _string_pattern(prop, LINE_NON_BLANK)
    if "slo" in trigger and "blooms_level" in trigger:
        request.setdefault("allOf", []).append(_exam_only(settings))
    notes = schemas.get("ReviewForm", {}).get("properties", {}).get("notes")
    if notes is not None:
        notes["pattern"] = TEXT


def _exam_only(settings: Settings) -> dict[str, Any]:
    """SLO and Bloom's level are accepted only when the run's content type (given, else the server's default) is
    exam_item: `if` the request is not an exam item, `then` both are null or blank."""
    from editorial_ai.models.run_request import EXAM_CONTENT_TYPE

    blank: dict[str, Any] = {"anyOf": [{"type": "null"}, {"type": "string", "pattern": f"^[{_PAD}]*$"}]}
    named_exam: dict[str, Any] = {"required": ["content_type"], "properties": {"content_type": {
        "type": "string", "pattern": f"^[{_PAD}]*{EXAM_CONTENT_TYPE}[{_PAD}]*$"}}}
    exam: dict[str, Any] = named_exam
    if settings.content_type == EXAM_CONTENT_TYPE:  # left out, null or blank means the server's default
        exam = {"anyOf": [named_exam, {"not": {"required": ["content_type"]}},
                          {"properties": {"content_type": blank}}]}
    return {"if": {"not": exam}, "then": {"properties": {"slo": blank, "blooms_level": blank}}}
