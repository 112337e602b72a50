"""The embedded model's token tables and prompt tokens for the field-by-field walker (one-off per model).

Tables are keyed by the model object's id: a process loads one model and keeps it (llm/local.py).
"""

from __future__ import annotations

from typing import Any

from editorial_ai.llm.base import LLMError

_texts: dict[int, list[str]] = {}
_closers: dict[int, Any] = {}
_starters: dict[int, dict[str, list[int]]] = {}
_starter_arrays: dict[tuple[int, str], Any] = {}


def token_texts(llm: Any) -> list[str]:
    """Every vocabulary entry as text, decoded once per model (262k entries: the one-off setup of the walker)."""
    key = id(llm)
    if key not in _texts:
        _texts[key] = [llm.detokenize([i]).decode("utf-8", "ignore") for i in range(llm.n_vocab())]
    return _texts[key]


def closing_token_ids(llm: Any) -> Any:
    """Ids of tokens that would end a JSON string value early (quote, newline, end of generation)."""
    import numpy as np

    key = id(llm)
    if key not in _closers:
        ids = [i for i, text in enumerate(token_texts(llm)) if '"' in text or "\n" in text]
        ids.append(llm.token_eos())
        _closers[key] = np.array(sorted(set(ids)), dtype=np.int64)
    return _closers[key]


def starting_token_ids(llm: Any, char: str) -> Any:
    """Ids of tokens whose text starts with `char` after any spaces (what the model writes next if it chose it).

    Every first character is grouped in one pass over the vocabulary (a pass per character cost 0.18 s each, paid
    inside the first document's list probes)."""
    import numpy as np

    key = id(llm)
    if (key, char) in _starter_arrays:
        return _starter_arrays[(key, char)]
    if key not in _starters:
        groups: dict[str, list[int]] = {}
        for i, text in enumerate(token_texts(llm)):
            groups.setdefault(text.lstrip(" ")[:1], []).append(i)
        _starters[key] = groups
    ids = _starters[key].get(char)
    if not ids:
        raise LLMError(f"no token of the model starts with {char!r}", provider="local")
    _starter_arrays[(key, char)] = np.array(ids, dtype=np.int64)
    return _starter_arrays[(key, char)]


def prepare_walker(llm: Any) -> None:
    """Build the walker's one-off tables (closing tokens, tokens by first character) before the first document."""
    closing_token_ids(llm)
    starting_token_ids(llm, ",")


class TokenCache:
    """Tokens of the walker's growing text: the prompt is tokenized once, then only what was written after it.

    The walker hands the whole text (prompt + JSON so far) to every value; tokenizing 700+ prompt tokens again for
    each of some 30 values was a few per cent of a document's CPU. The split sits where the walker's text leaves
    the prompt (its trailing whitespace goes with the JSON), a point where this tokenizer never merges across
    (gemma's has no space prefix; checked to give the same ids as tokenizing the whole text)."""

    def __init__(self, llm: Any, prompt: str) -> None:
        self.llm = llm
        self.head = prompt.rstrip()
        self.head_tokens: list[int] = llm.tokenize(self.head.encode("utf-8"), add_bos=True, special=True)

    def __call__(self, text: str) -> list[int]:
        if not text.startswith(self.head):
            return list(self.llm.tokenize(text.encode("utf-8"), add_bos=True, special=True))
        tail = text[len(self.head):].encode("utf-8")
        return self.head_tokens + (list(self.llm.tokenize(tail, add_bos=False, special=True)) if tail else [])
