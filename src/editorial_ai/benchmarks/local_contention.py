"""The embedded model under CPU contention: one structured generation calm, then beside CPU burners, per thread count.

llama.cpp's threads meet at a barrier after every layer and spin while they wait. When another process takes a core,
a spinning thread waits for one that is not running, so two threads on a busy two-core machine can be many times
slower than one. The benchmark starts its own burners (one busy process per CPU) so the contention is the same on
every machine, and switches the thread count of the one loaded model instead of loading another.
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
    closing_token_ids,
    load_llama,
    set_threads,
    thread_count,
)
from editorial_ai.models.editorial import EditorialContent

TOKEN_BUDGET = 80  # a shorter document than `bench local`: four generations must fit in a few minutes


def _burn(parent: int) -> None:  # pragma: no cover - runs in the burner processes
    """Spin until stopped, or until the benchmark process is gone (a killed benchmark leaves no burner behind)."""
    while os.getppid() == parent:
        for _ in range(1_000_000):
            pass


@dataclass
class ContentionFigures:
    """One thread count: seconds for the same structured document, calm and beside the burners."""

    threads: int
    calm_s: float
    busy_s: float
    calm_load: str
    busy_load: str

    @property
    def ratio(self) -> float:
        """How much slower the document is beside the burners."""
        return self.busy_s / self.calm_s


def _document_seconds(llm: Any, client: LocalLlamaClient, prompt: str) -> float:
    request = bench_request()
    llm.create_completion(prompt, max_tokens=1)  # the prompt is cached alike for every measurement
    started = time.perf_counter()
    JsonWalker(EditorialContent.model_json_schema(), client._complete(llm, request.temperature),
               token_budget=TOKEN_BUDGET, prefill=request.prefill, choose=client._chooser(llm)).run(prompt)  # fmt: skip
    return time.perf_counter() - started


def run_contention(
    settings: Settings,
    thread_counts: tuple[int, ...] = (1, 2),
    burners: int | None = None,
    on_result: Callable[[ContentionFigures], None] | None = None,
) -> list[ContentionFigures]:
    """For each thread count: the document calm, then with `burners` busy processes (default: one per CPU); each
    thread count's figures go to `on_result` as soon as they are measured."""
    llm = load_llama(settings)
    client = LocalLlamaClient(settings)
    prompt = build_base_prompt(bench_request())
    closing_token_ids(llm)
    results = []
    context = multiprocessing.get_context("spawn")
    for threads in thread_counts:
        set_threads(llm, threads)
        calm_load, calm = load_note(), _document_seconds(llm, client, prompt)
        count = burners or os.cpu_count() or 2
        procs = [context.Process(target=_burn, args=(os.getpid(),), daemon=True) for _ in range(count)]
        for proc in procs:
            proc.start()
        try:
            time.sleep(1.0)  # the burners are running before the clock starts
            busy = _document_seconds(llm, client, prompt)
            busy_load = load_note()
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.join()
        results.append(ContentionFigures(threads, calm, busy, calm_load, busy_load))
        if on_result is not None:
            on_result(results[-1])
    set_threads(llm, thread_count(settings))
    return results
