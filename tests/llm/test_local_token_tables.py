"""The walker's token tables, on a small stand-in vocabulary (the real one has 262,144 entries)."""

from __future__ import annotations

import pytest

from editorial_ai.llm.base import LLMError
from editorial_ai.llm.local_tokens import closing_token_ids, prepare_walker, starting_token_ids

VOCABULARY = [",", " ,", "]", "  ]", '"', 'a"', "\n", "{", " {x", "word", "", "],"]


class Vocabulary:
    """What the tables read from a llama.cpp model: its size, each token's bytes and the end token."""

    def n_vocab(self) -> int:
        return len(VOCABULARY)

    def detokenize(self, ids: list[int]) -> bytes:
        return "".join(VOCABULARY[i] for i in ids).encode("utf-8")

    def token_eos(self) -> int:
        return 9


# One instance for the module: the tables are cached per model object for the life of the process.
LLM = Vocabulary()


def test_tokens_are_grouped_by_their_first_character_after_spaces() -> None:
    llm = LLM
    prepare_walker(llm)
    for char in (",", "]", '"', "{", "w"):
        expected = [i for i, text in enumerate(VOCABULARY) if text.lstrip(" ").startswith(char)]
        assert starting_token_ids(llm, char).tolist() == expected
    assert starting_token_ids(llm, "]").tolist() == [2, 3, 11]


def test_a_character_no_token_starts_with_is_a_clear_error() -> None:
    with pytest.raises(LLMError, match="no token of the model starts with 'z'"):
        starting_token_ids(LLM, "z")


def test_closing_tokens_hold_a_quote_or_a_newline_and_the_end_token() -> None:
    assert closing_token_ids(LLM).tolist() == [4, 5, 6, 9]
