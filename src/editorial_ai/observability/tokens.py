"""Per-node token accounting through a ContextVar (seed 001 section 8.1)."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any, Protocol


class Usage(Protocol):
    """What is recorded of a call: any model that dumps its counts (llm.base.TokenUsage). Observability sits
    below the providers, so it names the shape rather than importing the LLM layer."""

    def model_dump(self) -> dict[str, Any]: ...


_usage: ContextVar[list[dict] | None] = ContextVar("editorial_ai_token_usage", default=None)
# The pipeline thread a node runs for; stateful clients (scripted scenarios) are scoped to it.
current_thread_id: ContextVar[str | None] = ContextVar("editorial_ai_thread_id", default=None)


def start_token_scope() -> None:
    """Begin collecting token usage for the current node (task-local)."""
    _usage.set([])


def record_token_usage(usage: Usage, *, purpose: str = "", seconds: float | None = None) -> None:
    """Record one LLM call's usage (and its wall time, when measured); a no-op outside a scope."""
    bucket = _usage.get()
    if bucket is not None:
        entry = usage.model_dump()
        entry["purpose"] = purpose
        if seconds is not None:
            entry["seconds"] = round(seconds, 3)
        bucket.append(entry)


def harvest_tokens() -> list[dict]:
    """Return the usage recorded since start_token_scope() and reset."""
    bucket = _usage.get() or []
    _usage.set([])
    return bucket


def peek_tokens(*, processed: bool = False) -> int:
    """Tokens recorded in the current scope so far (without resetting it); `processed` leaves out the prompt
    tokens a provider reused from its cache."""
    return sum(u.get("prompt_tokens", 0) + u.get("completion_tokens", 0)
               - (min(u.get("cached_tokens", 0), u.get("prompt_tokens", 0)) if processed else 0)
               for u in _usage.get() or [])
