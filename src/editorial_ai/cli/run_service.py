"""The run service of a CLI process: `run`, the decisions and `runs retry` execute here, on the API's code path.

Work goes through the run registry, under a lease, by the same executor as API-triggered runs: a CLI run is listed
by `editorial-ai runs list` and `/api/runs` from its first node, and a run whose CLI process dies is resumed by a
worker's sweeper (or by `serve` on its next start). Execution stays in this process, so no broker is needed;
follow-up work the executor hands on (a decision recorded while this process held the lease) waits in `pending`
until `drain` runs it here.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.observability.node_wrapper import ProgressHook
from editorial_ai.pipeline.runner import Pipeline, open_pipeline
from editorial_ai.worker.service import ProgressFanout, RunService, open_run_service

Work = Callable[[], Awaitable[Any]]


@dataclass
class CliRuns:
    pipeline: Pipeline
    service: RunService
    pending: list[Work] = field(default_factory=list)

    async def drain(self) -> None:
        """Execute the work items handed on meanwhile (each one takes its thread's lease or is a no-op)."""
        while self.pending:
            await self.pending.pop(0)()


@contextlib.asynccontextmanager
async def cli_runs(settings: Settings, progress: ProgressHook | None = None) -> AsyncIterator[CliRuns]:
    """The pipeline and the run service of this CLI process (the sweeper is left to servers and workers)."""
    fanout = ProgressFanout(*([progress] if progress is not None else []))
    pending: list[Work] = []

    def launch(thread_id: str, work: Work) -> bool:
        pending.append(work)
        return True

    async with (
        open_pipeline(settings, progress=fanout) as pipeline,
        open_run_service(settings, pipeline, launch, fanout, role="cli", sweep=False) as service,
    ):
        yield CliRuns(pipeline, service, pending)
