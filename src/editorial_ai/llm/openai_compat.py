"""Any OpenAI-compatible chat server (OpenAI, Ollama, vLLM, llama-server) through the `openai` SDK."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlparse

import openai
from openai import AsyncOpenAI
from openai.types.chat import ChatCompletion
from pydantic import BaseModel

from editorial_ai.config import ConfigError, Settings
from editorial_ai.llm.answer_logprobs import JUDGE_CHAT_SYSTEM, TOP_LOGPROBS, option_probabilities
from editorial_ai.llm.base import LLMError, LLMRequest, LLMResult, TokenUsage
from editorial_ai.llm.chat_template import chat_messages
from editorial_ai.llm.profile import CHAT_DEFAULT, ModelProfile
from editorial_ai.llm.structured import parse_structured_async
from editorial_ai.observability.tokens import record_token_usage

if TYPE_CHECKING:
    from editorial_ai.llm.registry import ModelSpec

OPENAI_BASE_URL = "https://api.openai.com/v1"
DEFAULT_OPENAI_MODEL = "gpt-4o-mini"
# Local servers ignore the key, but the SDK refuses to start without one.
PLACEHOLDER_KEY = "not-needed"

FormatMode = Literal["json_schema", "json_object", "prompt"]
_FORMAT_MODES: tuple[FormatMode, ...] = ("json_schema", "json_object", "prompt")
_TRANSIENT_STATUS = {408, 409, 429}


def is_official_endpoint(base_url: str) -> bool:
    """True for OpenAI's own API (which needs a real key), False for self-hosted servers."""
    return (urlparse(base_url).hostname or "").endswith("api.openai.com")


def build_messages(request: LLMRequest, *, json_instruction: bool) -> list[dict[str, str]]:
    """Real chat messages: the system text (worked examples shown as examples, never as invented turns) and the
    user prompt; with `json_instruction`, the schema is stated for servers without a response_format."""
    system_request = request
    if json_instruction and request.output_schema is not None:
        # json_object mode on OpenAI requires the word "JSON" in the messages; servers without any
        # response_format support only have this instruction to go on.
        schema = json.dumps(request.output_schema.model_json_schema(), ensure_ascii=False)
        instruction = ("Answer with a single JSON object only (no prose, no markdown fences) that matches "
                       f"this JSON schema:\n{schema}")
        system = f"{request.system}\n\n{instruction}" if request.system else instruction
        system_request = request.model_copy(update={"system": system})
    return chat_messages(system_request)


def response_format(mode: FormatMode, schema: type[BaseModel], with_schema: bool = False) -> dict[str, Any] | None:
    """The `response_format` payload for a structured-output mode (None: rely on the prompt); `with_schema` adds
    the schema to json_object mode, which self-hosted servers (llama.cpp) turn into a grammar."""
    if mode == "json_schema":
        json_schema = {"name": schema.__name__, "schema": schema.model_json_schema(), "strict": False}
        return {"type": "json_schema", "json_schema": json_schema}
    if mode == "json_object":
        if not with_schema:
            return {"type": "json_object"}
        return {"type": "json_object", "schema": grammar_friendly(schema.model_json_schema())}
    return None


# Length and count limits become one grammar rule per allowed character (a 2,000-character limit is a rule
# 2,000 levels deep): llama.cpp's grammar parser failed on them and the server dropped the connection. The
# answer is still validated against the full schema afterwards.
_GRAMMAR_UNFRIENDLY = {"maxLength", "minLength", "maxItems", "minItems", "pattern"}


def grammar_friendly(schema: Any) -> Any:
    """`schema` without the keywords that blow up a grammar (see _GRAMMAR_UNFRIENDLY)."""
    if isinstance(schema, dict):
        return {k: grammar_friendly(v) for k, v in schema.items() if k not in _GRAMMAR_UNFRIENDLY}
    if isinstance(schema, list):
        return [grammar_friendly(v) for v in schema]
    return schema


def refuses_format(exc: openai.APIStatusError) -> bool:
    """Whether the server refused the request's structured-output format (and a weaker mode may pass)."""
    if exc.status_code == 400:
        return True
    return exc.status_code in (422, 500) and "response_format" in _body_text(exc)


def _body_text(exc: openai.APIStatusError) -> str:
    body = exc.body if exc.body is not None else ""
    return f"{exc.message} {body if isinstance(body, str) else json.dumps(body, default=str)}"


def is_validation_error(exc: openai.APIStatusError) -> bool:
    """A request the server's validation refused: sending it again cannot help, whatever the status code."""
    text = _body_text(exc).lower()
    return exc.status_code == 422 or (exc.status_code == 500 and ("validation error" in text or
                                                                  "response_format" in text))


def map_error(exc: openai.OpenAIError, *, base_url: str, model: str, provider: str = "openai") -> LLMError:
    """Translate an SDK exception into an LLMError that names the fix."""
    if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
        return LLMError(f"OpenAI-compatible server at {base_url} unreachable or timed out: {exc}",
                        transient=True, provider=provider)
    if isinstance(exc, openai.APIStatusError):
        code = exc.status_code
        if is_validation_error(exc):
            return LLMError(f"server at {base_url} refused the request as invalid ({code}): {exc.message}",
                            provider=provider)
        if code in _TRANSIENT_STATUS or code >= 500:
            return LLMError(f"server at {base_url} temporarily unavailable ({code}): {exc.message}",
                            transient=True, provider=provider)
        if code in (401, 403):
            return LLMError(f"server at {base_url} refused the credentials ({code}): {exc.message}; "
                            "check OPENAI_API_KEY (api.openai.com only) or the URL's key in EDITORIAL_AI_ENDPOINT_KEYS",
                            provider=provider)
        if code == 404:
            return LLMError(f"model {model!r} or endpoint not found at {base_url} (404): {exc.message}; "
                            "check --model openai:NAME@URL (the URL usually ends in /v1)", provider=provider)
        return LLMError(f"server at {base_url} rejected the request ({code}): {exc.message}; check the "
                        "model name and request options", provider=provider)
    return LLMError(f"OpenAI-compatible request failed: {exc}", provider=provider)


class OpenAICompatClient:
    """An LLMClient for OpenAI-compatible chat completion servers; one SDK client per event loop."""

    def __init__(self, *, model: str, base_url: str, api_key: str, timeout_s: float) -> None:
        self.model = model
        self.base_url = base_url
        self.api_key = api_key
        self.timeout_s = timeout_s
        self.official = is_official_endpoint(base_url)
        self.name = f"openai:{model}" if self.official else f"openai:{model}@{base_url}"
        # The strongest structured-output mode the server has accepted; lowered after a 400.
        self.format_mode: FormatMode = "json_schema"
        # Why the server gave no token log-probabilities, once it did not: the judge then asks for verdicts.
        self.logprobs_refused = ""
        self._sdk: tuple[asyncio.AbstractEventLoop, AsyncOpenAI] | None = None

    def _client(self) -> AsyncOpenAI:
        # The SDK's async HTTP pool is bound to the loop that first used it; a cached client reused
        # from another loop (a second asyncio.run, per-test loops) would fail on closed sockets.
        loop = asyncio.get_running_loop()
        if self._sdk is None or self._sdk[0] is not loop:
            # max_retries=0: the registry's RetryingClient owns retry policy and counts attempts.
            sdk = AsyncOpenAI(api_key=self.api_key, base_url=self.base_url, max_retries=0,
                              timeout=self.timeout_s)
            self._sdk = (loop, sdk)
        return self._sdk[1]

    @property
    def profile(self) -> ModelProfile:
        """A chat model whose answer-token probabilities are readable until the server shows they are not."""
        return CHAT_DEFAULT.model_copy(update={"logprobs": not self.logprobs_refused})

    async def score_options(self, prompt: str | Sequence[str], options: list[str]) -> dict[str, float]:
        """P(each option) as the reply's first token, from the server's top log-probabilities (one token decoded).

        The parts are sent as one user message after a fixed system message, so a server that caches prompt
        prefixes (llama.cpp's does) computes the examples and the draft once for all of a draft's questions."""
        if self.logprobs_refused:
            raise LLMError(f"the server gives no token log-probabilities ({self.logprobs_refused})",
                           provider=self.name)
        text = prompt if isinstance(prompt, str) else "".join(prompt)
        kwargs: dict[str, Any] = {
            "model": self.model, "temperature": 0.0, "logprobs": True, "top_logprobs": TOP_LOGPROBS,
            "messages": [{"role": "system", "content": JUDGE_CHAT_SYSTEM}, {"role": "user", "content": text}],
        }
        kwargs["max_completion_tokens" if self.official else "max_tokens"] = 1
        started = time.perf_counter()
        try:
            response = await self._client().chat.completions.create(**kwargs)
        except openai.APIStatusError as exc:
            if exc.status_code in (400, 422) and "logprob" in _body_text(exc).casefold():
                self.logprobs_refused = f"HTTP {exc.status_code}: {exc.message}"
            raise map_error(exc, base_url=self.base_url, model=self.model, provider=self.name) from exc
        except openai.OpenAIError as exc:
            raise map_error(exc, base_url=self.base_url, model=self.model, provider=self.name) from exc
        record_token_usage(self._usage(response), purpose="judge", seconds=time.perf_counter() - started)
        choice = response.choices[0] if response.choices else None
        content = choice.logprobs.content if choice is not None and choice.logprobs is not None else None
        if not content:
            self.logprobs_refused = "its answer carried no logprobs"
            raise LLMError(f"the server at {self.base_url} answered without token log-probabilities",
                           provider=self.name)
        first = content[0]
        top = [(alt.token, alt.logprob) for alt in first.top_logprobs] or [(first.token, first.logprob)]
        probabilities = option_probabilities(top, options)
        if probabilities is None:
            raise LLMError(f"the judge's answer began with {first.token!r}, none of {', '.join(options)}",
                           provider=self.name)
        return probabilities

    async def _complete(self, request: LLMRequest, mode: FormatMode | None) -> ChatCompletion:
        schema = request.output_schema
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": build_messages(request, json_instruction=mode in ("json_object", "prompt")),
            "temperature": request.temperature,
        }
        # OpenAI deprecated max_tokens (its reasoning models reject it); self-hosted servers
        # (llama-server, older Ollama) only know max_tokens.
        kwargs["max_completion_tokens" if self.official else "max_tokens"] = request.max_tokens
        if request.stop:
            kwargs["stop"] = request.stop
        if request.seed is not None:  # a run's seeded requests sample the same way on a server that honours it
            kwargs["seed"] = request.seed
        if mode is not None and schema is not None:
            fmt = response_format(mode, schema, with_schema=not self.official)
            if fmt is not None:
                kwargs["response_format"] = fmt
        response = await self._client().chat.completions.create(**kwargs)
        if not isinstance(response, ChatCompletion):  # only streaming returns anything else
            raise LLMError(f"unexpected response type {type(response).__name__}", provider=self.name)
        return response

    async def _complete_structured(self, request: LLMRequest) -> ChatCompletion:
        """Try the current structured mode, stepping down once per mode when the server refuses the format: a 400,
        or a 422/500 whose body names response_format (llama-cpp-python's server answers an unknown format with a
        500 validation error)."""
        start = _FORMAT_MODES.index(self.format_mode)
        for mode in _FORMAT_MODES[start:]:
            try:
                response = await self._complete(request, mode)
            except openai.APIStatusError as exc:
                if mode == _FORMAT_MODES[-1] or not refuses_format(exc):
                    raise
                continue
            self.format_mode = mode
            return response
        raise AssertionError("unreachable: the last mode re-raises")

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        """Run one chat completion; raise LLMError (transient or not) on failure."""
        try:
            if request.output_schema is not None:
                response = await self._complete_structured(request)
            else:
                response = await self._complete(request, None)
        except openai.OpenAIError as exc:
            raise map_error(exc, base_url=self.base_url, model=self.model, provider=self.name) from exc

        if not response.choices:
            raise LLMError(f"server at {self.base_url} returned no choices", transient=True,
                           provider=self.name)
        message = response.choices[0].message
        if message.refusal:
            raise LLMError(f"the model refused: {message.refusal}", provider=self.name)
        text = message.content or ""
        parsed: BaseModel | None = None
        if request.output_schema is not None:
            try:
                parsed = await parse_structured_async(text, request.output_schema)
            except LLMError as exc:
                exc.provider = self.name
                raise
        return LLMResult(text=text, parsed=parsed, usage=self._usage(response),
                         model=response.model or self.model)

    def _usage(self, response: ChatCompletion) -> TokenUsage:
        usage = response.usage
        if usage is None:  # some local servers omit usage
            return TokenUsage(model_name=self.model)
        details = usage.prompt_tokens_details
        cached = (details.cached_tokens or 0) if details is not None else 0
        return TokenUsage(prompt_tokens=usage.prompt_tokens or 0,
                          completion_tokens=usage.completion_tokens or 0,
                          cached_tokens=cached, model_name=self.model)


def create_client(spec: ModelSpec, settings: Settings) -> OpenAICompatClient:
    """Factory used by the registry: `openai:<model>[@base_url]`."""
    from editorial_ai.llm.endpoint_keys import OPENAI_HOST, is_official, key_for

    base_url = spec.base_url or settings.openai_base_url or OPENAI_BASE_URL
    # OPENAI_API_KEY goes to api.openai.com only; another URL gets the key EDITORIAL_AI_ENDPOINT_KEYS names for it.
    own_key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
    api_key = key_for(base_url, settings, official_host=OPENAI_HOST, provider_key=own_key)
    if api_key is None and is_official(base_url, OPENAI_HOST):
        raise ConfigError(
            "set OPENAI_API_KEY, or point --model openai:NAME@http://host:port/v1 at a local server, "
            "or use --model local:gemma-3-270m"
        )
    api_key = api_key or PLACEHOLDER_KEY
    return OpenAICompatClient(model=spec.model or DEFAULT_OPENAI_MODEL, base_url=base_url, api_key=api_key,
                              timeout_s=settings.llm_timeout_s)
