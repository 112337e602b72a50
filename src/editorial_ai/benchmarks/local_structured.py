"""Structured EditorialContent on the local model vs raw unconstrained llama.cpp on the same prompt."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from editorial_ai.config import Settings
from editorial_ai.llm.base import LLMRequest
from editorial_ai.llm.json_walker import JsonWalker
from editorial_ai.llm.local import LocalLlamaClient, build_base_prompt, load_llama
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.prompts.editorial import EDITORIAL_EXAMPLE, EDITORIAL_SYSTEM, build_editorial_prompt

SOURCES = (
    "celebrities: Jennie (BLACKPINK, 10 posts); products: Chanel 22 Bag, Chanel Tweed Jacket, "
    "Calvin Klein 90s Straight Jeans; scenes: airport fashion, Paris Fashion Week front row"
)


@dataclass
class Measurement:
    """One mode's figures."""

    mode: str
    seconds: float
    model_tokens: int
    document_tokens: int
    valid: bool

    @property
    def model_tps(self) -> float:
        """Tokens the model decoded per second."""
        return self.model_tokens / self.seconds if self.seconds else 0.0

    @property
    def document_tps(self) -> float:
        """Tokens of the finished output document per second (the effective rate)."""
        return self.document_tokens / self.seconds if self.seconds else 0.0


def bench_request() -> LLMRequest:
    """The editorial request both modes answer."""
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


def run_local_benchmark(settings: Settings, *, with_grammar: bool = False, repeats: int = 1) -> list[Measurement]:
    """Measure field-by-field structured output, raw decoding and (optionally) a JSON-schema grammar."""
    llm = load_llama(settings)
    client = LocalLlamaClient(settings)
    request = bench_request()
    prompt = build_base_prompt(request)
    count = len  # token counts via the model's own tokenizer
    llm.create_completion(prompt, max_tokens=1)  # warm the prompt cache equally for every mode
    client._complete(llm, request.temperature)  # builds the closing-token table outside the timings
    results: list[Measurement] = []
    for _ in range(repeats):
        started = time.perf_counter()
        walker = JsonWalker(
            EditorialContent.model_json_schema(),
            client._complete(llm, request.temperature),
            token_budget=request.max_tokens,
            prefill=request.prefill,
        )
        text, stats = walker.run(prompt)
        elapsed = time.perf_counter() - started
        try:
            EditorialContent.model_validate_json(text)
            valid = True
        except ValueError:
            valid = False
        doc_tokens = count(llm.tokenize(text.encode("utf-8"), add_bos=False))
        results.append(Measurement("structured (field by field)", elapsed, stats.completion_tokens, doc_tokens, valid))

        started = time.perf_counter()
        out = llm.create_completion(
            prompt + " {", max_tokens=doc_tokens, temperature=request.temperature, repeat_penalty=1.15, seed=1234
        )
        elapsed = time.perf_counter() - started
        raw_tokens = int(out["usage"]["completion_tokens"])
        results.append(Measurement("raw unconstrained", elapsed, raw_tokens, raw_tokens, False))

        if with_grammar:
            from llama_cpp import LlamaGrammar

            grammar = LlamaGrammar.from_json_schema(json.dumps(EditorialContent.model_json_schema()), verbose=False)
            started = time.perf_counter()
            out = llm.create_completion(
                prompt + " ", max_tokens=doc_tokens, temperature=request.temperature, grammar=grammar, seed=1234
            )
            elapsed = time.perf_counter() - started
            g_tokens = int(out["usage"]["completion_tokens"])
            results.append(Measurement("JSON-schema grammar", elapsed, g_tokens, g_tokens, False))
    return results
