"""The whole pipeline on the scripted provider: review loop, escalation, the human gate, publishing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.config import Settings
from editorial_ai.llm.scripted import load_scenario
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.runner import ConflictError, NotFoundError, Pipeline, RunOutcome, open_pipeline
from editorial_ai.review.rubric import load_rubric

KEYWORD = "Jennie Effect"
CRITERIA = [c.name for c in load_rubric("fashion_magazine").criteria]
APPROVE = AdminDecision(decision="approved", reviewer="tester")


async def _start(pipeline: Pipeline, model: str, keyword: str = KEYWORD) -> RunOutcome:
    return await pipeline.start({"seed_keyword": keyword, "model": model})


def _content_id(outcome: RunOutcome) -> str:
    content_id = outcome.state.get("current_draft_id")
    assert content_id, outcome.state.get("error_log")
    return str(content_id)


def _drafting_calls(shared: Any) -> list[Any]:
    """The writer's paragraph requests, in order (one per outline paragraph; a revision asks only for some)."""
    return [c for c in shared.client.calls if c.purpose == "editorial_paragraph"]


def _instructions(call: Any) -> str:
    return f"{call.system}\n{call.prompt}"


async def test_happy_path_waits_at_the_gate_then_publishes(settings: Settings) -> None:
    async with open_pipeline(settings) as pipeline:
        outcome = await _start(pipeline, "scripted:happy")
        state = outcome.state
        assert outcome.waiting_for_human and outcome.next_nodes == ("human_decision",)
        assert state["pipeline_status"] == "awaiting_approval"
        assert state["revision_count"] == 0 and state["draft_version"] == 1 and state["flags"] == []
        review = state["review_result"]
        assert review["passed"] is True
        assert [c["criterion"] for c in review["criteria"]] == CRITERIA
        assert all(c["passed"] and not c["skipped"] and c["reason"] for c in review["criteria"])
        assert state["current_draft"]["blocks"][0]["image_url"].startswith("sample://posts/")
        summary = outcome.summary()
        assert summary["tokens"]["llm_calls"] >= 4 and summary["tokens"]["total_tokens"] > 0
        assert {t["tool"] for t in state["tool_calls_log"]} >= {"catalog.search_posts", "editorial.generate"}

        content_id = _content_id(outcome)
        content = await pipeline.deps.contents.get(content_id)
        assert content is not None and content.status == "pending" and content.attempt == 1
        assert content.title == state["current_draft"]["title"]

        done = await pipeline.decide(content_id, APPROVE)
        assert done.state["pipeline_status"] == "published" and not done.waiting_for_human
        assert done.next_nodes == ()
        content = await pipeline.deps.contents.get(content_id)
        assert content is not None and content.status == "published" and content.published_at
        path = Path(content.published_path)
        assert path.is_file() and path.parent == settings.resolved_publish_dir.resolve()
        assert "<!doctype html>" in path.read_text(encoding="utf-8").lower()
        events = await pipeline.deps.contents.events(content_id)
        assert [(e.decision, e.reviewer) for e in events] == [("approved", "tester")]

        nodes = [r["node_name"] for r in pipeline.logs(outcome.thread_id, "published")["runs"]]
        assert nodes[:6] == ["curation", "design_spec", "source", "editorial", "enrich", "review"]
        assert nodes[-1] == "publish"


@pytest.mark.parametrize("scenario", ["hallucinate_then_fix", "test_hallucinate_then_fix"])
async def test_failed_review_is_revised_with_feedback_then_passes(settings: Settings, scripted: Callable,
                                                                  scenario: str) -> None:
    shared = scripted(scenario)
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, f"scripted:{scenario}")
    state = outcome.state
    assert state["pipeline_status"] == "awaiting_approval" and outcome.waiting_for_human
    assert state["revision_count"] == 1 and state["draft_version"] == 2
    (feedback,) = state["feedback_history"]
    assert feedback["source"] == "review" and feedback["attempt"] == 1
    failed = {c["criterion"]: c for c in feedback["failed_criteria"]}
    assert "hallucination" in failed and set(failed) <= {"hallucination", "fact_accuracy"}
    assert "Hermès" in failed["hallucination"]["reason"]
    assert [h["passed"] for h in state["review_history"]] == [False, True]
    assert state["review_result"]["passed"]
    calls = _drafting_calls(shared)
    first, revision = calls[0], calls[-1]
    assert len(calls) == 6  # five paragraphs, then only the paragraph that named the unsourced bag
    assert "Hermès" not in _instructions(first) and "Hermès" in _instructions(revision)  # the feedback was injected
    editorial = [t for t in state["tool_calls_log"] if t["tool"] == "editorial.generate"]
    assert editorial[-1]["mode"] == "targeted:body_paragraphs[0]"
    assert "Hermès" not in str(state["current_draft"])


@pytest.mark.parametrize(("scenario", "max_revisions"), [
    ("always_hallucinate", 3), ("test_always_hallucinate", 3), ("test_always_hallucinate", 2)])
async def test_max_retries_escalate_to_a_human_who_can_still_approve(
        make_settings: Callable[..., Settings], scenario: str, max_revisions: int) -> None:
    settings = make_settings(f"scripted:{scenario}", EDITORIAL_AI_MAX_REVISIONS=max_revisions)
    async with open_pipeline(settings) as pipeline:
        outcome = await _start(pipeline, f"scripted:{scenario}")
        state = outcome.state
        assert state["pipeline_status"] == "needs_human_review" and outcome.waiting_for_human
        assert state["revision_count"] == max_revisions and state["draft_version"] == max_revisions
        assert state["escalated"] is True and "escalated" in state["flags"]
        assert len(state["feedback_history"]) == max_revisions
        escalation = [e for e in state["error_log"] if "escalated to a human" in e]
        assert len(escalation) == 1 and str(max_revisions) in escalation[0] and "hallucination" in escalation[0]
        content_id = _content_id(outcome)
        content = await pipeline.deps.contents.get(content_id)
        assert content is not None and content.status == "escalated" and "escalated" in content.flags

        done = await pipeline.decide(content_id, APPROVE)
        assert done.state["pipeline_status"] == "published"
        content = await pipeline.deps.contents.get(content_id)
        assert content is not None and content.status == "published"
        assert Path(content.published_path).is_file()


async def test_reject_with_reason_ends_the_run(settings: Settings) -> None:
    async with open_pipeline(settings) as pipeline:
        outcome = await _start(pipeline, "scripted:happy")
        content_id = _content_id(outcome)
        done = await pipeline.decide(content_id, AdminDecision(decision="rejected", reason="Off-brand tone"))
        assert done.state["pipeline_status"] == "rejected" and done.state["admin_decision"] == "rejected"
        assert not done.waiting_for_human and done.next_nodes == ()
        content = await pipeline.deps.contents.get(content_id)
        assert content is not None
        assert content.status == "rejected" and content.rejection_reason == "Off-brand tone"
        assert content.published_path is None
        assert [e.decision for e in await pipeline.deps.contents.events(content_id)] == ["rejected"]
    assert not list(settings.resolved_publish_dir.glob("*.html"))


async def test_revision_request_reruns_editorial_with_the_admin_feedback(settings: Settings,
                                                                         scripted: Callable) -> None:
    shared = scripted("happy")
    note = "Mention the Paris Fashion Week look in the opening"
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "scripted:happy")
        content_id = _content_id(outcome)
        drafted = len(_drafting_calls(shared))
        assert drafted == 5 and not any(note in _instructions(c) for c in _drafting_calls(shared))

        again = await pipeline.decide(content_id, AdminDecision(decision="revision_requested", feedback=note))
        state = again.state
        assert again.waiting_for_human and state["pipeline_status"] == "awaiting_approval"
        assert state["draft_version"] == 2 and state["revision_count"] == 0
        assert state["feedback_history"][-1]["source"] == "admin"
        assert len(_drafting_calls(shared)) > drafted  # the whole article is written again, with the note
        assert all(note in _instructions(c) for c in _drafting_calls(shared)[drafted:])
        content = await pipeline.deps.contents.get(content_id)
        assert content is not None
        assert content.status == "pending" and content.attempt == 2 and content.admin_feedback == note
        assert _content_id(again) == content_id

        done = await pipeline.decide(content_id, APPROVE)
        assert done.state["pipeline_status"] == "published"
        decisions = [e.decision for e in await pipeline.deps.contents.events(content_id)]
        assert decisions == ["revision_requested", "approved"]


async def test_deciding_twice_is_a_conflict(settings: Settings) -> None:
    async with open_pipeline(settings) as pipeline:
        content_id = _content_id(await _start(pipeline, "scripted:happy"))
        await pipeline.decide(content_id, APPROVE)
        with pytest.raises(ConflictError, match=content_id):
            await pipeline.decide(content_id, APPROVE)
        with pytest.raises(ConflictError):
            await pipeline.decide(content_id, AdminDecision(decision="rejected", reason="too late"))
        content = await pipeline.deps.contents.get(content_id)
        assert content is not None and content.status == "published"
        assert len(await pipeline.deps.contents.events(content_id)) == 1


async def test_concurrent_conflicting_decisions_have_one_winner(settings: Settings) -> None:
    async with open_pipeline(settings) as pipeline:
        content_id = _content_id(await _start(pipeline, "scripted:happy"))
        results = await asyncio.gather(
            pipeline.decide(content_id, APPROVE),
            pipeline.decide(content_id, AdminDecision(decision="rejected", reason="No")),
            return_exceptions=True)
        winners = [r for r in results if isinstance(r, RunOutcome)]
        assert len(winners) == 1 and sum(isinstance(r, ConflictError) for r in results) == 1
        content = await pipeline.deps.contents.get(content_id)
        assert content is not None and content.status == winners[0].state["pipeline_status"]
        assert len(await pipeline.deps.contents.events(content_id)) == 1


async def test_unknown_content_and_thread_are_not_found(settings: Settings) -> None:
    async with open_pipeline(settings) as pipeline:
        with pytest.raises(NotFoundError, match="no-such-content"):
            await pipeline.decide("no-such-content", APPROVE)
        with pytest.raises(NotFoundError, match="no-such-thread"):
            await pipeline.outcome("no-such-thread")


async def test_cut_off_paragraph_loses_its_fragment_and_is_asked_again(settings: Settings, scripted: Callable) -> None:
    shared = scripted("test_malformed")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "scripted:test_malformed")
    state = outcome.state
    assert state["pipeline_status"] == "awaiting_approval" and state["review_result"]["passed"]
    generate = [t for t in state["tool_calls_log"] if t["tool"] == "editorial.generate"]
    assert len(generate) == 1 and generate[0]["short paragraphs asked again"] == 1
    calls = _drafting_calls(shared)
    assert len(calls) == 6  # the paragraph left short by the cut took a second request
    assert calls[1].prompt == calls[2].prompt and calls[1].seed != calls[2].seed  # the same task, another sample
    # The fragment the token cap cut off is never printed: the paragraph keeps its whole sentences.
    paragraphs = state["current_content"]["body_paragraphs"]
    assert not any(p.rstrip().endswith("Chanel 22 Bag with") for p in paragraphs)
    assert paragraphs[1].endswith("Alaïa Fishnet Ballet Flats.") and state["draft_version"] == 1
    assert not state["error_log"]


async def test_transient_provider_error_is_retried(settings: Settings, scripted: Callable) -> None:
    shared = scripted("test_flaky")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "scripted:test_flaky")
        log = pipeline.logs(outcome.thread_id, "x")["runs"]
    state = outcome.state
    assert state["pipeline_status"] == "awaiting_approval" and state["review_result"]["passed"]
    assert len(shared.calls_for("editorial_paragraph")) == 6 and state["draft_version"] == 1  # 1 failed + 5
    assert not state["error_log"]
    editorial_tokens = [u for u in state["token_usage"] if u["node"] == "editorial"]
    assert {u["purpose"] for u in editorial_tokens} == {"editorial_paragraph", "editorial_title", "editorial_subtitle"}
    assert [r["status"] for r in log if r["node_name"] == "editorial"] == ["success"]


async def test_provider_error_after_retries_is_recorded(settings: Settings, scripted: Callable) -> None:
    shared = scripted("happy")
    shared.client.responses = {**load_scenario("happy"),
                               "editorial_paragraph": [{"error": "transient", "message": "scripted 503 overloaded"}]}
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "scripted:happy")
    state = outcome.state
    assert len(shared.calls_for("editorial_paragraph")) == 3 * settings.max_revisions  # 3 tries per attempt
    failures = [e for e in state["error_log"] if e.startswith("editorial:")]
    assert len(failures) == settings.max_revisions and all("scripted 503 overloaded" in e for e in failures)
    assert state["pipeline_status"] in ("failed", "needs_human_review")
    assert not outcome.summary()["review_result"].get("passed")


async def test_judge_down_skips_criteria_and_waits_at_the_gate(settings: Settings, scripted: Callable) -> None:
    shared = scripted("test_judge_down")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "scripted:test_judge_down")
        content = await pipeline.deps.contents.get(_content_id(outcome))
    state = outcome.state
    assert outcome.waiting_for_human and state["pipeline_status"] == "awaiting_approval"
    assert "judge_skipped" in state["flags"] and state["revision_count"] == 0
    review = state["review_result"]
    # Only the optional visual_appeal is judged: the deterministic criteria decide, the outage is flagged.
    assert review["passed"] is True and review["judge_skipped"] is True
    by_name = {c["criterion"]: c for c in review["criteria"]}
    assert by_name["format"]["passed"] and by_name["hallucination"]["passed"]
    judged = [c.name for c in load_rubric("fashion_magazine").by_check("judge")]
    assert all(by_name[n]["skipped"] and not by_name[n]["passed"] for n in judged)
    assert len(shared.calls_for("judge")) == 1  # a fatal error is not retried
    assert content is not None and content.status == "pending" and "judge_skipped" in content.flags


async def test_keyword_matching_nothing_fails_with_the_fix(settings: Settings) -> None:
    async with open_pipeline(settings) as pipeline:
        outcome = await _start(pipeline, "scripted:happy", keyword="Qxzvw Plorbt")
        assert (await pipeline.deps.contents.list())[1] == 0
    state = outcome.state
    assert state["pipeline_status"] == "failed" and not outcome.waiting_for_human
    (error,) = state["error_log"]
    assert "Qxzvw Plorbt" in error and "nearest keywords the catalog supports: " in error
    assert "name an artist, brand, trend tag or scene" in error
    assert state.get("current_draft_id") is None


async def test_node_crash_fails_the_run_with_the_error(settings: Settings) -> None:
    async with open_pipeline(settings) as pipeline:
        outcome = await _start(pipeline, "nonsense:model")
    state = outcome.state
    assert state["pipeline_status"] == "failed" and not outcome.waiting_for_human
    assert any(e.startswith("curation: ConfigError") and "scripted" in e for e in state["error_log"])


async def test_revision_upgrades_the_routed_model(settings: Settings, scripted: Callable) -> None:
    shared = scripted("test_always_hallucinate")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "gemini:gemini-2.5-flash")
    assert outcome.state["revision_count"] == 3
    assert "gemini:gemini-2.5-pro" in shared.models
    assert shared.models.index("gemini:gemini-2.5-pro") > shared.models.index("gemini:gemini-2.5-flash")


async def test_runs_are_isolated_by_thread(settings: Settings) -> None:
    async with open_pipeline(settings) as pipeline:
        first = await _start(pipeline, "scripted:happy")
        second = await _start(pipeline, "scripted:happy")
        assert first.thread_id != second.thread_id and _content_id(first) != _content_id(second)
        await pipeline.decide(_content_id(first), APPROVE)
        assert (await pipeline.outcome(second.thread_id)).waiting_for_human
        items, total = await pipeline.deps.contents.list()
        assert total == 2 and {i.status for i in items} == {"published", "pending"}
