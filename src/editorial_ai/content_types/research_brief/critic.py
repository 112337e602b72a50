"""The critic: gates a draft before it is final (seed 004 part A) with the shared rubric.

Fallbacks (never a dead end):
- provider error -> publishable, flagged `critic_unavailable` (the draft goes on unrevised);
- unparseable answer -> not publishable, flagged `critic_malformed`, with one generic revision.
"""

from __future__ import annotations

import logging
from typing import Annotated

from pydantic import BaseModel, Field

from editorial_ai.content_types.research_brief.models import CriticVerdict
from editorial_ai.llm.answer_parsing import ParseError, coerce_bool, coerce_str_list, find_key, loads_lenient
from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest, StructuredOutputError
from editorial_ai.models.state_json import JsonObject
from editorial_ai.prompts.critic_judge import build_critic_prompt, critic_prompt_fragments
from editorial_ai.review.rubric import Rubric

log = logging.getLogger(__name__)

GENERIC_REVISION = ("Rewrite the draft so it answers every sub-question with specific facts from the sources, "
                    "in clear connected paragraphs.")
MAX_REVISION_ITEMS = 3


class CriticAnswer(BaseModel):
    """The JSON the critic is asked for."""

    is_publishable: bool
    revisions_needed: list[Annotated[str, Field(max_length=240)]] = Field(default_factory=list,
                                                                         max_length=MAX_REVISION_ITEMS)


def malformed_verdict(error: str) -> CriticVerdict:
    """Fallback for an answer that cannot be read: ask for one generic revision."""
    return CriticVerdict(is_publishable=False, revisions_needed=[GENERIC_REVISION], flag="critic_malformed",
                         error=error)


def unavailable_verdict(error: str) -> CriticVerdict:
    """Fallback for a provider failure: publish as is, flagged."""
    return CriticVerdict(is_publishable=True, flag="critic_unavailable", error=error)


def verdict_from_data(data: JsonObject) -> CriticVerdict:
    """A verdict from a decoded JSON object with loose keys and values (a model's answer: its keys are open)."""
    publishable = coerce_bool(find_key(data, "is_publishable", "publishable", "passed"))
    revisions = coerce_str_list(find_key(data, "revisions_needed", "revisions", "revision_instructions"),
                                limit=MAX_REVISION_ITEMS)
    if publishable is None:
        if not revisions:
            return malformed_verdict("the answer has neither is_publishable nor revisions_needed")
        publishable = False
    notes_raw = find_key(data, "rubric_notes", "notes")
    notes = {str(k): str(v)[:240] for k, v in notes_raw.items()} if isinstance(notes_raw, dict) else {}
    return CriticVerdict(is_publishable=publishable, revisions_needed=[] if publishable else revisions,
                         rubric_notes=notes)


def parse_critic(text: str) -> CriticVerdict:
    """Parse a critic answer; malformed answers get the `critic_malformed` fallback."""
    try:
        return verdict_from_data(loads_lenient(text))
    except ParseError as exc:
        return malformed_verdict(str(exc))


async def critique(client: LLMClient, rubric: Rubric, *, draft: str, topic: str, audience: str,
                   sub_questions: list[str]) -> CriticVerdict:
    """Review `draft` against the rubric; returns a verdict even when the provider or the parsing fails."""
    fragments = critic_prompt_fragments(rubric)
    request = LLMRequest(
        system=fragments.system, few_shot=[fragments.example], output_schema=CriticAnswer, temperature=0.0,
        max_tokens=300, purpose="critic",
        prompt=build_critic_prompt(rubric, topic=topic, audience=audience, sub_questions=sub_questions, draft=draft),
    )
    try:
        result = await client.generate(request)
    except StructuredOutputError as exc:
        return parse_critic(exc.raw_text)
    except LLMError as exc:
        log.warning("critic unavailable, accepting the draft unrevised: %s", exc)
        return unavailable_verdict(str(exc))
    if isinstance(result.parsed, BaseModel):
        return verdict_from_data(result.parsed.model_dump())
    return parse_critic(result.text)
