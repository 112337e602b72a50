"""Research briefs (seed 004 part B): draft -> critic gate -> revision (capped) -> final."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import lru_cache
from typing import Annotated

from pydantic import Field, JsonValue, create_model

from editorial_ai.content_types.research_brief import RESEARCH_BRIEF
from editorial_ai.content_types.research_brief.answers import own_words
from editorial_ai.content_types.research_brief.critic import critique
from editorial_ai.content_types.research_brief.models import (
    MAX_SUB_QUESTIONS,
    BriefDraft,
    BriefOutcome,
    BriefRequest,
    CriticVerdict,
)
from editorial_ai.content_types.research_brief.prompts import (
    BRIEF_CHAT_SYSTEM,
    BRIEF_SYSTEM,
    build_brief_example,
    build_brief_prompt,
    build_chat_brief_prompt,
    build_revision_prompt,
)
from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest
from editorial_ai.llm.counting import CountingClient, counting
from editorial_ai.llm.profile import profile_of
from editorial_ai.models.catalog import CatalogPost
from editorial_ai.models.state_json import JsonObject
from editorial_ai.review.deterministic import deterministic_results, text_view
from editorial_ai.review.rubric import Rubric
from editorial_ai.services.curation import nearest_keywords
from editorial_ai.services.source import expand_terms
from editorial_ai.services.structured_generation import generate_content
from editorial_ai.store.catalog import CatalogRepository

log = logging.getLogger(__name__)

MAX_REVISIONS = 2
MAX_CHECK_ITEMS = 3  # counted findings handed to a revision beside the critic's (each cut to CHECK_ITEM_CHARS)
CHECK_ITEM_CHARS = 400
Event = Callable[[str, JsonObject], None]  # an event name and its figures, for a log or a progress display


class NoPassagesError(ValueError):
    """Nothing to write from: a brief is never written from its prompt's example."""


def default_sub_questions(topic: str) -> list[str]:
    """Three sub-questions for a fashion topic when the caller gives none, each one the catalog's passages can
    answer: asked "why does it resonate?", the model answered with a reception no passage gives ("resonates with
    consumers who value high-quality fashion")."""
    return [f"Who is driving the {topic} trend?", f"Which brands and products define {topic}?",
            f"In which settings does {topic} show up, and with which pieces?"]


async def gather_passages(catalog: CatalogRepository, topic: str, limit: int = 8) -> list[str]:
    """Source passages for `topic` from the catalog: one line per matching post with its items."""
    posts: dict[str, CatalogPost] = {}
    for term in expand_terms([], topic):
        for post in await catalog.search_posts(term, limit=4):
            posts.setdefault(post.id, post)
        if len(posts) >= limit:
            break
    chosen = list(posts.values())[:limit]
    solutions = await catalog.solutions_for_posts([p.id for p in chosen])
    passages = []
    for post in chosen:
        who = post.artist_name + (f" of {post.group_name}" if post.group_name else "")
        items = ", ".join(f"{s.title} ({s.brand})" if s.brand else s.title for s in solutions.get(post.id, [])[:3])
        line = f"{post.title.strip()}: {who} in a {post.context or 'street'} look"
        passages.append(line + (f", wearing {items}." if items else "."))
    if not passages:
        nearest = ", ".join(await nearest_keywords(catalog, topic))
        raise NoPassagesError(f"no catalog passages for {topic!r}: nearest keywords the catalog supports: "
                              f"{nearest or 'none'}; use one of them or give passages with --passages FILE")
    return passages


@lru_cache(maxsize=8)
def brief_schema(answers: int) -> type[BriefDraft]:
    """BriefDraft whose JSON schema asks for exactly one answer per sub-question.

    Field-by-field generation follows the schema and writes them all; validation stays as lenient as
    BriefDraft (a chat model's extra or missing answers are handled by the Markdown rendering and the
    format check, not by a repair loop).
    """
    bounds: dict[str, JsonValue] = {"minItems": answers, "maxItems": answers}
    return create_model(f"BriefDraft{answers}", __base__=BriefDraft,
                        answers=(list[Annotated[str, Field(max_length=900)]],
                                 Field(min_length=1, max_length=MAX_SUB_QUESTIONS, json_schema_extra=bounds)))


class ResearchBriefService:
    """Writes a brief, lets the critic gate it and revises at most `max_revisions` times."""

    def __init__(self, writer: LLMClient, critic: LLMClient | None = None, *, rubric: Rubric | None = None,
                 max_revisions: int = MAX_REVISIONS, on_event: Event | None = None) -> None:
        self.writer: CountingClient = counting(writer)
        self.critic: CountingClient | None = counting(critic) if critic is not None else None
        self.rubric = rubric or RESEARCH_BRIEF.rubric()
        self.max_revisions = max_revisions
        self.on_event = on_event or (lambda name, payload: log.info("%s %s", name, payload))

    async def _write(self, request: BriefRequest, *, previous: str = "", revisions: list[str] | None = None) -> str:
        rubric_text = self.rubric.as_prompt_text()
        chat = profile_of(self.writer).chat  # a chat model copies an example: it gets the rules instead
        if chat:
            prompt = build_chat_brief_prompt(topic=request.topic, audience=request.audience,
                                             sub_questions=request.sub_questions, passages=request.passages,
                                             previous_draft=previous, revisions=revisions)
        elif revisions:
            prompt = build_revision_prompt(topic=request.topic, audience=request.audience,
                                           sub_questions=request.sub_questions, passages=request.passages,
                                           rubric_text=rubric_text, previous_draft=previous, revisions=revisions)
        else:
            prompt = build_brief_prompt(topic=request.topic, audience=request.audience,
                                        sub_questions=request.sub_questions, passages=request.passages,
                                        rubric_text=rubric_text)
        llm_request = LLMRequest(system=BRIEF_CHAT_SYSTEM if chat else BRIEF_SYSTEM, prompt=prompt,
                                 few_shot=[] if chat else [build_brief_example(request.topic, request.passages)],
                                 output_schema=brief_schema(len(request.sub_questions)), temperature=0.4,
                                 max_tokens=900, purpose="brief_revision" if revisions else "brief_draft")
        draft, _ = await generate_content(self.writer, llm_request)
        if chat:
            draft, record = await own_words(self.writer, draft, topic=request.topic,
                                            sub_questions=request.sub_questions, passages=request.passages,
                                            system=BRIEF_CHAT_SYSTEM)
            if record.asked or record.errors:
                self.on_event("answers_asked_again", record.as_event())
        return str(draft.to_markdown(request.sub_questions))

    def counted_findings(self, request: BriefRequest, draft: str) -> list[str]:
        """The rubric's counted checks that `draft` fails (names, reception, history and pairings against the
        passages, repetition), each as one revision item: a model critic passed "Quiet Luxury is a fashion trend
        that has gained popularity in recent years" and a synthesis repeating the answers word for word."""
        view = text_view(draft, RESEARCH_BRIEF.review_profile(), passages=request.passages, topic=request.topic,
                         context=request.sub_questions, prompt_texts=request.passages)
        failed = [r for r in deterministic_results(self.rubric, view) if not r.passed and not r.skipped]
        return [f"{r.criterion}: {r.reason}"[:CHECK_ITEM_CHARS] for r in failed][:MAX_CHECK_ITEMS]

    def _gate(self, request: BriefRequest, draft: str, verdict: CriticVerdict) -> CriticVerdict:
        """The critic's verdict with the counted findings added: a draft the checks fail is not publishable,
        whatever the critic said, and the findings come first among the revisions."""
        found = self.counted_findings(request, draft)
        self.on_event("checks_completed", {"draft": len(draft), "failed": len(found)})
        if not found:
            return verdict
        notes = {**verdict.rubric_notes, "counted_checks": " | ".join(found)}
        return verdict.model_copy(update={"is_publishable": False, "rubric_notes": notes,
                                          "revisions_needed": [*found, *verdict.revisions_needed]})

    async def run(self, request: BriefRequest, *, use_critic: bool = True) -> BriefOutcome:
        """Draft, then (with the critic) review and revise until publishable or the cap; first-draft errors raise."""
        if not any(p.strip() for p in request.passages):
            raise NoPassagesError(f"no passages for {request.topic!r}: a brief is written only from sources; give "
                                  "passages (--passages FILE) or a topic the catalog holds")
        outcome = BriefOutcome(request=request)
        clients = list({id(c): c for c in (self.writer, self.critic) if c is not None}.values())
        before = [(c.prompt_tokens, c.completion_tokens, c.calls) for c in clients]
        outcome.drafts.append(await self._write(request))
        while use_critic and self.critic is not None:
            self.on_event("critic_started", {"draft": len(outcome.drafts), "sub_questions": len(request.sub_questions)})
            verdict = self._gate(request, outcome.final, await critique(
                self.critic, self.rubric, draft=outcome.final, topic=request.topic, audience=request.audience,
                sub_questions=request.sub_questions))
            outcome.critiques.append(verdict)
            if verdict.flag and verdict.flag not in outcome.flags:
                outcome.flags.append(verdict.flag)
            if verdict.error:
                outcome.errors.append(f"critic: {verdict.error}")
            self.on_event("critic_completed", {"is_publishable": verdict.is_publishable,
                                               "revisions": len(verdict.revisions_needed), "flag": verdict.flag})
            if not verdict.wants_revision:
                break
            if outcome.revisions >= self.max_revisions:
                outcome.flags.append("revision_cap_reached")
                break
            self.on_event("writer_revision_started", {"revision": outcome.revisions + 1})
            try:
                outcome.drafts.append(await self._write(request, previous=outcome.final,
                                                        revisions=verdict.revisions_needed))
            except LLMError as exc:
                outcome.errors.append(f"revision {outcome.revisions + 1} failed: {exc}")
                outcome.flags.append("revision_failed")
                break
            outcome.revisions += 1
            self.on_event("writer_revision_completed", {"revision": outcome.revisions})
        for client, (prompt, completion, calls) in zip(clients, before, strict=True):
            outcome.prompt_tokens += client.prompt_tokens - prompt
            outcome.completion_tokens += client.completion_tokens - completion
            outcome.llm_calls += client.calls - calls
        return outcome
