"""Node instrumentation: errors become state, tokens and durations are recorded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langgraph.errors import GraphInterrupt

from editorial_ai.llm.base import LLMRequest
from editorial_ai.llm.retry import RetryingClient
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.observability.node_wrapper import node_wrapper
from editorial_ai.observability.run_log import RunLog
from editorial_ai.observability.tokens import harvest_tokens, record_token_usage, start_token_scope

STATE = {"thread_id": "thread-x"}


def _client() -> RetryingClient:
    return RetryingClient(ScriptedClient({"x": [{"text": "twelve chars"}]}, name="scripted:unit"), base_wait_s=0.001)


async def test_success_records_tokens_in_state_and_log(tmp_path: Path) -> None:
    log = RunLog(tmp_path)
    client = _client()

    async def node(state: dict[str, Any]) -> dict[str, Any]:
        await client.generate(LLMRequest(prompt="p" * 40, purpose="x"))
        await client.generate(LLMRequest(prompt="q" * 8, purpose="x"))
        return {"pipeline_status": "drafting"}

    update = await node_wrapper("editorial", node, log)(STATE)
    assert update["pipeline_status"] == "drafting"
    usage = update["token_usage"]
    assert len(usage) == 2 and all(u["node"] == "editorial" and u["model_name"] == "scripted:unit" for u in usage)
    assert usage[0]["prompt_tokens"] == 10 and usage[0]["completion_tokens"] == 3
    assert all(u["seconds"] >= 0 and u["purpose"] == "x" for u in usage)  # each call's wall time, for the bench
    (record,) = log.read("thread-x")
    assert record["node_name"] == "editorial" and record["status"] == "success" and record["error"] is None
    assert record["total_tokens"] == sum(u["prompt_tokens"] + u["completion_tokens"] for u in usage)
    assert record["duration_ms"] >= 0 and record["started_at"]


async def test_error_becomes_error_log_and_failed_status(tmp_path: Path) -> None:
    log = RunLog(tmp_path)
    client = _client()

    async def node(state: dict[str, Any]) -> dict[str, Any]:
        await client.generate(LLMRequest(prompt="spent before the crash", purpose="x"))
        raise RuntimeError("catalog unreachable")

    update = await node_wrapper("source", node, log)(STATE)
    assert update["pipeline_status"] == "failed"
    assert update["error_log"] == ["source: RuntimeError: catalog unreachable"]
    assert len(update["token_usage"]) == 1 and update["token_usage"][0]["node"] == "source"
    (record,) = log.read("thread-x")
    assert record["status"] == "error" and record["error"] == "RuntimeError: catalog unreachable"
    assert record["total_tokens"] > 0


async def test_interrupt_propagates_and_is_logged(tmp_path: Path) -> None:
    log = RunLog(tmp_path)

    async def node(state: dict[str, Any]) -> dict[str, Any]:
        raise GraphInterrupt(())

    with pytest.raises(GraphInterrupt):
        await node_wrapper("human_decision", node, log)(STATE)
    assert log.read("thread-x")[0]["status"] == "interrupted"


async def test_existing_token_usage_is_kept(tmp_path: Path) -> None:
    async def node(state: dict[str, Any]) -> dict[str, Any]:
        return {"token_usage": [{"prompt_tokens": 1, "completion_tokens": 1, "node": "earlier"}]}

    update = await node_wrapper("n", node, RunLog(tmp_path))({})
    assert update["token_usage"] == [{"prompt_tokens": 1, "completion_tokens": 1, "node": "earlier"}]
    assert RunLog(tmp_path).read("unknown")[0]["node_name"] == "n"


async def test_progress_hook_sees_enter_and_complete_and_its_errors_are_swallowed(tmp_path: Path) -> None:
    events: list[tuple[str, str]] = []

    def hook(node: str, event: str, payload: dict[str, Any]) -> None:
        events.append((node, event))
        raise ValueError("display broke")

    async def node(state: dict[str, Any]) -> dict[str, Any]:
        return {"pipeline_status": "sourcing"}

    update = await node_wrapper("source", node, RunLog(tmp_path), hook)(STATE)
    assert update["pipeline_status"] == "sourcing"
    assert events == [("source", "node_enter"), ("source", "node_complete")]


def test_token_scope() -> None:
    from editorial_ai.llm.base import TokenUsage

    harvest_tokens()
    start_token_scope()
    record_token_usage(TokenUsage(prompt_tokens=5, completion_tokens=1, model_name="m"), purpose="judge")
    assert harvest_tokens() == [{"prompt_tokens": 5, "completion_tokens": 1, "cached_tokens": 0, "model_name": "m",
                                 "purpose": "judge"}]
    assert harvest_tokens() == []
    start_token_scope()
    record_token_usage(TokenUsage(prompt_tokens=5, model_name="m"), purpose="judge", seconds=0.12345)
    assert harvest_tokens()[0]["seconds"] == 0.123
