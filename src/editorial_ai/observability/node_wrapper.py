"""Instrument pipeline nodes: duration, tokens per model, errors -> JSONL (seed 001 section 8.2)."""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from langgraph.errors import GraphInterrupt

from editorial_ai.observability.run_log import RunLog
from editorial_ai.observability.step_names import step_outcome
from editorial_ai.observability.tokens import current_thread_id, harvest_tokens, start_token_scope

logger = logging.getLogger(__name__)

NodeFn = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]
ProgressHook = Callable[[str, str, dict[str, Any]], None]


def node_wrapper(name: str, fn: NodeFn, run_log: RunLog, progress: ProgressHook | None = None) -> NodeFn:
    """Wrap a node; node errors become `error_log` entries with pipeline_status failed."""

    @functools.wraps(fn)
    async def wrapped(state: dict[str, Any]) -> dict[str, Any]:
        thread_id = state.get("thread_id") or "unknown"
        started_at = datetime.now(UTC).isoformat()
        started = time.perf_counter()
        start_token_scope()
        current_thread_id.set(thread_id)
        _notify(progress, name, "node_enter", {"thread_id": thread_id})
        status, error, outcome = "success", None, None
        try:
            update = await fn(state)
            outcome = step_outcome(update)  # a review's pass/fail, for progress views
        except GraphInterrupt:
            status = "interrupted"
            raise
        except Exception as exc:
            # Handled: the failure becomes an error_log entry. One log line; the traceback only at debug level.
            logger.error("node %s failed: %s: %s", name, type(exc).__name__, exc)
            logger.debug("node %s failed", name, exc_info=True)
            status, error = "error", f"{type(exc).__name__}: {exc}"
            update = {"error_log": [f"{name}: {error}"], "pipeline_status": "failed"}
        finally:
            usage = harvest_tokens()
            record = {
                "kind": "node",
                "thread_id": thread_id,
                "node_name": name,
                "status": status,
                "started_at": started_at,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                "token_usage": usage,
                "total_tokens": sum(u.get("prompt_tokens", 0) + u.get("completion_tokens", 0) for u in usage),
                "error": error,
                "outcome": outcome,
            }
            run_log.append(thread_id, record)
            _notify(progress, name, "node_complete", record)
        update.setdefault("token_usage", [])
        update["token_usage"] = [*update["token_usage"], *({**u, "node": name} for u in usage)]
        return update

    return wrapped


def _notify(progress: ProgressHook | None, node: str, event: str, payload: dict[str, Any]) -> None:
    if progress is None:
        return
    try:
        progress(node, event, payload)
    except Exception:
        logger.debug("progress hook failed", exc_info=True)
