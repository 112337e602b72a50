"""The remote path against a real OpenAI-compatible server: llama-cpp-python's server on loopback, serving the
embedded 270M GGUF for single requests and the embedded chat model for a keyword run to the human gate through
`openai:NAME@http://127.0.0.1:PORT/v1`."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from editorial_ai.config import Settings
from editorial_ai.llm.base import LLMError, LLMRequest
from editorial_ai.llm.model_files import gemma_path, qwen_path
from editorial_ai.llm.registry import get_client
from editorial_ai.models.curation import CuratedTopic
from editorial_ai.pipeline.runner import open_pipeline

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def _serving(model: Path, alias: str, log: Path) -> Iterator[str]:
    """llama-cpp-python's OpenAI-compatible server for `model` on a free loopback port, stopped on exit. Its log
    goes to a file: llama.cpp writes enough to fill a pipe nobody reads and stall the server."""
    port = _free_port()
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", alias,
             "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "8192", "--n_threads", "2"],
            stdout=sink, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited: {log.read_text(errors='replace')[-2000:]}")
            try:
                if httpx.get(f"{url}/models", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.5)
        else:
            raise RuntimeError(f"the server did not start within 180 s: {log.read_text(errors='replace')[-2000:]}")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:  # a server busy decoding may not stop in time: it must not outlive us
            process.kill()
            process.wait(timeout=30)


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The embedded 270M GGUF served on loopback: quick, for the format and log-probability requests."""
    with _serving(gemma_path(), "gemma", tmp_path_factory.mktemp("server") / "server.log") as url:
        yield url


@pytest.fixture(scope="module")
def chat_server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The embedded default chat model (Qwen2.5-Coder-1.5B-Instruct) served on loopback, for a whole run: through a
    chat template the 270M base model answers most paragraph requests empty, and the writer no longer keeps the
    filler its continuations brought (it failed with one usable paragraph)."""
    with _serving(qwen_path(), "qwen", tmp_path_factory.mktemp("chat_server") / "server.log") as url:
        yield url


async def test_structured_request_steps_down_from_a_refused_format(server_url: str) -> None:
    """The server answers response_format json_schema with a 500 validation error: the client steps down to a
    mode it accepts instead of retrying the refused one until the run fails."""
    client = get_client(f"openai:gemma@{server_url}", Settings(EDITORIAL_AI_LLM_TIMEOUT=400), retry=False,
                        cached=False)
    result = await client.generate(LLMRequest(prompt="Name a trend and one reason it spreads.",
                                              output_schema=CuratedTopic, max_tokens=300, temperature=0.0))
    assert isinstance(result.parsed, CuratedTopic)
    inner = getattr(client, "inner", client)
    assert inner.format_mode in ("json_object", "prompt")  # json_schema was refused and never retried
    assert result.usage.prompt_tokens > 0


async def test_the_server_gives_the_judge_answer_token_probabilities(server_url: str) -> None:
    """llama-cpp-python's server returns top log-probabilities: the judge reads P(Yes) there as it does from the
    embedded model, and a second question after the same draft is answered from the server's prefix cache."""
    client = get_client(f"openai:gemma@{server_url}", Settings(EDITORIAL_AI_LLM_TIMEOUT=400), retry=False,
                        cached=False)
    inner = getattr(client, "inner", client)
    draft = "Sources: Jennie carried the Chanel 22 Bag at the airport.\nDraft: Jennie carried the Chanel 22 Bag.\n"
    for question in ("Does the draft say only what the sources say? Answer Yes or No.",
                     "Is the draft about Jennie? Answer Yes or No."):
        try:
            shares = await inner.score_options([draft, question], ["Yes", "No"])
        except LLMError as exc:  # a base model may begin its answer with another word: said, never a verdict
            assert "began with" in str(exc)
        else:
            assert set(shares) == {"Yes", "No"} and sum(shares.values()) == pytest.approx(1.0)
    assert inner.profile.logprobs  # the server did return log-probabilities


@pytest.mark.timeout(1800)  # every step of a run over HTTP, one request at a time, on two cores
async def test_keyword_runs_to_the_gate_through_the_server(chat_server_url: str, tmp_path: Path) -> None:
    # One review cycle and a generous timeout: a whole article decodes about 5,000 tokens at 13-14 tok/s here.
    settings = Settings(EDITORIAL_AI_DATA_DIR=tmp_path, EDITORIAL_AI_MODEL=f"openai:qwen@{chat_server_url}",
                        EDITORIAL_AI_MAX_REVISIONS=1, EDITORIAL_AI_LLM_TIMEOUT=400)
    async with open_pipeline(settings) as pipeline:
        outcome = await pipeline.start({"seed_keyword": "Jennie Effect", "target_celeb": "Jennie"})
        state = outcome.state
        assert outcome.waiting_for_human, state.get("error_log")
        paragraphs = state["current_content"]["body_paragraphs"]
        assert len(paragraphs) >= 3 and all(len(p) >= 40 for p in paragraphs)
        logged = [entry for entry in state["tool_calls_log"] if entry.get("tool") == "editorial.generate"]
        assert logged and logged[0]["writer"].startswith("chat:")  # a chat server gets the chat writer
        assert any("Jennie" in p for p in paragraphs)  # the model wrote about the keyword's sources
        models = {u["model_name"] for u in state["token_usage"]}
        assert any("qwen" in m for m in models)
        assert {u.get("purpose") for u in state["token_usage"]} >= {"editorial_paragraph", "judge"}
