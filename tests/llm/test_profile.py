"""Model profiles: declared by each client, read through the wrappers, chosen on by the writer."""

from __future__ import annotations

from editorial_ai.config import Settings
from editorial_ai.content_types.article.nodes.editorial import writer_for
from editorial_ai.content_types.article.writer.chat_writer import ChatEditorialService
from editorial_ai.content_types.article.writer.editorial import EditorialService
from editorial_ai.llm.local import LocalLlamaClient
from editorial_ai.llm.profile import ModelProfile, profile_of
from editorial_ai.llm.registry import get_client
from editorial_ai.llm.scripted import ScriptedClient


class _Deps:
    settings = Settings()


def test_the_embedded_models_declare_what_they_are_without_loading() -> None:
    qwen = LocalLlamaClient(Settings(), name="local:qwen2.5-coder-1.5b")
    gemma = LocalLlamaClient(Settings(), name="local:gemma-3-270m")
    assert qwen.profile.chat and qwen.profile.logprobs and qwen.profile.json_schema
    assert not gemma.profile.chat  # a base model: it continues documents, it follows no instruction


def test_the_profile_is_read_through_retry_and_accounting_wrappers() -> None:
    wrapped = get_client("local:gemma-3-270m", Settings(), cached=False)
    assert wrapped is not wrapped.inner  # type: ignore[attr-defined]
    assert profile_of(wrapped).chat is False
    assert profile_of(ScriptedClient({})) == ModelProfile()  # no declaration: a chat model (every remote API)


def test_the_writer_follows_the_profile() -> None:
    chat = writer_for(ScriptedClient({}), None, set(), _Deps())  # type: ignore[arg-type]
    base = writer_for(LocalLlamaClient(Settings(), name="local:gemma-3-270m"), None, set(), _Deps())  # type: ignore[arg-type]
    assert isinstance(chat, ChatEditorialService) and isinstance(base, EditorialService)
    assert base.strict_names
