"""A GGUF model's own chat template (from its metadata), rendered to text for llama.cpp.

Rendering to text instead of calling llama-cpp-python's chat completion keeps one code path for plain,
structured (field-by-field) and probability requests, and lets llama.cpp reuse its KV cache across calls
whose messages begin the same way (the facts block of a run, the draft under review).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from editorial_ai.llm.base import LLMError, LLMRequest

_SENTINEL = "\x00EDITORIAL-AI-USER-CONTENT\x00"


@dataclass(frozen=True)
class ChatTemplate:
    """The template with its stop strings; `render` gives the prompt text that ends where the reply begins."""

    source: str
    bos: str
    eos: str

    def render(self, messages: list[dict[str, str]]) -> str:
        """`messages` in the model's format, followed by the opening of the assistant's turn."""
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        formatter = Jinja2ChatFormatter(template=self.source, eos_token=self.eos, bos_token=self.bos)
        return formatter(messages=messages).prompt  # type: ignore[arg-type]

    @property
    def stops(self) -> list[str]:
        """Strings that end the assistant's turn."""
        return [s for s in dict.fromkeys([self.eos, "<|im_end|>", "<|endoftext|>", "<end_of_turn>"]) if s]

    def around_user(self, system: str) -> tuple[str, str]:
        """The text before and after one user message (after `system`): a document split into cached parts is
        placed between them, so the template's framing is decoded once with its first and last part."""
        text = self.render([{"role": "system", "content": system}, {"role": "user", "content": _SENTINEL}])
        before, found, after = text.partition(_SENTINEL)
        if not found:
            raise LLMError("the model's chat template dropped the user message; use a chat model or a base model")
        return before, after


def template_of(llm: Any) -> ChatTemplate | None:
    """The chat template in the GGUF metadata (None for a base model without one)."""
    metadata = getattr(llm, "metadata", {}) or {}
    source = metadata.get("tokenizer.chat_template")
    if not source:
        return None

    def token(key: str) -> str:
        index = metadata.get(key)
        if index is None:
            return ""
        return llm.detokenize([int(index)], special=True).decode("utf-8", "ignore")

    return ChatTemplate(source=source, bos=token("tokenizer.ggml.bos_token_id"),
                        eos=token("tokenizer.ggml.eos_token_id"))


def chat_messages(request: LLMRequest) -> list[dict[str, str]]:
    """A request as real messages: the system text (with any worked examples shown as examples, never as fake
    turns) and the prompt as the user's message."""
    system = request.system.strip()
    if request.few_shot:
        examples = "\n\n".join(f"Example of the expected output:\n{e.strip()}" for e in request.few_shot)
        system = f"{system}\n\n{examples}" if system else examples
    messages = [{"role": "system", "content": system}] if system else []
    messages.append({"role": "user", "content": request.prompt.strip()})
    return messages
