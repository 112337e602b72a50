"""What the admin UI offers in its model select (whether a model can run here: models/run_request.py)."""

from __future__ import annotations

from typing import Any

from editorial_ai.config import DEFAULT_MODEL, Settings
from editorial_ai.llm.registry import ModelNotAllowedError, check_requested_model
from editorial_ai.llm.scripted import scenario_names
from editorial_ai.models.run_request import model_problem

# Shown in the UI's select when the allowlist permits them (the operator's key decides if they can run).
KNOWN_REMOTE = ("gemini:gemini-2.5-flash", "openai:gpt-4o-mini")


def scripted_models(settings: Settings) -> list[str]:
    """Every loadable scripted scenario as a model string."""
    return [f"scripted:{name}" for name in scenario_names(settings.scenario_dir)]


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
