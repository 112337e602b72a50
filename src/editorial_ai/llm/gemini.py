"""Google Gemini through the `google-genai` SDK (Gemini API key or Vertex AI)."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

import httpx
from google import genai
from google.auth import exceptions as auth_exceptions
from google.genai import errors, types
from pydantic import BaseModel

from editorial_ai.config import Settings
from editorial_ai.llm.base import LLMError, LLMRequest, LLMResult, ModelNotFoundError, TokenUsage
from editorial_ai.llm.profile import ModelProfile
from editorial_ai.llm.structured import parse_structured_async

if TYPE_CHECKING:
    from editorial_ai.llm.registry import ModelSpec

DEFAULT_GEMINI_MODEL = "gemini-2.5-flash"

# The SDK talks through httpx2 when it is installed and httpx otherwise; both raise their own
# TransportError family (timeouts, refused connections, dropped sockets), so accept either.
_TRANSPORT_ERRORS: tuple[type[BaseException], ...] = (httpx.TransportError,)
try:
    import httpx2

    _TRANSPORT_ERRORS = (*_TRANSPORT_ERRORS, httpx2.TransportError)
except ImportError:  # pragma: no cover - depends on the installed SDK version
    pass

# ValueError: the SDK refused to build the request (e.g. an option or schema it cannot express).
_CAUGHT: tuple[type[BaseException], ...] = (
    errors.APIError, *_TRANSPORT_ERRORS, auth_exceptions.GoogleAuthError, TimeoutError, ValueError,
)
_TRANSIENT_STATUS = {408, 429, 500, 502, 503, 504}


def build_prompt(request: LLMRequest, *, json_instruction: bool) -> str:
    """The user prompt, followed by few-shot examples and (optionally) a JSON-only instruction."""
    parts = [request.prompt]
    parts.extend(f"Example output:\n{example}" for example in request.few_shot)
    if json_instruction and request.output_schema is not None:
        schema = json.dumps(request.output_schema.model_json_schema(), ensure_ascii=False)
        parts.append(
            "Answer with a single JSON object only (no prose, no markdown fences) "
            f"that matches this JSON schema:\n{schema}"
        )
    return "\n\n".join(parts)


def grounding_sources(response: types.GenerateContentResponse) -> list[str]:
    """Web source URIs of a search-grounded answer, in order, without duplicates."""
    if not response.candidates:
        return []
    metadata = response.candidates[0].grounding_metadata
    uris: list[str] = []
    for chunk in (metadata.grounding_chunks or []) if metadata else []:
        uri = chunk.web.uri if chunk.web else None
        if uri and uri not in uris:
            uris.append(uri)
    return uris


def map_error(exc: BaseException, *, vertexai: bool, model: str, provider: str = "gemini") -> LLMError:
    """Translate an SDK/transport exception into an LLMError that names the fix."""
    credentials_fix = (
        "check GOOGLE_CLOUD_PROJECT and `gcloud auth application-default login`"
        if vertexai
        else "check GOOGLE_API_KEY"
    )
    if isinstance(exc, errors.APIError):
        code = exc.code or 0
        detail = exc.message or str(exc)
        if code in _TRANSIENT_STATUS or code >= 500:
            return LLMError(f"Gemini temporarily unavailable ({code}): {detail}", transient=True,
                            provider=provider)
        if code in (401, 403):
            return LLMError(f"Gemini refused the credentials ({code}): {detail}; {credentials_fix}",
                            provider=provider)
        if code == 404:
            return ModelNotFoundError(f"Gemini model {model!r} not found (404): {detail}; check --model gemini:NAME",
                                      model=model, provider=provider)
        return LLMError(f"Gemini rejected the request ({code}): {detail}; check the model name and "
                        "request options", provider=provider)
    if isinstance(exc, (*_TRANSPORT_ERRORS, auth_exceptions.TransportError, TimeoutError)):
        return LLMError(f"Gemini unreachable or timed out: {exc!r}", transient=True, provider=provider)
    if isinstance(exc, auth_exceptions.GoogleAuthError):
        return LLMError(f"Google credentials unusable: {exc}; {credentials_fix}", provider=provider)
    return LLMError(f"Gemini SDK could not make the request: {exc!r}", provider=provider)


class GeminiClient:
    """An LLMClient for Gemini models; one SDK client per event loop."""

    def __init__(self, settings: Settings, model: str = DEFAULT_GEMINI_MODEL) -> None:
        self.settings = settings
        self.model = model
        self.name = f"gemini:{model}"
        # Chat with schema output, image generation read back for layout, and Google Search grounding.
        self.profile = ModelProfile(chat=True, json_schema=True, image_layout=True, search_grounding=True,
                                    context_tokens=1_000_000)
        self._sdk: tuple[asyncio.AbstractEventLoop, genai.Client] | None = None

    def _http_options(self) -> types.HttpOptions:
        # attempts=1 turns off the SDK's own retries (including its implicit sleep-and-retry on
        # connection errors): the registry's RetryingClient owns retry policy and counts attempts.
        options = types.HttpOptions(
            timeout=int(self.settings.llm_timeout_s * 1000),  # the SDK wants milliseconds
            retry_options=types.HttpRetryOptions(attempts=1),
        )
        if not self.settings.google_genai_use_vertexai:
            # google-genai 3.x defaults the Gemini API to `v1`; search grounding, response schemas and
            # preview models are documented (and first available) on `v1beta`, so pin it.
            options.api_version = "v1beta"
            if self.settings.gemini_base_url:
                options.base_url = self.settings.gemini_base_url
        return options

    def _client(self) -> genai.Client:
        # The SDK's async HTTP pool is bound to the loop that first used it; a cached client reused
        # from another loop (a second asyncio.run, per-test loops) would fail on closed sockets.
        loop = asyncio.get_running_loop()
        if self._sdk is None or self._sdk[0] is not loop:
            s = self.settings
            if s.google_genai_use_vertexai:
                sdk = genai.Client(vertexai=True, project=s.google_cloud_project,
                                   location=s.google_cloud_location, http_options=self._http_options())
            else:
                sdk = genai.Client(vertexai=False, api_key=gemini_key(s), http_options=self._http_options())
            self._sdk = (loop, sdk)
        return self._sdk[1]

    def _config(self, request: LLMRequest) -> types.GenerateContentConfig:
        config = types.GenerateContentConfig(
            system_instruction=request.system or None,
            temperature=request.temperature,
            max_output_tokens=request.max_tokens,
            stop_sequences=request.stop or None,
        )
        if request.use_search_grounding:
            # Gemini rejects search tools combined with a JSON mime type / response schema, so a
            # grounded structured request asks for JSON in the prompt instead (see build_prompt).
            config.tools = [types.Tool(google_search=types.GoogleSearch())]
        elif request.output_schema is not None:
            config.response_mime_type = "application/json"
            config.response_schema = request.output_schema
        return config

    async def generate(self, request: LLMRequest) -> LLMResult[Any]:
        """Run one generateContent call; raise LLMError (transient or not) on failure."""
        vertexai = self.settings.google_genai_use_vertexai
        text_prompt = build_prompt(request, json_instruction=request.use_search_grounding)
        # Vision input: the images go first as inline parts, then the text, all in one user turn.
        prompt: Any = text_prompt
        if request.images:
            prompt = [*(types.Part.from_bytes(data=data, mime_type=mime) for data, mime in request.images),
                      types.Part.from_text(text=text_prompt)]
        config = self._config(request)
        try:
            try:
                response = await self._client().aio.models.generate_content(
                    model=self.model, contents=prompt, config=config)
            except ValueError:
                if config.response_schema is None or request.output_schema is None:
                    raise
                # Before sending, the SDK converts a Pydantic class into Gemini's OpenAPI-subset Schema
                # and rejects what that subset cannot express (e.g. discriminated unions); nothing was
                # sent yet, so send the class's plain JSON Schema through responseJsonSchema instead.
                config.response_schema = None
                config.response_json_schema = request.output_schema.model_json_schema()
                response = await self._client().aio.models.generate_content(
                    model=self.model, contents=prompt, config=config)
        except _CAUGHT as exc:
            raise map_error(exc, vertexai=vertexai, model=self.model, provider=self.name) from exc

        text = response.text or ""
        if not text:
            raise self._empty_response_error(response)
        parsed: BaseModel | None = None
        if request.output_schema is not None:
            sdk_parsed = response.parsed
            if isinstance(sdk_parsed, request.output_schema):
                parsed = sdk_parsed
            else:
                try:
                    parsed = await parse_structured_async(text, request.output_schema)
                except LLMError as exc:
                    exc.provider = self.name
                    raise
        return LLMResult(text=text, parsed=parsed, usage=self._usage(response), model=self.model,
                         grounding_sources=grounding_sources(response))

    async def generate_image(self, prompt: str, model: str | None = None) -> tuple[bytes, str, TokenUsage]:
        """Draw an image with an image model (this client's model by default): the first inline image part,
        its mime type and the call's usage.

        A 404 raises ModelNotFoundError (the image model is not available to this key/project), 429/5xx and
        transport errors are transient, an answer without an image is a fatal LLMError.
        """
        model = model or self.model
        config = types.GenerateContentConfig(response_modalities=["IMAGE", "TEXT"])
        try:
            response = await self._client().aio.models.generate_content(model=model, contents=prompt, config=config)
        except _CAUGHT as exc:
            raise map_error(exc, vertexai=self.settings.google_genai_use_vertexai, model=model,
                            provider=f"gemini:{model}") from exc
        usage = self._usage(response, model)
        candidate = response.candidates[0] if response.candidates else None
        parts = (candidate.content.parts if candidate and candidate.content else None) or []
        for part in parts:
            blob = part.inline_data
            if blob is not None and blob.data and (blob.mime_type or "").startswith("image/"):
                return blob.data, blob.mime_type or "image/png", usage
        if not parts:
            raise self._empty_response_error(response)
        said = " ".join(p.text for p in parts if p.text)[:200]
        raise LLMError(f"Gemini image model {model!r} answered without an image: {said!r}",
                       provider=f"gemini:{model}")

    def _usage(self, response: types.GenerateContentResponse, model: str | None = None) -> TokenUsage:
        model_name = model or self.model
        meta = response.usage_metadata
        if meta is None:
            return TokenUsage(model_name=model_name)
        # Thinking models bill their thoughts as output tokens, reported apart from the answer.
        completion = (meta.candidates_token_count or 0) + (meta.thoughts_token_count or 0)
        return TokenUsage(prompt_tokens=meta.prompt_token_count or 0, completion_tokens=completion,
                          cached_tokens=meta.cached_content_token_count or 0, model_name=model_name)

    def _empty_response_error(self, response: types.GenerateContentResponse) -> LLMError:
        feedback = response.prompt_feedback
        if feedback is not None and feedback.block_reason is not None:
            return LLMError(f"Gemini blocked the prompt ({feedback.block_reason}); rephrase the input",
                            provider=self.name)
        candidate = response.candidates[0] if response.candidates else None
        reason = str(candidate.finish_reason) if candidate and candidate.finish_reason else "none"
        if "MAX_TOKENS" in reason:
            return LLMError("Gemini spent the whole token budget before answering (MAX_TOKENS); "
                            "raise max_tokens for this step", provider=self.name)
        if "SAFETY" in reason or "PROHIBITED" in reason or "BLOCKLIST" in reason:
            return LLMError(f"Gemini withheld the answer ({reason}); rephrase the input", provider=self.name)
        # An empty answer with a normal finish reason is a known intermittent glitch; worth a retry.
        return LLMError(f"Gemini returned an empty answer (finish_reason={reason})", transient=True,
                        provider=self.name)


def gemini_key(settings: Settings) -> str:
    """GOOGLE_API_KEY for Google's own endpoint only; a GOOGLE_GEMINI_BASE_URL elsewhere gets the key
    EDITORIAL_AI_ENDPOINT_KEYS names for it, else a placeholder (never None: the SDK would then read
    GOOGLE_API_KEY from the environment and send it there)."""
    from editorial_ai.llm.endpoint_keys import GEMINI_HOST, PLACEHOLDER_KEY, key_for

    url = settings.gemini_base_url or f"https://{GEMINI_HOST}/"
    own_key = settings.google_api_key.get_secret_value() if settings.google_api_key else None
    return key_for(url, settings, official_host=GEMINI_HOST, provider_key=own_key) or PLACEHOLDER_KEY


def create_client(spec: ModelSpec, settings: Settings) -> GeminiClient:
    """Factory used by the registry: `gemini:<model>`; fails fast when credentials are missing."""
    settings.require_gemini()
    return GeminiClient(settings, model=spec.model or DEFAULT_GEMINI_MODEL)
