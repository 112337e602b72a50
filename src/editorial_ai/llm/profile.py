"""What a model can do, declared by its client and read by the writer and the judge.

Services and nodes never branch on provider names: a base model that only continues text gets the composed
writer, a chat model gets real messages; a model whose next-token probabilities can be read is judged by P(Yes).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class ModelProfile(BaseModel):
    """Capabilities of one model behind a client."""

    model_config = ConfigDict(frozen=True)

    chat: bool = True  # follows a chat template (False: a base model that continues a document)
    json_schema: bool = False  # structured output constrained by a JSON-schema grammar or response_format
    logprobs: bool = False  # next-token probabilities readable (the probability judge)
    context_tokens: int = 32768
    image_layout: bool = False  # can draw a layout image and read it back
    search_grounding: bool = False  # can ground answers in a web search


CHAT_DEFAULT = ModelProfile()


def profile_of(client: Any) -> ModelProfile:
    """The profile declared by `client` or by the provider under its wrappers (`inner`); a chat model when none
    declares one (every remote chat API)."""
    layer = client
    while layer is not None:
        profile = getattr(layer, "profile", None)
        if isinstance(profile, ModelProfile):
            return profile
        layer = getattr(layer, "inner", None)
    return CHAT_DEFAULT
