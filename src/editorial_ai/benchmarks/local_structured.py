"""Structured EditorialContent on the local model vs raw unconstrained llama.cpp on the same prompt and sampler.

Two rates are kept apart, because they answer different questions:

* per decoded token: tokens the model sampled per second. The field-by-field walker also feeds the text code writes
  (keys, quotes, commas, pre-filled values) and probes for list ends; this ratio says what that costs.
* per document token: tokens of the finished JSON document per second. Code writes part of the document without
  decoding it, so this rate is higher for the walker; it is what a caller waiting for the document sees.

Every output is checked: the walker's and the grammar's against the schema, the raw text for being JSON at all.
The one-off setup (the token tables the walker needs: closing tokens and tokens by first character, built once
per process) is timed and reported.
"""

from __future__ import annotations

import json
import os
import resource
import time
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from editorial_ai.config import Settings
from editorial_ai.content_types.article.writer.prompts import EDITORIAL_SYSTEM, build_editorial_prompt
from editorial_ai.llm.base import LLMRequest
from editorial_ai.llm.json_walker import JsonWalker
from editorial_ai.llm.local import (
    DEFAULT_SEED,
    SAMPLER,
    LocalLlamaClient,
    build_base_prompt,
    load_llama,
    use_threads,
)
from editorial_ai.llm.local_tokens import TokenCache, prepare_walker
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.prompts.editorial import EDITORIAL_EXAMPLE

SOURCES = (
    "celebrities: Jennie (BLACKPINK, 10 posts); products: Chanel 22 Bag, Chanel Tweed Jacket, "
    "Calvin Klein 90s Straight Jeans; scenes: airport fashion, Paris Fashion Week front row"
)


@dataclass
class Measurement:
    """One mode's figures for one document."""

    mode: str
    seconds: float
    cpu_seconds: float
    decoded_tokens: int
    document_tokens: int
    is_json: bool
    valid: bool

    @property
    def decoded_tps(self) -> float:
        """Tokens the model sampled per second."""
        return self.decoded_tokens / self.seconds if self.seconds else 0.0

    @property
    def document_tps(self) -> float:
        """Tokens of the output document per second."""
        return self.document_tokens / self.seconds if self.seconds else 0.0

    @property
    def decoded_per_cpu_s(self) -> float:
        """Decoded tokens per CPU second: the rate other processes on the machine cannot distort."""
        return self.decoded_tokens / self.cpu_seconds if self.cpu_seconds else 0.0

    @property
    def document_per_cpu_s(self) -> float:
        """Document tokens per CPU second."""
        return self.document_tokens / self.cpu_seconds if self.cpu_seconds else 0.0


@dataclass
class LocalReport:
    """Every measurement plus the one-off setup and the process's memory."""

    measurements: list[Measurement]
    setup_seconds: float
    model_load_seconds: float
    rss_mb: float
    threads: int


def bench_request() -> LLMRequest:
    """The editorial request every mode answers."""
    prompt = build_editorial_prompt(
        keyword="Jennie Effect",
        sources_text=SOURCES,
        rubric_text="- hallucination: name only sourced people and products",
        tone="sophisticated",
        feedback_history=[],
    )
    return LLMRequest(
        system=EDITORIAL_SYSTEM,
        prompt=prompt,
        few_shot=[EDITORIAL_EXAMPLE],
        output_schema=EditorialContent,
        temperature=0.7,
        max_tokens=600,
        prefill={"keyword": "Jennie Effect"},
    )


def check_output(text: str) -> tuple[bool, bool]:
    """(is it JSON, is it a valid EditorialContent)."""
    try:
        data = json.loads(text)
    except ValueError:
        return False, False
    try:
        EditorialContent.model_validate(data)
    except ValidationError:
        return True, False
    return True, True


def rss_mb() -> float:
    """Peak resident memory of this process in MB (the model is loaded once per process)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _walker_document(llm: Any, client: LocalLlamaClient, request: LLMRequest, prompt: str) -> tuple[str, Measurement]:
    started, cpu = time.perf_counter(), time.process_time()
    tokens = TokenCache(llm, prompt)  # as a generation does: the prompt's tokens belong to the document's cost
    walker = JsonWalker(
        EditorialContent.model_json_schema(),
        client._complete(llm, request.temperature, tokens=tokens),
        token_budget=request.max_tokens,
        prefill=request.prefill,
        choose=client._chooser(llm, tokens),
    )
    text, stats = walker.run(prompt)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    doc_tokens = len(llm.tokenize(text.encode("utf-8"), add_bos=False))
    is_json, valid = check_output(text)
    return text, Measurement(
        "walker (field by field)", elapsed, cpu, stats.completion_tokens, doc_tokens, is_json, valid
    )


def _raw_document(llm: Any, prompt: str, temperature: float, max_tokens: int) -> Measurement:
    started, cpu = time.perf_counter(), time.process_time()
    out = llm.create_completion(
        prompt + " {", max_tokens=max_tokens, temperature=temperature, seed=DEFAULT_SEED, **SAMPLER
    )
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    tokens = int(out["usage"]["completion_tokens"])
    is_json, valid = check_output("{" + out["choices"][0]["text"])
    return Measurement("raw unconstrained", elapsed, cpu, tokens, tokens, is_json, valid)


def _grammar_document(llm: Any, prompt: str, temperature: float, max_tokens: int) -> Measurement:
    from llama_cpp import LlamaGrammar

    grammar = LlamaGrammar.from_json_schema(json.dumps(EditorialContent.model_json_schema()), verbose=False)
    started, cpu = time.perf_counter(), time.process_time()
    out = llm.create_completion(
        prompt + " ", max_tokens=max_tokens, temperature=temperature, grammar=grammar, seed=DEFAULT_SEED, **SAMPLER
    )
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    tokens = int(out["usage"]["completion_tokens"])
    is_json, valid = check_output(out["choices"][0]["text"])
    return Measurement("JSON-schema grammar", elapsed, cpu, tokens, tokens, is_json, valid)


def run_local_benchmark(settings: Settings, *, with_grammar: bool = False, repeats: int = 1) -> LocalReport:
    """Walker, raw decoding (as many tokens as the walker's document) and optionally a grammar, side by side."""
    started = time.perf_counter()
    llm = load_llama(settings, "gemma-3-270m")
    loaded = time.perf_counter() - started
    client = LocalLlamaClient(settings, name="local:gemma-3-270m")
    threads = use_threads(llm, settings)  # as a generation would choose it now
    request = bench_request()
    prompt = build_base_prompt(request)
    started = time.perf_counter()
    prepare_walker(llm)  # the walker's one-off tables, built here so they are timed on their own
    setup = time.perf_counter() - started
    llm.create_completion(prompt, max_tokens=1)  # the prompt is in the cache for every mode alike
    results: list[Measurement] = []
    for _ in range(repeats):
        _, walked = _walker_document(llm, client, request, prompt)
        results.append(walked)
        results.append(_raw_document(llm, prompt, request.temperature, walked.document_tokens))
        if with_grammar:
            results.append(_grammar_document(llm, prompt, request.temperature, request.max_tokens))
    return LocalReport(results, setup, loaded, rss_mb(), threads)


def load_note() -> str:
    """The load average, printed beside every real-model figure."""
    one, five, _ = os.getloadavg()
    return f"load {one:.2f} (5 min {five:.2f}) on {os.cpu_count()} CPUs"
