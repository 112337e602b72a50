"""The client protocol every provider implements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from editorial_ai.llm.profile import ModelProfile

T = TypeVar("T", bound=BaseModel)


class LLMError(RuntimeError):
    """A provider failed; `transient` errors are worth retrying."""

    def __init__(self, message: str, *, transient: bool = False, provider: str = "") -> None:
        super().__init__(message)
        self.transient = transient
        self.provider = provider


class ModelNotFoundError(LLMError):
    """The provider does not know the requested model (HTTP 404); retrying cannot help."""

    def __init__(self, message: str, *, model: str = "", provider: str = "") -> None:
        super().__init__(message, transient=False, provider=provider)
        self.model = model


class StructuredOutputError(LLMError):
    """The model's output could not be parsed into the requested schema."""

    def __init__(self, message: str, *, raw_text: str = "", provider: str = "") -> None:
        super().__init__(message, transient=False, provider=provider)
        self.raw_text = raw_text


class LLMRequest(BaseModel):
    """One generation request.

    `prompt` is plain text; chat providers send it as a user message after `system`.
    `few_shot` holds complete example outputs (JSON for structured requests): chat providers
    show them as examples, the local base model continues after them.
    `images` are (bytes, mime type) pairs sent before the text to providers with vision input (Gemini).
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    prompt: str
    system: str = ""
    output_schema: type[BaseModel] | None = None
    few_shot: list[str] = Field(default_factory=list)
    prefill: dict[str, Any] = Field(default_factory=dict)
    temperature: float = Field(0.7, ge=0.0, le=2.0)
    max_tokens: int = Field(1024, ge=1)
    stop: list[str] = Field(default_factory=list)
    purpose: str = "generate"
    seed: int | None = None
    use_search_grounding: bool = False
    images: list[tuple[bytes, str]] = Field(default_factory=list)


class TokenUsage(BaseModel):
    """Tokens spent by one call."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    model_name: str = ""

    @property
    def total_tokens(self) -> int:
        """prompt + completion."""
        return self.prompt_tokens + self.completion_tokens


class LLMResult(BaseModel, Generic[T]):
    """Text, the parsed object (when a schema was given) and token usage."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    text: str
    parsed: Any = None
    usage: TokenUsage = Field(default_factory=TokenUsage)
    model: str = ""
    duration_ms: float = 0.0
    grounding_sources: list[str] = Field(default_factory=list)


@runtime_checkable
class LLMClient(Protocol):
    """What every provider offers."""

    name: str

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        """Run one generation; raise LLMError (transient or not) on failure."""
        ...


@runtime_checkable
class ImageGenerator(Protocol):
    """A provider that can draw an image from a prompt (Gemini image models)."""

    name: str

    async def generate_image(self, prompt: str, model: str | None = None) -> tuple[bytes, str, TokenUsage]:
        """The first image of the answer as (bytes, mime type) and the call's token usage; `model` defaults to
        the client's own model."""
        ...


@runtime_checkable
class ProbabilityScorer(Protocol):
    """A provider that reads the model's next-token probabilities (the embedded llama.cpp model).

    Judges use it to measure instead of generating verdict text (G-Eval / GPTScore style)."""

    name: str

    async def score_options(self, prompt: str | Sequence[str], options: list[str]) -> dict[str, float]:
        """Probabilities of each option's first token right after `prompt`, normalised over the options.

        `prompt` may be given as consecutive parts (shared examples, document, question): providers may cache
        the computation of leading parts and reuse it when the next prompt starts with the same parts."""
        ...


def probability_scorer(client: Any) -> ProbabilityScorer | None:
    """`client` as a ProbabilityScorer when the provider under its wrappers (`inner`) reads probabilities.

    The outermost layer that offers `score_options` is returned, so retries and token accounting still apply."""
    chain = [client]
    while getattr(chain[-1], "inner", None) is not None:
        chain.append(chain[-1].inner)
    if not isinstance(chain[-1], ProbabilityScorer):
        return None
    declared = getattr(chain[-1], "profile", None)
    if isinstance(declared, ModelProfile) and not declared.logprobs:  # a server that showed it gives none
        return None
    return next(layer for layer in chain if isinstance(layer, ProbabilityScorer))
