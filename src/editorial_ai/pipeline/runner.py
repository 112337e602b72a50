"""Running, inspecting and resuming pipelines against durable state (SQLite or PostgreSQL)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from langgraph.types import Command

from editorial_ai.config import Settings, get_settings
from editorial_ai.llm.base import LLMClient
from editorial_ai.llm.routing import get_model_router
from editorial_ai.models.content_record import ContentRecord
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.models.status import DECISION_STATUS, Decision, PipelineStatus
from editorial_ai.observability.node_wrapper import ProgressHook
from editorial_ai.observability.run_log import RunLog, summarize_runs
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.graph import build_graph
from editorial_ai.pipeline.nodes.admin_gate import DECISION_EVENT_KEY
from editorial_ai.pipeline.state import total_tokens
from editorial_ai.store.contents import AWAITING
from editorial_ai.store.factory import close_stores, open_checkpointer, open_stores

RECURSION_LIMIT = 80


class NotFoundError(LookupError):
    """No such content or thread."""


class ConflictError(RuntimeError):
    """The content is not awaiting a decision."""


def _new_token() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class DecisionClaim:
    """A decision this process recorded and now owns the right to resume (see `Pipeline.claim`)."""

    content_id: str
    thread_id: str
    token: str
    event_id: int
    decision: dict[str, Any]  # the decision event's JSON payload, resumed into the graph as it was stored


@dataclass
class RunOutcome:
    """Where a run stands after it stopped (finished or waiting at the gate)."""

    thread_id: str
    # The graph's whole state: the gate state joined with every flow's keys (graph_state()), read by each caller
    # for the keys of its own type.
    state: dict[str, Any]
    waiting_for_human: bool
    next_nodes: tuple[str, ...] = field(default_factory=tuple)

    def summary(self) -> dict[str, Any]:
        """The machine-readable result of `run --json` (a JSON document for the terminal and scripts)."""
        review = self.state.get("review_result") or {}
        return {
            "thread_id": self.thread_id,
            "content_id": self.state.get("current_draft_id"),
            "pipeline_status": self.state.get("pipeline_status"),
            "waiting_for_human": self.waiting_for_human,
            "revision_count": self.state.get("revision_count", 0),
            "draft_version": self.state.get("draft_version", 0),
            "flags": self.state.get("flags", []),
            "title": (self.state.get("current_draft") or {}).get("title"),
            "review_result": review,
            "feedback_history": self.state.get("feedback_history", []),
            "error_log": self.state.get("error_log", []),
            "tokens": total_tokens(self.state),
        }


class Pipeline:
    """A compiled graph plus its stores."""

    def __init__(self, graph: Any, deps: PipelineDeps) -> None:
        self.graph = graph
        self.deps = deps

    @staticmethod
    def _config(thread_id: str) -> dict[str, Any]:  # LangGraph's RunnableConfig, a plain mapping of its options
        return {"configurable": {"thread_id": thread_id}, "recursion_limit": RECURSION_LIMIT}

    async def outcome(self, thread_id: str) -> RunOutcome:
        """The current state of a thread."""
        snapshot = await self.graph.aget_state(self._config(thread_id))
        if not snapshot.values:
            raise NotFoundError(
                f"no pipeline run with thread_id {thread_id!r}; list runs with `editorial-ai contents list`"
            )
        waiting = "human_decision" in (snapshot.next or ())
        # A process killed after a node's writes were saved but before the next checkpoint leaves that node out of
        # `snapshot.next` (its writes are pending) although the run is unfinished: count it, so `resume` goes on.
        pending = tuple(dict.fromkeys([*(snapshot.next or ()), *(task.name for task in snapshot.tasks or ())]))
        return RunOutcome(thread_id, dict(snapshot.values), waiting, pending)

    def _returned(self, thread_id: str, result: Any) -> RunOutcome | None:
        """The outcome an `ainvoke` returned, without reading the checkpoint back: the run's values, waiting when
        it stopped at the human decision's interrupt (the one node that pauses a run), finished otherwise. Reading
        it back costs a checkpoint's deserialisation and a task plan, which was four times per run (bench
        overhead). None when the result cannot say: not the state, or a graph compiled to stop before or after
        some node (which returns without marking the stop), and the caller reads the checkpoint."""
        if not isinstance(result, dict) or not result:
            return None
        if getattr(self.graph, "interrupt_before_nodes", None) or getattr(self.graph, "interrupt_after_nodes", None):
            return None
        values = dict(result)
        paused = bool(values.pop("__interrupt__", None))
        return RunOutcome(thread_id, values, paused, ("human_decision",) if paused else ())

    async def start(self, curation_input: dict[str, Any], *, thread_id: str | None = None,
                    content_type: str | None = None) -> RunOutcome:
        """Run a new pipeline until it finishes or waits for a human. `curation_input` is the run request's JSON
        (RunInputJson's keys, plus whatever a content type's flow reads from it)."""
        thread_id = thread_id or str(uuid.uuid4())
        initial = {
            "curation_input": curation_input, "thread_id": thread_id, "revision_count": 0, "draft_version": 0,
            "content_type": content_type or self.deps.settings.content_type,
            "pipeline_status": PipelineStatus.CURATING.value,  # the input is checkpointed as given: a plain string
            "feedback_history": [], "error_log": [], "tool_calls_log": [], "review_history": [], "token_usage": [],
            "flags": [], "escalated": False,
        }
        result = await self.graph.ainvoke(initial, self._config(thread_id))
        return self._returned(thread_id, result) or await self.outcome(thread_id)

    async def resume(self, thread_id: str) -> RunOutcome:
        """Continue a run that stopped between nodes (a crash or shutdown) from its last checkpoint.

        A decision claimed by a process that died before its resumed run stopped is finished here, once: this
        process takes the claim over by its owner token, so two concurrent `resume` calls cannot both run it.
        """
        current = await self.outcome(thread_id)
        content = await self.deps.contents.get_by_thread(thread_id)
        if content is not None and content.claim_token:
            token = _new_token()
            if not await self.deps.contents.take_over_claim(content.id, token=content.claim_token, new_token=token):
                raise ConflictError(f"the decision on content {content.id} is being resumed by another process")
            claim = await self._open_claim(content, token)
            return await self.apply(claim)
        if current.waiting_for_human:
            raise ConflictError(f"run {thread_id} waits for a human decision: use approve, reject or revise")
        if not current.next_nodes:
            raise ConflictError(f"run {thread_id} already finished ({current.state.get('pipeline_status')})")
        await self.graph.ainvoke(None, self._config(thread_id))
        return await self.outcome(thread_id)

    async def advance(self, thread_id: str, *, retry_failed: bool = False) -> RunOutcome:
        """Take a run to its next stop from whatever state it is in; a no-op where there is nothing to do.

        The work items of the task queue call this under the thread's lease: an open decision claim is applied
        (taken over from a process that died), a run cut off between nodes continues, a run waiting at the gate
        or finished stays as it is, and with `retry_failed` a failed run runs again from the checkpoint before
        the node that failed.
        """
        current = await self.outcome(thread_id)
        content = await self.deps.contents.get_by_thread(thread_id)
        if content is not None and content.claim_token:
            return await self.resume(thread_id)
        if current.waiting_for_human:
            return current
        if current.next_nodes:
            await self.graph.ainvoke(None, self._config(thread_id))
            return await self.outcome(thread_id)
        if retry_failed and current.state.get("pipeline_status") == PipelineStatus.FAILED:
            return await self._rerun_failed_node(thread_id, current)
        return current

    async def _rerun_failed_node(self, thread_id: str, current: RunOutcome) -> RunOutcome:
        """Fork the thread from its newest checkpoint that had work left and had not failed, and run on."""
        async for snapshot in self.graph.aget_state_history(self._config(thread_id)):
            values = snapshot.values or {}
            failed = values.get("pipeline_status") == PipelineStatus.FAILED
            if snapshot.next and not failed and "human_decision" not in snapshot.next:
                await self.graph.ainvoke(None, {**snapshot.config, "recursion_limit": RECURSION_LIMIT})
                return await self.outcome(thread_id)
        return current

    async def claim(self, content_id: str, decision: AdminDecision) -> DecisionClaim:
        """Record a human decision exactly once: status change, decision event and resume claim in one transaction.

        ConflictError when the content is not awaiting a decision or another decision won the race; the loser
        writes nothing and must not resume the graph.
        """
        return (await self._claim(content_id, decision))[0]

    async def _claim(self, content_id: str, decision: AdminDecision) -> tuple[DecisionClaim, RunOutcome]:
        """`claim`, with the run's outcome it read (the graph's state, which recording a decision leaves as is)."""
        contents = self.deps.contents
        content = await contents.get(content_id)
        if content is None:
            raise NotFoundError(f"no content with id {content_id!r}; see `editorial-ai contents list`")
        thread_id = content.thread_id
        current = await self.outcome(thread_id)
        if content.status not in AWAITING or not current.waiting_for_human:
            raise ConflictError(f"content {content_id} is {content.status!r}, not awaiting a decision")
        extra: dict[str, str | None] = {}  # the content's columns the decision sets beside its status
        if decision.decision == Decision.REJECTED:
            extra["rejection_reason"] = decision.reason
        if decision.feedback_text():
            extra["admin_feedback"] = decision.feedback_text()
        token, payload = _new_token(), decision.model_dump(mode="json")
        event_id = await contents.claim_decision(
            content_id, version=content.version, expected=AWAITING,
            new_status=DECISION_STATUS[decision.decision].value, token=token, decision=decision.decision,
            reviewer=decision.reviewer, payload=payload, **extra)
        if event_id is None:
            latest = await contents.get(content_id) or content
            raise ConflictError(f"content {content_id} is {latest.status!r}: another decision was applied first")
        return DecisionClaim(content_id, thread_id, token, event_id, payload), current

    async def apply(self, claim: DecisionClaim, current: RunOutcome | None = None) -> RunOutcome:
        """Resume the graph for a decision this process owns, then close the claim.

        The graph's state remembers which decision event it consumed, so a claim re-applied after a crash never
        feeds the same decision to a later gate; a run cut off after the decision continues from its checkpoint.
        `current` is the outcome the claim was checked against (`decide` passes it on: once the claim is recorded
        only its owner moves the run, so it still holds).
        """
        config = self._config(claim.thread_id)
        current = current or await self.outcome(claim.thread_id)
        result = None
        # Each step's checkpoint is saved before the next step starts ("sync"): publishing never begins while the
        # decision's checkpoint is still being written, so a crash in between cannot make a resume publish twice.
        # (The default overlaps them, which a pooled saver's extra round trip made visible.)
        if current.waiting_for_human and current.state.get("decision_event_id") != claim.event_id:
            resume_value = {**claim.decision, DECISION_EVENT_KEY: claim.event_id}
            result = await self.graph.ainvoke(Command(resume=resume_value), config, durability="sync")
        elif not current.waiting_for_human and current.next_nodes:
            result = await self.graph.ainvoke(None, config, durability="sync")
        await self.deps.contents.release_claim(claim.content_id, token=claim.token)
        return self._returned(claim.thread_id, result) or await self.outcome(claim.thread_id)

    async def decide(self, content_id: str, decision: AdminDecision) -> RunOutcome:
        """Apply a human decision exactly once, then resume the paused graph (only the winning process does).

        The graph's gate publishes on an approval, so `decide` with one approves and publishes in one call: the
        graph-level step of tests and benchmarks. The editors' paths never take it: the API, the desk and the CLI
        approve with `publishing.approve` (the run stays paused, nothing is public) and publish with
        `publishing.claim_publication` as a second, confirmed step; `RunService.claim`, through which they record
        decisions, refuses an approval."""
        return await self.apply(*await self._claim(content_id, decision))

    async def _open_claim(self, content: ContentRecord, token: str) -> DecisionClaim:
        """The claim recorded on `content`, with its decision read back from the decision event."""
        event_id = content.claim_event_id
        events = [e for e in await self.deps.contents.events(content.id) if e.id == event_id]
        if not events:  # pragma: no cover - the claim and its event are written in one transaction
            raise ConflictError(f"content {content.id} has a claim without its decision event {event_id}")
        return DecisionClaim(content.id, content.thread_id, token, events[0].id, events[0].payload)

    def logs(self, thread_id: str, status: str) -> dict[str, Any]:
        """Per-node runs and summary (seed 001 section 6.3), as the JSON the API and `logs --json` return."""
        return summarize_runs(self.deps.run_log.read(thread_id), status)


@asynccontextmanager
async def open_pipeline(settings: Settings | None = None, *, progress: ProgressHook | None = None,
                        llm_factory: Callable[[str], LLMClient] | None = None) -> AsyncIterator[Pipeline]:
    """Open stores and the checkpointer; the database is created and seeded on first use."""
    settings = settings or get_settings()
    catalog, contents = await open_stores(settings)
    try:
        deps = PipelineDeps(settings=settings, catalog=catalog, contents=contents,
                            run_log=RunLog(settings.resolved_log_dir), llm_factory=llm_factory, progress=progress,
                            router=get_model_router(settings.routing_file))
        async with open_checkpointer(settings) as saver:
            yield Pipeline(build_graph(deps).compile(checkpointer=saver), deps)
    finally:
        # A PostgreSQL pool left open keeps tasks on the loop; the loop's shutdown then cancels them and waits.
        await close_stores(catalog, contents)
