"""Saved KV states of recent prompts, so a prefix that another prompt pushed out of llama.cpp's single context is
copied back instead of decoded again.

llama.cpp keeps one sequence: when the judge reads a draft, the writer's system message (role, rules and every
fact of the run, about 650 tokens) leaves the cache, and the next rewrite decoded it again. Copying a saved
sequence back costs a memcpy of its KV cells (about 28 KB per token on the 1.5B model) instead of a forward pass.
Only the sequence's cells are saved (`llama_state_seq_get_data`), never the logits: `Llama.save_state` would copy
n_batch x vocabulary floats (311 MB on Qwen) per call.
"""

from __future__ import annotations

import ctypes
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

# A restore must save at least this many tokens of decoding to be worth the copy, and a saved prompt shorter than
# this is not kept.
MIN_GAIN = 96
CAPACITY = 4  # prompts kept: the writer's, the judge's and room for a curation or layout prompt between them


@dataclass(frozen=True)
class SavedPrompt:
    tokens: tuple[int, ...]
    cells: bytes


class PrefixStates:
    """Up to CAPACITY saved prompts, keyed by their first MIN_GAIN tokens (a new prompt with the same opening
    replaces the old one: it is the same system message with a later task)."""

    def __init__(self, capacity: int = CAPACITY, min_gain: int = MIN_GAIN) -> None:
        self.capacity, self.min_gain = capacity, min_gain
        self._saved: OrderedDict[tuple[int, ...], SavedPrompt] = OrderedDict()
        self.restored_tokens = 0  # what the restores saved from decoding, for the logs and the tests

    def save(self, llm: Any) -> None:
        """Keep the context's current tokens and KV cells (call after a prompt was decoded)."""
        from llama_cpp import llama_cpp as capi

        tokens = tuple(int(t) for t in llm._input_ids.tolist())
        if len(tokens) < self.min_gain:
            return
        size = int(capi.llama_state_seq_get_size(llm._ctx.ctx, 0))
        buffer = (ctypes.c_uint8 * size)()
        written = int(capi.llama_state_seq_get_data(llm._ctx.ctx, buffer, size, 0))
        if written <= 0:
            return
        key = tokens[: self.min_gain]
        self._saved.pop(key, None)
        self._saved[key] = SavedPrompt(tokens, ctypes.string_at(buffer, written))
        while len(self._saved) > self.capacity:
            self._saved.popitem(last=False)

    def restore(self, llm: Any, prompt: list[int]) -> int:
        """Copy back the saved prompt sharing the longest prefix with `prompt` when it shares at least
        `min_gain` tokens more than the context holds now; returns the tokens that restore saved (0 if none)."""
        from llama_cpp import llama_cpp as capi

        current = int(llm.longest_token_prefix(llm._input_ids.tolist(), prompt))
        best, shared = None, current
        for saved in self._saved.values():
            n = int(llm.longest_token_prefix(list(saved.tokens), prompt))
            if n > shared:
                best, shared = saved, n
        if best is None or shared - current < self.min_gain:
            return 0
        cells = (ctypes.c_uint8 * len(best.cells)).from_buffer_copy(best.cells)
        if int(capi.llama_state_seq_set_data(llm._ctx.ctx, cells, len(best.cells), 0)) == 0:
            llm.n_tokens = 0  # llama.cpp refused the copy and cleared the sequence: the prompt is decoded whole
            return 0
        llm.input_ids[: len(best.tokens)] = best.tokens
        llm.n_tokens = len(best.tokens)
        llm._requires_eval = True  # the context's logits are not the restored prompt's: decode at least one token
        self.restored_tokens += shared - current
        return shared - current
