"""check_requested_model: the operator's allowlist decides what a request may run."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from editorial_ai.llm.registry import ModelNotAllowedError, check_requested_model


@pytest.mark.parametrize(("allowed", "base_urls", "model", "ok"), [
    (None, None, "scripted:happy", True),  # the server's own model
    (None, None, "local:gemma-3-270m", True),  # local:* by default
    (None, None, "scripted:good", False),  # scripted only in test mode
    (None, None, "gemini:gemini-2.5-flash", False),
    ("gemini:*", None, "gemini:gemini-2.5-flash", True),
    ("openai:gpt-4o-mini", None, "openai:gpt-4o", False),
    (None, None, "openai:qwen@http://127.0.0.1:8080/v1", False),
    (None, "http://127.0.0.1:8080/v1/", "openai:qwen@http://127.0.0.1:8080/v1", True),
    (None, "http://127.0.0.1:8080/v1", "openai:qwen@http://127.0.0.1:9999/v1", False),
    (None, "http://127.0.0.1:8080/v1", "gemini:x@http://127.0.0.1:8080/v1", False),
    ("local:*", None, "local:/etc/passwd", False),
    ("local:*", None, "local:a/../../b", False),
    (None, None, "nonsense", False),
])
def test_allowlist(make_settings: Callable[..., Any], allowed: str | None, base_urls: str | None, model: str,
                   ok: bool) -> None:
    settings = make_settings(EDITORIAL_AI_ALLOWED_MODELS=allowed, EDITORIAL_AI_ALLOWED_BASE_URLS=base_urls)
    if ok:
        assert check_requested_model(model, settings).label.startswith(model.split("@")[0])
    else:
        with pytest.raises(ModelNotAllowedError) as caught:
            check_requested_model(model, settings)
        assert caught.value.fix and "allowed model" in caught.value.fix


def test_test_mode_allows_every_scripted_scenario(make_settings: Callable[..., Any]) -> None:
    settings = make_settings(EDITORIAL_AI_TEST_MODE=True)
    assert check_requested_model("scripted:hallucinate_then_fix", settings).model == "hallucinate_then_fix"
