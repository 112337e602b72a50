"""P(option) from a chat completion's top log-probabilities: the probability judge on a remote chat model.

An OpenAI-compatible server (llama.cpp's, vLLM's, OpenAI's own) returns the first answer token's most likely
alternatives with `logprobs=true, top_logprobs=N`. The judge reads P(Yes) against P(No) from them as it reads the
embedded model's logits, instead of asking for a structured verdict it must parse.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

# The judge's system message on a chat model: the answer's first token is read, so it must be the verdict itself.
JUDGE_CHAT_SYSTEM = "You are a strict fact-checking editor. Answer each question with Yes or No only."

# How many alternatives of the first answer token are asked for (OpenAI's maximum; llama.cpp's server allows more).
TOP_LOGPROBS = 20


def _matches(token: str, option: str) -> bool:
    """Whether a sampled first token starts `option` ("Yes", " yes", "YES" and "Y" all start "Yes")."""
    word = token.strip().casefold()
    return bool(word) and option.strip().casefold().startswith(word)


def option_probabilities(top: Iterable[tuple[str, float]], options: list[str]) -> dict[str, float] | None:
    """Each option's share of the probability its first-token forms hold among `top` (token, log-probability),
    normalised over the options; None when no alternative starts any option (the answer began with something
    else, and nothing can be read)."""
    mass = dict.fromkeys(options, 0.0)
    for token, logprob in top:
        starts = [o for o in options if _matches(token, o)]
        if len(starts) == 1:  # a token that starts two options ("N" of "No" and "Not") tells neither apart
            mass[starts[0]] += math.exp(logprob)
    total = sum(mass.values())
    if total <= 0.0:
        return None
    return {option: value / total for option, value in mass.items()}
