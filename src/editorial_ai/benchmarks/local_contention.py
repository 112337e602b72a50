"""The embedded model under CPU contention: one structured generation calm, then beside CPU burners, per thread count.

llama.cpp's threads meet at a barrier after every layer and spin while they wait. When another process takes a core,
a spinning thread waits for one that is not running, so two threads on a busy two-core machine can be many times
slower than one. The benchmark starts its own burners (one busy process per CPU) so the contention is the same on
every machine, and switches the thread count of the one loaded model instead of loading another.

Where the burners run matters as much as how many there are. Linux (with `sched_autogroup`, the default on desktop
and most server kernels) shares the CPUs fairly between sessions first and between the processes of a session
second. A competing program - someone's build, another service - runs in a session of its own; that is the
contention the target is about, so the burners call `setsid()` and are measured that way first. Burners started
as children of this very process (its own session) share this process's slice instead and slow it far more; that
case is measured and printed beside it, so the difference is visible rather than hidden.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from editorial_ai.benchmarks.local_structured import bench_request, load_note
from editorial_ai.config import Settings
from editorial_ai.llm.json_walker import JsonWalker
from editorial_ai.llm.local import (
    LocalLlamaClient,
    build_base_prompt,
    load_llama,
    set_threads,
    thread_count,
)
from editorial_ai.llm.local_tokens import TokenCache, prepare_walker
from editorial_ai.models.editorial import EditorialContent

TOKEN_BUDGET = 80  # a shorter document than `bench local`: four generations must fit in a few minutes


def _burn(parent: int, own_session: bool = True) -> None:  # pragma: no cover - runs in the burner processes
    """Spin until stopped, or until the benchmark process is gone (a killed benchmark leaves no burner behind).
    With `own_session` the burner leaves the benchmark's session, as a separately started program would be."""
    if own_session:
        os.setsid()
    while os.getppid() == parent:
        for _ in range(1_000_000):
            pass


@dataclass
class ContentionFigures:
    """One thread count: seconds for the same structured document calm, beside burners that are separate programs
    (their own sessions), and beside burners in this process's session."""

    threads: int
    calm_s: float
    busy_s: float
    calm_load: str
    busy_load: str
    shared_s: float = 0.0
    shared_load: str = ""

    @property
    def ratio(self) -> float:
        """How much slower the document is beside competing programs (the target's case)."""
        return self.busy_s / self.calm_s

    @property
    def shared_ratio(self) -> float:
        """How much slower it is beside burners in this process's own session."""
        return self.shared_s / self.calm_s


def _document_seconds(llm: Any, client: LocalLlamaClient, prompt: str) -> float:
    request = bench_request()
    llm.create_completion(prompt, max_tokens=1)  # the prompt is cached alike for every measurement
    started = time.perf_counter()
    tokens = TokenCache(llm, prompt)
    walker = JsonWalker(
        EditorialContent.model_json_schema(),
        client._complete(llm, request.temperature, tokens=tokens),
        token_budget=TOKEN_BUDGET,
        prefill=request.prefill,
        choose=client._chooser(llm, tokens),
    )
    walker.run(prompt)
    return time.perf_counter() - started


def run_contention(
    settings: Settings,
    thread_counts: tuple[int, ...] = (1, 2),
    burners: int | None = None,
    on_result: Callable[[ContentionFigures], None] | None = None,
) -> list[ContentionFigures]:
    """For each thread count: the document calm, then with `burners` busy processes (default: one per CPU); each
    thread count's figures go to `on_result` as soon as they are measured."""
    llm = load_llama(settings, "gemma-3-270m")
    client = LocalLlamaClient(settings, name="local:gemma-3-270m")
    prompt = build_base_prompt(bench_request())
    prepare_walker(llm)
    results = []
    count = burners or os.cpu_count() or 2
    for threads in thread_counts:
        set_threads(llm, threads)
        calm_load, calm = load_note(), _document_seconds(llm, client, prompt)
        busy, busy_load = _beside_burners(llm, client, prompt, count, own_session=True)
        shared, shared_load = _beside_burners(llm, client, prompt, count, own_session=False)
        results.append(ContentionFigures(threads, calm, busy, calm_load, busy_load, shared, shared_load))
        if on_result is not None:
            on_result(results[-1])
    set_threads(llm, thread_count(settings))
    return results


def _beside_burners(
    llm: Any, client: LocalLlamaClient, prompt: str, count: int, *, own_session: bool
) -> tuple[float, str]:
    """Seconds for the document while `count` burners spin, and the load average when it finished."""
    context = multiprocessing.get_context("spawn")
    procs = [context.Process(target=_burn, args=(os.getpid(), own_session), daemon=True) for _ in range(count)]
    for proc in procs:
        proc.start()
    try:
        time.sleep(1.0)  # the burners are running before the clock starts
        return _document_seconds(llm, client, prompt), load_note()
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.join()
