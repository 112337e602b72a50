"""The chat writer's decoding rate against raw llama.cpp on the same prompt, model, sampler and thread count.

Both sides decode a body paragraph of the same article: the writer through the client (chat template rendered to
text, KV cache kept between calls), raw llama.cpp through `create_completion` on the identical prompt text with a
cleared cache. Rounds alternate so the machine's noise falls on both alike. Decode rate is counted from the first
sampled token: prompt processing is reported apart (it is what the cache saves), so the ratio says what the
writer's own machinery costs per decoded token.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.content_types.article.writer.chat_prompts import paragraph_task, writer_system
from editorial_ai.llm.base import LLMRequest
from editorial_ai.llm.local import _LLAMA_THREAD, DEFAULT_SEED, LocalLlamaClient, load_llama, use_threads

FACT_GROUPS: list[tuple[str, list[str]]] = [
    ("background", ["topic: 'Jennie Effect'", "trend tags: bag, minimal, utility",
                    "seen in: street style, Paris Fashion Week front row, airport fashion",
                    "looks logged: fifteen, between February 2025 and February 2026"]),
    ("looks", ["celebrity: Jennie (BLACKPINK)",
               "5 August 2025, street style: Jennie wore Calvin Klein Relaxed Denim Shorts and Chanel Ballet Flats",
               "14 February 2026, airport fashion: Jennie wore Chanel 22 Bag and Calvin Klein 90s Straight Jeans"]),
]
MAX_TOKENS = 200


@dataclass
class RateRound:
    """One side's figures for one paragraph."""

    side: str
    decoded: int
    decode_seconds: float
    prompt_tokens: int
    cached_tokens: int
    prefill_seconds: float = 0.0

    @property
    def rate(self) -> float:
        """Decoded tokens per second, from the first sampled token on."""
        return self.decoded / self.decode_seconds if self.decode_seconds else 0.0


@dataclass
class WriterRateReport:
    """Alternating rounds of the writer and raw llama.cpp."""

    model: str
    threads: int
    rounds: list[RateRound] = field(default_factory=list)

    def median_rate(self, side: str) -> float:
        """The side's median decode rate."""
        return statistics.median(r.rate for r in self.rounds if r.side == side)

    @property
    def ratio(self) -> float:
        """Writer over raw, median against median (target >= 0.9)."""
        raw = self.median_rate("raw")
        return self.median_rate("writer") / raw if raw else 0.0


def _request(number: int) -> LLMRequest:
    system = writer_system(keyword="Jennie Effect", tone="sophisticated", fact_groups=FACT_GROUPS)
    prompt = paragraph_task(number=number, total=len(FACT_GROUPS), role="the looks" if number == 2 else "the opening")
    return LLMRequest(system=system, prompt=prompt, temperature=0.7, max_tokens=MAX_TOKENS, seed=DEFAULT_SEED)


def _prefill_seconds(llm: Any, tokens: list[int]) -> float:
    """Time to process `tokens` after the cached prefix (one forward pass, no sampling)."""
    keep = llm.longest_token_prefix(llm._input_ids.tolist(), tokens)
    keep = min(keep, len(tokens) - 1)
    started = time.perf_counter()
    llm.n_tokens = keep
    llm.eval(tokens[keep:])
    return time.perf_counter() - started


def run_writer_rate(settings: Settings, model: str = "qwen2.5-coder-1.5b", rounds: int = 3) -> WriterRateReport:
    """Alternate writer and raw decodes of the same paragraph prompts; see the module docstring."""
    client = LocalLlamaClient(settings, name=f"local:{model}")
    llm = _LLAMA_THREAD.submit(load_llama, settings, model).result()
    threads = use_threads(llm, settings)
    report = WriterRateReport(model=client.name, threads=threads)
    for index in range(rounds):
        request = _request(1 + index % 2)
        prompt, stops = client.prompt_text(request)
        tokens = llm.tokenize(prompt.encode("utf-8"), special=True)
        for side in ("writer", "raw") if index % 2 == 0 else ("raw", "writer"):
            if side == "raw":
                llm.reset()  # raw llama.cpp with nothing cached: its prompt is processed from scratch
            cached = min(llm.longest_token_prefix(llm._input_ids.tolist(), tokens), len(tokens) - 1)
            # Both sides run on the llama.cpp thread the pipeline uses (one OpenMP team, as in a run).
            prefill = _LLAMA_THREAD.submit(_prefill_seconds, llm, tokens).result()
            started = time.perf_counter()
            if side == "writer":
                result = asyncio.run(client.generate(request))
                decoded = result.usage.completion_tokens
            else:
                out = _LLAMA_THREAD.submit(partial(llm.create_completion, tokens, max_tokens=MAX_TOKENS, stop=stops,
                                                   temperature=0.7, repeat_penalty=1.1, seed=DEFAULT_SEED)).result()
                decoded = int(out["usage"]["completion_tokens"])
            # The prompt is already in the cache: what remains is one token of evaluation and the decoding.
            report.rounds.append(RateRound(side, decoded, time.perf_counter() - started, len(tokens), cached,
                                           prefill))
    return report
