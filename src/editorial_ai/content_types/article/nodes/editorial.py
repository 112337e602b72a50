"""Editorial node."""

from __future__ import annotations

import logging
import re
from functools import partial

from pydantic import ValidationError

from editorial_ai.content_types.article.layout.vision import VISION, plan_layout_with_vision
from editorial_ai.content_types.article.nodes.review import draft_text
from editorial_ai.content_types.article.state import ArticleNode, ArticleState
from editorial_ai.content_types.article.writer.chat_writer import ChatEditorialService
from editorial_ai.content_types.article.writer.editorial import DraftOutcome, EditorialService, LayoutFn
from editorial_ai.llm.base import ImageGenerator, LLMClient, LLMError
from editorial_ai.llm.profile import profile_of
from editorial_ai.llm.registry import parse_model_string
from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.state_json import json_list
from editorial_ai.models.status import PipelineStatus
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.nodes._common import run_model, run_option
from editorial_ai.review.policy import draft_similarity
from editorial_ai.review.rubric import load_rubric
from editorial_ai.services.learning_context import learning_for

logger = logging.getLogger(__name__)
RESAMPLES = 2
SIMILAR = 0.97  # the loop policy's default similarity limit: at or above it a revision changed nothing


Writer = EditorialService | ChatEditorialService


def writer_for(llm: LLMClient, layout: LayoutFn | None, known_names: set[str], deps: PipelineDeps) -> Writer:
    """The chat writer for a chat model; the composed-sentence writer only for a base model, which cannot follow
    an instruction (its sentences are checked and dropped before the review)."""
    if profile_of(llm).chat:
        return ChatEditorialService(llm, layout, known_names=known_names, mode=deps.settings.writer_mode)
    return EditorialService(llm, layout, known_names=known_names, strict_names=True)


async def _produce(
    service: Writer, state: ArticleState, deps: PipelineDeps, variant: int = 0
) -> tuple[DraftOutcome, str]:
    design = DesignSpec.model_validate(state.get("design_spec") or {})
    topics = state.get("curated_topics", [])
    contexts = state.get("enriched_contexts", [])
    feedback = state.get("feedback_history", [])
    targets = state.get("correction_targets") or []
    previous = state.get("current_content")
    # A new attempt must be able to differ: a fixed seed on an unchanged prompt repeats the draft.
    seed = 1000 + int(state.get("draft_version", 0))
    tone = run_option(state, "tone", "sophisticated")
    content_type = state.get("content_type") or deps.settings.content_type
    if targets and previous and deps.settings.targeted_correction:
        try:
            outcome = await service.revise(
                content=EditorialContent.model_validate(previous),
                targets=targets,
                feedback_history=feedback,
                curated_topics=topics,
                enriched_contexts=contexts,
                design_spec=design,
                tone=tone,
                seed=seed,
                variant=variant,
                rubric=load_rubric(content_type),
            )
            return outcome, "targeted:" + ",".join(targets)
        except (LLMError, ValidationError):
            pass  # a failed patch falls back to a full rewrite below rather than losing the attempt
    outcome = await service.draft(
        curated_topics=topics,
        enriched_contexts=contexts,
        design_spec=design,
        rubric=load_rubric(content_type),
        feedback_history=feedback,
        tone=tone,
        learned_guidance=await learned_guidance(deps, content_type, run_option(state, "category"),
                                                 thread_id=str(state.get("thread_id") or "")),
        seed=seed,
        variant=variant,
    )
    return outcome, "full"


def unchanged(state: ArticleState, outcome: DraftOutcome, mode: str) -> bool:
    """Whether a new attempt repeats its predecessor (>= SIMILAR): for a targeted revision, the paragraphs it
    rewrote; otherwise the whole draft. A small real fix (one sentence dropped) is a change, not a repeat."""
    content = state.get("current_content") or {}
    previous = content.get("body_paragraphs") or []
    rewritten = [int(i) for t in json_list(outcome.notes.get("regenerated"))
                 for i in re.findall(r"\[(\d+)\]", str(t))]
    pairs = [(previous[i], outcome.content.body_paragraphs[i]) for i in rewritten
             if i < len(previous) and i < len(outcome.content.body_paragraphs)]
    # A headline or standfirst the revision was asked to rewrite is one of the parts it rewrote: compared as part
    # of the whole draft, a new standfirst alone read as a repeat and was re-sampled twice.
    pairs += [(str(content.get(part) or ""), str(getattr(outcome.content, part)))
              for part in ("title", "subtitle") if part in (state.get("correction_targets") or [])]
    if mode.startswith("targeted") and pairs:
        return draft_similarity("\n".join(o for o, _ in pairs), "\n".join(n for _, n in pairs)) >= SIMILAR
    before = draft_text(state.get("current_draft"))
    return bool(before) and draft_similarity(before, draft_text(outcome.layout.model_dump(mode="json"))) >= SIMILAR


async def produce_distinct(
    service: Writer, state: ArticleState, deps: PipelineDeps
) -> tuple[DraftOutcome, str, int]:
    """A draft that differs from its predecessor: a repeat (see `unchanged`) is re-sampled with another seed and
    prompt variant (up to RESAMPLES times) instead of being reviewed and counted as a revision.

    Returns the outcome, its mode and how many re-samples it took.
    """
    outcome, mode = await _produce(service, state, deps)
    for variant in range(1, RESAMPLES + 1):
        if not unchanged(state, outcome, mode):
            return outcome, mode, variant - 1
        try:
            outcome, mode = await _produce(service, state, deps, variant=variant)
        except LLMError:
            return outcome, mode, variant  # a re-sample that fails keeps the attempt we have
    return outcome, mode, RESAMPLES


async def learned_guidance(deps: PipelineDeps, content_type: str, category: str = "", *,
                           thread_id: str = "") -> str:
    """Guidance from recent human reviews of this content type and category ("" when there is none; every
    injection decision is logged by the learning service, which never raises, and what went into this run is
    kept in the injection log for the guidance page)."""
    from editorial_ai.pipeline.registry import content_type_for

    signal = await learning_for(deps.contents, content_type_for(content_type), category.strip().lower(),
                                disabled=deps.settings.learning_switches_off(), thread_id=thread_id or None,
                                log_dir=deps.settings.data_dir)
    return signal.render()


def layout_strategy(deps: PipelineDeps, base_model: str) -> tuple[LayoutFn | None, str]:
    """Models whose profile can draw a layout (Gemini) lay out through a design image read back by vision; others
    (or no image client) use the planner.

    Returns the LayoutFn (None: the deterministic planner) and, for the planner, why it is used.
    """
    writer = deps.llm("editorial_content", base_model)
    if not profile_of(writer).image_layout:
        return None, f"{parse_model_string(base_model).provider} provider"
    image = deps.llm("layout_image", base_model)
    if not isinstance(image, ImageGenerator):
        return None, f"{image.name} cannot generate images"
    return partial(plan_layout_with_vision, image, deps.llm("layout_parse", base_model)), ""


def layout_label(note: str, planner_reason: str) -> str:
    """The tool-log value: "vision" or "planner (<why>)"."""
    if note == VISION:
        return VISION
    reason = note.removeprefix("fallback:").strip() if note.startswith("fallback:") else planner_reason
    return f"planner ({reason})" if reason else "planner"


def make_editorial_node(deps: PipelineDeps) -> ArticleNode:
    """Editorial: full generation with feedback injection, or targeted correction of failed components."""

    async def editorial(state: ArticleState) -> ArticleState:
        revision = int(state.get("revision_count", 0))
        base_model = run_model(state, deps.settings)
        llm = deps.llm("editorial_content", base_model, revision)
        layout, planner_reason = layout_strategy(deps, base_model)
        version = int(state.get("draft_version", 0)) + 1
        try:
            known = await deps.catalog.known_entities()
            service = writer_for(llm, layout, set().union(*known.values()) if known else set(), deps)
            outcome, mode, resamples = await produce_distinct(service, state, deps)
        except LLMError as exc:
            # The review sees no draft and fails format; the loop cap bounds the cost.
            return {
                "current_draft": None,
                "draft_version": version,
                "pipeline_status": PipelineStatus.DRAFTING,
                "correction_targets": [],
                "error_log": [f"editorial: generation failed on attempt {version}: {exc}"],
            }
        draft = outcome.layout.model_dump(mode="json")
        if run_option(state, "category"):  # the learning loop aggregates reviews per category (content_types/)
            draft["metadata"] = [*draft.get("metadata", []), {"key": "category",
                                                              "value": run_option(state, "category").lower()}]
        # An editor's request the rewrite did not follow goes to the editor as a flag, never passed silently.
        ignored = [f"editor request not followed: {line}" for line in json_list(outcome.notes.get(
            "editor_requests_not_followed"))]
        return {
            **({"flags": [*(state.get("flags") or []), *ignored]} if ignored else {}),
            "current_draft": draft,
            "current_content": outcome.content.model_dump(mode="json"),
            "draft_version": version,
            "pipeline_status": PipelineStatus.DRAFTING,
            "correction_targets": [],
            "tool_calls_log": [
                {
                    "tool": "editorial.generate",
                    "model": llm.name,
                    "mode": mode,
                    "attempt": version,
                    "layout": layout_label(outcome.layout_note, planner_reason),
                    "resamples": resamples,
                    **outcome.notes,
                }
            ],
        }

    return editorial
