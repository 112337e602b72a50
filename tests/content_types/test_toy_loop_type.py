"""A reviewed content type is still one module: this file declares a toy type whose review runs the shared loop.

The type brings a writer, a corrector and a `ReviewLoop` (how a draft is judged and what a correction rewrites);
the shared loop decides pass, correction and escalation, and `review_loop_flow` wires it. Nothing outside this
file knows about `couplet`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from editorial_ai.config import Settings
from editorial_ai.content_types.base import ContentType, Flow
from editorial_ai.content_types.registry import registered_type
from editorial_ai.llm.base import LLMRequest
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.models.review import CriterionResult, ReviewResult
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.loop_wiring import review_loop_flow
from editorial_ai.pipeline.review_loop import (
    Correction,
    ReviewedAttempt,
    ReviewLoop,
    review_node_maker,
)
from editorial_ai.pipeline.runner import open_pipeline
from editorial_ai.pipeline.state import PipelineNode, PipelineState, StateUpdate
from editorial_ai.review.rubric import Rubric, load_rubric


class CoupletLoop(ReviewLoop):
    """A couplet passes with exactly two lines; a failed one is rewritten whole."""

    node = "couplet_review"
    correct_node = "couplet_fix"

    def base_rubric(self, state: object, deps: PipelineDeps) -> Rubric:
        return load_rubric("default")

    async def assess(self, state: PipelineState, deps: PipelineDeps, rubric: Rubric) -> ReviewedAttempt:
        lines = (state.get("current_draft") or {}).get("lines") or []
        ok = len(lines) == 2
        verdict = CriterionResult(criterion="two_lines", passed=ok, reason=f"{len(lines)} lines",
                                  score=1.0 if ok else 0.2 * len(lines), source="validation")
        review = ReviewResult(passed=ok, criteria=[verdict], composite_score=verdict.score)
        return ReviewedAttempt(review=review, entry={"composite_score": verdict.score, "passed": ok},
                               draft=state.get("current_draft"), title="couplet")

    def plan(self, state: PipelineState, attempt: ReviewedAttempt, rubric: Rubric) -> Correction | None:
        return Correction(targets=["lines"], entry={"correction_target": "lines"})


LOOP = CoupletLoop()


def _writer(purpose: str) -> object:
    def make(deps: PipelineDeps) -> PipelineNode:
        async def write(state: PipelineState) -> StateUpdate:
            llm = deps.llm("editorial_content", str((state.get("curation_input") or {})["model"]))
            result = await llm.generate(LLMRequest(prompt="A couplet:", purpose=purpose))
            return {"current_draft": {"title": "couplet", "lines": result.text.strip().splitlines()},
                    "draft_version": int(state.get("draft_version", 0)) + 1}

        return write

    return make


@dataclass(frozen=True)
class CoupletType(ContentType):
    def flow(self) -> Flow:
        nodes = {"couplet_write": _writer("couplet"), "couplet_review": review_node_maker(LOOP),
                 "couplet_fix": _writer("couplet_fix")}
        return review_loop_flow("couplet", steps=("couplet_write",), loop=LOOP, reenter="couplet_review",
                                revision_entry="couplet_write", nodes=nodes)  # type: ignore[arg-type]


@pytest.fixture
def couplet() -> Iterator[ContentType]:
    with registered_type(CoupletType(name="couplet", label="Couplet")) as content_type:
        yield content_type


async def test_the_shared_loop_corrects_then_passes_a_toy_type(couplet: ContentType, settings: Settings) -> None:
    client = ScriptedClient({"couplet": [{"text": "one\ntwo\nthree"}], "couplet_fix": [{"text": "one\ntwo"}]})
    async with open_pipeline(settings, llm_factory=lambda _model: client) as pipeline:
        outcome = await pipeline.start({"seed_keyword": "x", "model": "scripted:toy"}, content_type="couplet")
        nodes = [r["node_name"] for r in pipeline.logs(outcome.thread_id, "awaiting_approval")["runs"]]
    state = outcome.state
    assert outcome.waiting_for_human and state["pipeline_status"] == "awaiting_approval"
    assert type(state["pipeline_status"]) is str  # the graph stores the enum's value
    assert nodes[:4] == ["couplet_write", "couplet_review", "couplet_fix", "couplet_review"]
    assert [h["passed"] for h in state["review_history"]] == [False, True]
    assert state["feedback_history"][0]["failed_criteria"][0]["criterion"] == "two_lines"


async def test_the_shared_loop_escalates_a_toy_type_at_its_cap(couplet: ContentType, settings: Settings) -> None:
    client = ScriptedClient({"couplet": [{"text": "one"}], "couplet_fix": [{"text": "a\nb\nc"}]})
    async with open_pipeline(settings.model_copy(update={"max_revisions": 2}),
                             llm_factory=lambda _model: client) as pipeline:
        outcome = await pipeline.start({"seed_keyword": "x", "model": "scripted:toy"}, content_type="couplet")
    state = outcome.state
    assert outcome.waiting_for_human and state["pipeline_status"] == "needs_human_review"
    assert state["review_history"][-1]["stop_reason"].startswith("max loops reached: 2 failed reviews")
    assert state["current_draft"] == {"title": "couplet", "lines": ["a", "b", "c"]}  # the best attempt (0.6)
