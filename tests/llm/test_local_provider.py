"""The embedded llama.cpp provider on the real shipped model."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel, Field

from editorial_ai.config import Settings
from editorial_ai.llm.base import LLMRequest
from editorial_ai.llm.registry import get_client

pytestmark = pytest.mark.slow


class Caption(BaseModel):
    caption: str = Field(min_length=12, max_length=160)
    mood: str = Field(max_length=30)
    tags: list[str] = Field(min_length=1, max_length=3)


async def test_structured_output_is_valid_and_counts_tokens() -> None:
    client = get_client("local:gemma-3-270m", Settings())
    result = await client.generate(LLMRequest(
        prompt="Photo: a model in a red coat on a rainy street in Seoul.\nJSON:", output_schema=Caption,
        few_shot=['Photo: a dancer in white on a stage.\nJSON: {"caption": "A dancer in white owns the stage", '
                  '"mood": "bright", "tags": ["dance", "white"]}'],
        temperature=0.0, max_tokens=120,
    ))
    assert isinstance(result.parsed, Caption)
    assert len(result.parsed.caption) >= 12
    assert result.usage.prompt_tokens > 20
    assert result.usage.completion_tokens > 0
    assert result.usage.model_name == "local:gemma-3-270m"


async def test_plain_generation_respects_max_tokens() -> None:
    client = get_client("local:gemma-3-270m", Settings())
    result = await client.generate(LLMRequest(prompt="The three best colours for autumn are", max_tokens=8,
                                              temperature=0.0))
    assert result.text.strip()
    assert result.usage.completion_tokens <= 8


def test_loading_the_model_prints_nothing_of_llama_cpp_on_stderr(tmp_path: Path) -> None:
    code = ("from editorial_ai.config import Settings; from editorial_ai.llm.local import load_llama; "
            f"load_llama(Settings(EDITORIAL_AI_DATA_DIR={str(tmp_path)!r}))")
    env = {**os.environ, "EDITORIAL_AI_LOCAL_THREADS": "1"}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    assert "llama" not in proc.stderr.lower() and "cache" not in proc.stderr.lower(), proc.stderr
