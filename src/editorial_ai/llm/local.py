"""The embedded default: real inference with llama.cpp on the GGUF shipped by a PyPI package."""

from __future__ import annotations

import asyncio
import ctypes
import logging
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.llm.answer_logprobs import JUDGE_CHAT_SYSTEM
from editorial_ai.llm.base import LLMError, LLMRequest, LLMResult, StructuredOutputError, TokenUsage
from editorial_ai.llm.chat_template import ChatTemplate, chat_messages, template_of
from editorial_ai.llm.json_walker import JsonWalker
from editorial_ai.llm.kv_states import PrefixStates
from editorial_ai.llm.local_tokens import TokenCache, closing_token_ids, starting_token_ids
from editorial_ai.llm.model_files import DEFAULT_LOCAL_MODEL, EMBEDDED_MODELS, resolve_local_model
from editorial_ai.llm.profile import ModelProfile
from editorial_ai.llm.structured import parse_structured
from editorial_ai.observability.tokens import record_token_usage

MODEL_LABEL = f"local:{DEFAULT_LOCAL_MODEL}"
# Fixed unless a request asks otherwise: the same request gives the same answer.
DEFAULT_SEED = 1234
_model_lock = threading.Lock()
_llama_logger = logging.getLogger("editorial_ai.llama_cpp")
_log_callbacks: list[Any] = []
_models: dict[tuple[str, int], Any] = {}
# Every llama.cpp call of the process runs on this one thread. llama.cpp's OpenMP keeps one thread team per calling
# thread, and an idle team spins after each parallel region: calls spread over asyncio.to_thread's pool (or mixed
# with the main thread) ran two teams against each other on two cores and decoded a third slower (22 against
# 34 tokens/s measured here; docs/benchmarks.md).
_LLAMA_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="llama")


async def on_llama_thread(function: Any, *args: Any) -> Any:
    """Run `function(*args)` on the process's one llama.cpp thread without blocking the event loop."""
    return await asyncio.get_running_loop().run_in_executor(_LLAMA_THREAD, function, *args)


_threads: dict[int, int] = {}  # model id -> threads it currently uses
_prefix_states: dict[int, PrefixStates] = {}  # model id -> its saved prompts (llm/kv_states.py)


def prefix_states(llm: Any) -> PrefixStates:
    """The saved prompts of one loaded model (one context, so one set, whichever client uses it)."""
    return _prefix_states.setdefault(id(llm), PrefixStates())


def model_path(name: str = DEFAULT_LOCAL_MODEL) -> Path:
    """The GGUF file of `local:<name>` (assembled once, sha256-checked, for the shipped models)."""
    return resolve_local_model(name)[0]


def _route_llama_logs() -> None:
    """Send llama.cpp's own log lines to Python logging (shown with --verbose) instead of straight to stderr,
    where lines such as "using full-size SWA cache" landed above the CLI's tables."""
    import llama_cpp

    if _log_callbacks:
        return

    @llama_cpp.llama_log_callback
    def forward(level: int, text: bytes, user_data: Any) -> None:
        _llama_logger.debug(text.decode("utf-8", "replace").rstrip())

    llama_cpp.llama_log_set(forward, ctypes.c_void_p(0))
    _log_callbacks.append(forward)  # the C side keeps only a pointer: the callback must stay alive


def physical_cores() -> int:
    """Physical cores (hyper-threads share a core's arithmetic units), from /proc/cpuinfo; logical CPUs elsewhere."""
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="ignore")
    except OSError:
        return os.cpu_count() or 1
    cores, physical = set(), "0"
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "physical id":
            physical = value.strip()
        elif key.strip() == "core id":
            cores.add((physical, value.strip()))
    return len(cores) or os.cpu_count() or 1


def thread_count(settings: Settings, in_use: int = 0) -> int:
    """Threads for the next generation: EDITORIAL_AI_LOCAL_THREADS when set, else measured (docs/benchmarks.md):
    every physical core on a calm machine, one thread when other work holds a core. llama.cpp's threads spin at a
    barrier after every layer, so one descheduled thread stalls the others: beside a busy process two threads were
    slower than one. `in_use` is what this process itself adds to the load average (its last thread count)."""
    if settings.local_threads:
        return settings.local_threads
    cores = physical_cores()
    try:
        others = os.getloadavg()[0] - in_use
    except OSError:  # pragma: no cover - no load average on this platform
        return cores
    return 1 if cores > 1 and others >= 1.0 else cores


def load_llama(settings: Settings, name: str = DEFAULT_LOCAL_MODEL) -> Any:
    """The shared llama.cpp model `local:<name>` (loaded once per process, whatever the thread count: it is
    switched per call)."""
    from llama_cpp import Llama

    _route_llama_logs()
    path = model_path(name)
    key = (str(path), settings.local_n_ctx)
    with _model_lock:
        if key not in _models:
            threads = thread_count(settings)
            _models[key] = Llama(
                model_path=str(path),
                n_ctx=settings.local_n_ctx,
                n_threads=threads,
                # Without this llama.cpp batches prompts on every CPU: on a busy machine those threads
                # spin-wait on each other and decoding collapses (45 -> 0.9 tok/s measured).
                n_threads_batch=threads,
                n_batch=512,
                verbose=False,
                seed=DEFAULT_SEED,
            )
            _threads[id(_models[key])] = threads
        return _models[key]


def use_threads(llm: Any, settings: Settings) -> int:
    """Switch `llm` to `thread_count` for the next call (cheap: no reload) and return the count."""
    threads = thread_count(settings, _threads.get(id(llm), 0))
    if _threads.get(id(llm)) != threads:
        set_threads(llm, threads)
    return threads


def set_threads(llm: Any, threads: int) -> None:
    """Use `threads` for decoding and for multi-token batches alike (a batch on more threads than decoding uses
    spins on a busy machine)."""
    from llama_cpp import llama_cpp as capi

    capi.llama_set_n_threads(llm._ctx.ctx, threads, threads)
    _threads[id(llm)] = threads


# The sampler every structured and raw completion uses (the benchmark compares modes under the same one).
SAMPLER: dict[str, float] = {"top_p": 0.9, "repeat_penalty": 1.15}
def _min_length_processor(closers: Any, min_tokens: int) -> Any:
    """Forbid closing a value before `min_tokens` tokens: small models otherwise stop after two words."""
    start: list[int] = []

    def process(input_ids: Any, scores: Any) -> Any:
        if not start:
            start.append(len(input_ids))
        if len(input_ids) - start[0] < min_tokens:
            scores[closers] = -float("inf")
        return scores

    return process


def option_token_ids(llm: Any, options: list[str]) -> list[int]:
    """The first token of each option as it follows a prompt (distinct, or the options cannot be told apart)."""
    if len(options) < 2:
        raise LLMError("score_options needs at least two options", provider=MODEL_LABEL)
    ids = []
    for option in options:
        tokens = llm.tokenize(option.encode("utf-8"), add_bos=False)
        if not tokens:
            raise LLMError(f"option {option!r} has no tokens", provider=MODEL_LABEL)
        ids.append(tokens[0])
    if len(set(ids)) != len(ids):
        raise LLMError(f"options {options!r} start with the same token; reword them", provider=MODEL_LABEL)
    return ids


def next_token_logits(llm: Any, segments: list[list[int]]) -> tuple[Any, int]:
    """Logits of the token after the concatenated `segments`, with the number of tokens reused from the KV cache.

    The cache is reused only up to a whole-segment boundary and each remaining segment is decoded on its own, so
    the same segments are always decoded in the same batches: llama.cpp's numerics depend on the batch layout, and
    reusing an arbitrary prefix made the same question score 0.6712 once and 0.6684 the next time. Reading the
    context's last logits avoids `logits_all=True`, which would allocate n_ctx x vocabulary floats
    (4096 x 262144 x 4 B = 4.3 GB)."""
    import numpy as np
    from llama_cpp import llama_cpp as capi

    tokens = [t for segment in segments for t in segment]
    cached = llm.longest_token_prefix(llm._input_ids.tolist(), tokens)
    boundaries = [0]
    for segment in segments[:-1]:
        boundaries.append(boundaries[-1] + len(segment))
    start = max(i for i, b in enumerate(boundaries) if b <= cached)  # the last segment is always decoded
    llm.n_tokens = boundaries[start]
    for segment in segments[start:]:
        if segment:
            llm.eval(segment)
    llm._requires_eval = True  # the sampler must not reuse these logits for a completion of the same prompt
    pointer = capi.llama_get_logits_ith(llm._ctx.ctx, -1)
    return np.ctypeslib.as_array(pointer, shape=(llm.n_vocab(),)).copy(), boundaries[start]


def _logits_after(llm: Any, tokens: list[int]) -> Any:
    """Logits of the token after `tokens`, evaluating only what the KV cache does not hold yet (at least the last
    token, whose logits are read). The cache is left holding `tokens`, so the next completion continues from it."""
    import numpy as np
    from llama_cpp import llama_cpp as capi

    keep = min(llm.longest_token_prefix(llm._input_ids.tolist(), tokens), len(tokens) - 1)
    llm.n_tokens = keep
    llm.eval(tokens[keep:])
    llm._requires_eval = True  # the sampler must not reuse these logits for a completion of the same text
    pointer = capi.llama_get_logits_ith(llm._ctx.ctx, -1)
    return np.ctypeslib.as_array(pointer, shape=(llm.n_vocab(),))


def option_probabilities(logits: Any, ids: list[int]) -> list[float]:
    """Softmax over the options' logits (the same as renormalising their full-vocabulary probabilities)."""
    import numpy as np

    chosen = np.asarray([float(logits[i]) for i in ids])
    weights = np.exp(chosen - chosen.max())
    return [float(w) for w in weights / weights.sum()]


def build_base_prompt(request: LLMRequest) -> str:
    """A document-style prompt for a base model: instructions, examples, then the task."""
    parts = [request.system.strip()] if request.system.strip() else []
    parts += [example.strip() for example in request.few_shot]
    parts.append(request.prompt.strip())
    return "\n\n".join(parts)


class LocalLlamaClient:
    """llama.cpp provider: chat models get their own chat template, base models a document prompt; structured
    output is generated field by field (see json_walker) in both."""

    def __init__(self, settings: Settings, name: str = MODEL_LABEL) -> None:
        self.settings = settings
        self.name = name
        self.model_name = name.removeprefix("local:") or DEFAULT_LOCAL_MODEL
        self._lock = threading.Lock()  # one llama context: calls must not interleave
        known = EMBEDDED_MODELS.get(self.model_name)
        self._chat: bool | None = known.chat if known else None  # a GGUF path: read from its metadata on load

    @property
    def profile(self) -> ModelProfile:
        """What this model can do; a GGUF given by path is a chat model when its metadata holds a template."""
        if self._chat is None:
            self._chat = template_of(self._llama()) is not None
        return ModelProfile(chat=self._chat, json_schema=True, logprobs=True,
                            context_tokens=self.settings.local_n_ctx)

    def _llama(self) -> Any:
        return load_llama(self.settings, self.model_name)

    def _template(self, llm: Any) -> ChatTemplate | None:
        return template_of(llm) if self.profile.chat else None

    def _complete(
        self, llm: Any, temperature: float, seed: int = DEFAULT_SEED, tokens: TokenCache | None = None
    ) -> Any:
        closers = closing_token_ids(llm)

        def complete(text: str, max_tokens: int, stop: list[str], min_tokens: int = 0) -> tuple[str, int]:
            processors = [_min_length_processor(closers, min_tokens)] if min_tokens > 0 else None
            out = llm.create_completion(
                tokens(text) if tokens is not None else text,
                max_tokens=max_tokens,
                stop=stop or None,
                temperature=temperature,
                seed=seed,
                logits_processor=processors,
                **SAMPLER,
            )
            return out["choices"][0]["text"], int(out["usage"]["completion_tokens"])

        return complete

    def _chooser(self, llm: Any, tokens: TokenCache | None = None) -> Any:
        """`choose(text, options)` for the walker: which option's first character the model ranks highest next.

        One forward pass over the text not yet in the KV cache (the text the walker wrote since the last value),
        no sampling: a list-end probe costs no decoded tokens, and the evaluated text stays cached for the next
        value, so nothing is evaluated twice.
        """

        def choose(text: str, options: list[str]) -> int:
            ids = tokens(text) if tokens is not None else llm.tokenize(text.encode("utf-8"), special=True)
            logits = _logits_after(llm, ids)
            best = [float(logits[starting_token_ids(llm, option[0])].max()) for option in options]
            return best.index(max(best))

        return choose

    def prompt_text(self, request: LLMRequest) -> tuple[str, list[str]]:
        """The prompt as llama.cpp sees it and the strings that end the answer: the model's chat template around
        real messages, or a plain document for a base model."""
        llm = self._llama()
        template = self._template(llm)
        if template is None:
            return build_base_prompt(request), list(request.stop)
        return template.render(chat_messages(request)), [*template.stops, *request.stop]

    def _generate_sync(self, request: LLMRequest) -> LLMResult[Any]:
        llm = self._llama()
        prompt, stops = self.prompt_text(request)
        prompt_ids = llm.tokenize(prompt.encode("utf-8"), special=True)
        if len(prompt_ids) + 16 >= self.settings.local_n_ctx:
            raise LLMError(
                f"prompt of {len(prompt_ids)} tokens does not fit the local context "
                f"({self.settings.local_n_ctx}); raise EDITORIAL_AI_LOCAL_N_CTX",
                provider=self.name,
            )
        started = time.perf_counter()
        with self._lock:
            use_threads(llm, self.settings)
            states = prefix_states(llm)
            states.restore(llm, prompt_ids)
            cached = llm.longest_token_prefix(llm._input_ids.tolist(), prompt_ids)
            if request.output_schema is None:
                out = llm.create_completion(
                    prompt_ids,
                    max_tokens=request.max_tokens,
                    stop=stops or None,
                    temperature=request.temperature,
                    repeat_penalty=1.1 if self.profile.chat else 1.15,
                    seed=request.seed or DEFAULT_SEED,
                )
                text, completion = out["choices"][0]["text"], int(out["usage"]["completion_tokens"])
                parsed = None
                states.save(llm)
            else:
                tokens = TokenCache(llm, prompt)
                walker = JsonWalker(
                    request.output_schema.model_json_schema(),
                    self._complete(llm, request.temperature, request.seed or DEFAULT_SEED, tokens),
                    token_budget=request.max_tokens,
                    prefill=request.prefill,
                    choose=self._chooser(llm, tokens),
                )
                text, stats = walker.run(prompt)
                states.save(llm)
                completion = stats.completion_tokens
                try:
                    parsed = parse_structured(text, request.output_schema, repair=False)
                except StructuredOutputError as exc:
                    exc.provider = self.name
                    raise
        usage = TokenUsage(prompt_tokens=len(prompt_ids), completion_tokens=completion, model_name=self.name,
                           cached_tokens=min(cached, len(prompt_ids)))
        return LLMResult(
            text=text.strip() if self.profile.chat else text, parsed=parsed, usage=usage, model=self.name,
            duration_ms=(time.perf_counter() - started) * 1000,
        )

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        """Run llama.cpp on its own thread so the event loop stays responsive."""
        result: LLMResult[Any] = await on_llama_thread(self._generate_sync, request)
        return result

    def _score_parts(self, llm: Any, parts: list[str]) -> list[str]:
        """The judge's parts inside the chat template for a chat model (the first part opens the user message,
        the last closes it and opens the reply), unchanged for a base model."""
        template = self._template(llm)
        if template is None:
            return parts
        before, after = template.around_user(JUDGE_CHAT_SYSTEM)
        framed = list(parts)
        framed[0] = before + framed[0]
        framed[-1] = framed[-1] + after
        return framed

    def _score_sync(self, prompt: str | Sequence[str], options: list[str]) -> tuple[dict[str, float], TokenUsage]:
        llm = self._llama()
        parts = self._score_parts(llm, [prompt] if isinstance(prompt, str) else list(prompt))
        segments = [llm.tokenize(part.encode("utf-8"), add_bos=i == 0, special=True) for i, part in enumerate(parts)]
        total = sum(len(segment) for segment in segments)
        if not segments[-1] or total + 1 >= self.settings.local_n_ctx:
            raise LLMError(f"judge prompt of {total} tokens is empty or does not fit the local context "
                           f"({self.settings.local_n_ctx}); raise EDITORIAL_AI_LOCAL_N_CTX", provider=self.name)
        # A chat model's reply starts its turn with the bare word ("Yes"); the spaced form (" Yes") a document
        # prompt continues with held about 0.1% of the probability there (measured on SummaC records).
        chat = self._template(llm) is not None
        ids = option_token_ids(llm, [o.lstrip() for o in options] if chat else options)
        with self._lock:
            use_threads(llm, self.settings)
            states = prefix_states(llm)
            states.restore(llm, [t for segment in segments for t in segment])
            logits, reused = next_token_logits(llm, segments)
            states.save(llm)
        probabilities = option_probabilities(logits, ids)
        usage = TokenUsage(prompt_tokens=total, cached_tokens=reused, model_name=self.name)
        return dict(zip(options, probabilities, strict=True)), usage

    async def score_options(self, prompt: str | Sequence[str], options: list[str]) -> dict[str, float]:
        """P(first token of each option | prompt), normalised over the options (one forward pass, no sampling).

        A prompt given as parts (shared examples, the draft, the question) is decoded part by part and the KV cache
        is reused at part boundaries only: every criterion after the first costs only its question, and the same
        parts always give the same score."""
        started = time.perf_counter()
        probabilities, usage = await on_llama_thread(self._score_sync, prompt, options)
        record_token_usage(usage, purpose="judge", seconds=time.perf_counter() - started)
        return probabilities


def create_client(spec: Any, settings: Settings) -> LocalLlamaClient:
    """Factory for `local:<name>`: a shipped model by name, or any GGUF file by path."""
    return LocalLlamaClient(settings, name=f"local:{spec.model or DEFAULT_LOCAL_MODEL}")
