"""Exam items end to end through the durable graph on scripted scenarios: gate, approval, publishing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from langgraph.graph import END

from editorial_ai.config import Settings
from editorial_ai.content_types.exam_item import EXAM_ITEM
from editorial_ai.models.decisions import AdminDecision
from editorial_ai.pipeline.graph import route_after_decision, route_start
from editorial_ai.pipeline.runner import Pipeline, RunOutcome, open_pipeline

from .fixtures import TOPIC

APPROVE = AdminDecision(decision="approved", reviewer="tester")
EXAM_NODES = ["exam_generate", "exam_validate", "exam_score"]


async def _start(pipeline: Pipeline, scenario: str, **extra: Any) -> RunOutcome:
    return await pipeline.start({"seed_keyword": TOPIC, "model": f"scripted:{scenario}", **extra},
                                content_type="exam_item")


def _nodes(pipeline: Pipeline, outcome: RunOutcome) -> list[str]:
    return [r["node_name"] for r in pipeline.logs(outcome.thread_id, str(outcome.state["pipeline_status"]))["runs"]]


def test_start_and_decision_routes_dispatch_on_content_type() -> None:
    assert route_start({"content_type": "exam_item"}) == "exam_generate"
    assert route_start({"content_type": "fashion_magazine"}) == route_start({}) == "curation"
    revise = {"admin_decision": "revision_requested"}
    assert route_after_decision({**revise, "content_type": "exam_item"}) == "exam_generate"
    assert route_after_decision(revise) == "editorial"
    assert route_after_decision({"admin_decision": "approved", "content_type": "exam_item"}) == "publish"
    assert route_after_decision({"admin_decision": "rejected", "content_type": "exam_item"}) == END


async def test_good_item_waits_at_the_gate_then_publishes_html(settings: Settings, scripted: Callable) -> None:
    shared = scripted("exam_good")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "exam_good")
        state = outcome.state
        assert outcome.waiting_for_human and outcome.next_nodes == ("human_decision",)
        assert state["pipeline_status"] == "awaiting_approval" and state["final_status"] == "passed"
        assert state["current_review_cycle"] == 1 and state["flags"] == [] and len(state["review_history"]) == 1
        assert [c.purpose for c in shared.client.calls] == ["exam_generate", "judge"]
        content_id = str(state["current_draft_id"])
        content = await pipeline.deps.contents.get(content_id)
        assert content is not None and content.status == "pending" and content.content_type == "exam_item"
        assert content.title == state["current_draft"]["stem"] and content.keyword == TOPIC
        assert outcome.summary()["title"] == state["current_draft"]["stem"]

        done = await pipeline.decide(content_id, APPROVE)
        assert done.state["pipeline_status"] == "published" and not done.waiting_for_human
        content = await pipeline.deps.contents.get(content_id)
        assert content is not None and content.status == "published"
        html = Path(content.published_path).read_text(encoding="utf-8")
        nodes = _nodes(pipeline, done)  # human_decision runs twice: interrupted, then resumed
        assert nodes == [*EXAM_NODES, "admin_gate", "human_decision", "human_decision", "publish"]
    assert html.lower().startswith("<!doctype html>")
    assert "Which of the following is the most likely diagnosis?" in html and "Answer: A" in html
    assert "Acute myocardial infarction" in html and "Would not cause ECG changes" in html


async def test_fixable_item_gets_exactly_one_targeted_correction(settings: Settings, scripted: Callable) -> None:
    shared = scripted("exam_fixable")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "exam_fixable")
        generated = shared.client.calls[0]
        nodes = _nodes(pipeline, outcome)
    state = outcome.state
    assert state["pipeline_status"] == "awaiting_approval" and outcome.waiting_for_human
    assert state["final_status"] == "corrected" and state["current_review_cycle"] == 2
    assert nodes == [*EXAM_NODES, "exam_correct", "exam_validate", "exam_score", "admin_gate", "human_decision"]
    assert len(shared.calls_for("correction")) == 1 and len(shared.calls_for("judge")) == 2
    assert generated.purpose == "exam_generate" and generated.few_shot and "distractor_quality" in generated.prompt

    original = json.loads(json.dumps(shared.client.responses["exam_generate"][0]["json"]))
    final = state["current_draft"]
    assert final["vignette"] == original["vignette"] and final["stem"] == original["stem"]
    assert final["options"][0] == original["options"][0] and final["answer_key"] == original["answer_key"]
    assert final["explanation"] == original["explanation"]
    assert [o["text"] for o in final["options"][1:]] != [o["text"] for o in original["options"][1:]]
    assert [o["is_correct"] for o in final["options"]] == [True, False, False, False, False]

    first, second = state["review_history"]
    for cycle, entry in enumerate((first, second), start=1):
        assert entry["cycle"] == cycle and entry["timestamp"] and entry["validation"]["is_valid"] is True
        assert set(entry["scores"]) == {c.name for c in EXAM_ITEM.rubric().by_check("judge")}
    assert first["composite_score"] == pytest.approx(0.665) and first["passed"] is False
    assert first["correction_target"] == "distractors" and first["correction"]["dimension"] == "distractor_quality"
    assert first["correction"]["components"] == ["options[1]", "options[2]", "options[3]", "options[4]"]
    assert second["composite_score"] == pytest.approx(0.83) and second["passed"] is True
    assert second["correction_applied"] is True and second["applied_correction"]["target"] == "distractors"
    assert second["correction_target"] is None


async def test_hopeless_item_needs_human_review_after_two_corrections(settings: Settings, scripted: Callable) -> None:
    shared = scripted("exam_hopeless")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "exam_hopeless")
        content = await pipeline.deps.contents.get(str(outcome.state["current_draft_id"]))
    state = outcome.state
    assert outcome.waiting_for_human and state["pipeline_status"] == "needs_human_review"
    assert state["final_status"] == "needs_human_review" and state["escalated"] is True
    assert state["flags"] == ["escalated"]
    assert len(shared.calls_for("correction")) == 2 and len(state["review_history"]) == 3
    assert [h["correction_target"] for h in state["review_history"]] == ["vignette", "vignette", None]
    assert "max self-corrections reached: 2 of 2" in state["review_history"][-1]["stop_reason"]
    assert content is not None and content.status == "escalated"
    assert content.review_json["passed"] is False


def _tenants(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tenants.yaml"
    path.write_text(text, encoding="utf-8")
    return path


async def test_tenant_threshold_override_changes_routing(make_settings: Callable[..., Settings],
                                                         scripted: Callable, tmp_path: Path) -> None:
    tenants = _tenants(tmp_path, "tenants:\n  strict: {threshold: 0.9}\n")
    settings = make_settings(EDITORIAL_AI_TENANTS_FILE=tenants)
    async with open_pipeline(settings, llm_factory=scripted("exam_good")) as pipeline:
        default = await _start(pipeline, "exam_good")
    shared = scripted("exam_good")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        strict = await _start(pipeline, "exam_good", tenant="strict")
        strict_nodes = _nodes(pipeline, strict)
    assert default.state["pipeline_status"] == "awaiting_approval" and default.state["review_history"][0]["passed"]
    assert [h["threshold"] for h in strict.state["review_history"]] == [0.9, 0.9, 0.9]
    assert strict_nodes.count("exam_correct") == 2 and "exam_correct" in strict_nodes[:4]
    assert strict.state["pipeline_status"] == "needs_human_review" and strict.waiting_for_human
    assert len(shared.calls_for("correction")) == 2


async def test_switching_the_pass_rule_changes_routing(settings: Settings, make_settings: Callable[..., Settings],
                                                      scripted: Callable, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # weighted_threshold: exam_fixable's first composite (0.665) fails -> one correction
    async with open_pipeline(settings, llm_factory=scripted("exam_fixable")) as pipeline:
        weighted = await _start(pipeline, "exam_fixable")
    assert weighted.state["current_review_cycle"] == 2
    # the same item under mandatory_and_any_important passes on the first cycle (validation + one dimension)
    import editorial_ai.content_types.exam_item.nodes as nodes

    lenient = EXAM_ITEM.rubric().with_pass_rule("mandatory_and_any_important")
    monkeypatch.setattr(nodes, "exam_rubric", lambda: lenient)
    async with open_pipeline(settings, llm_factory=scripted("exam_fixable")) as pipeline:
        switched = await _start(pipeline, "exam_fixable")
    monkeypatch.undo()
    assert switched.state["current_review_cycle"] == 1 and switched.state["pipeline_status"] == "awaiting_approval"
    assert switched.state["review_history"][0]["pass_rule"] == "mandatory_and_any_important"
    # and a tenant's pass_rule: `all` at 0.8 fails exam_good (distractor_quality 0.75) and sends it to correction
    tenants = _tenants(tmp_path, "tenants:\n  every: {pass_rule: all, threshold: 0.8}\n")
    async with open_pipeline(make_settings(EDITORIAL_AI_TENANTS_FILE=tenants),
                             llm_factory=scripted("exam_good")) as pipeline:
        every = await _start(pipeline, "exam_good", tenant="every")
    first = every.state["review_history"][0]
    assert first["pass_rule"] == "all" and first["passed"] is False and first["composite_score"] == pytest.approx(0.83)
    assert first["correction_target"] == "distractors"


async def test_revision_request_regenerates_with_the_editors_feedback(settings: Settings, scripted: Callable) -> None:
    shared = scripted("exam_good")
    async with open_pipeline(settings, llm_factory=shared) as pipeline:
        outcome = await _start(pipeline, "exam_good")
        content_id = str(outcome.state["current_draft_id"])
        revised = await pipeline.decide(content_id, AdminDecision(
            decision="revision_requested", feedback="Use an inferior STEMI instead of an anterior one."))
        rejected = await pipeline.decide(content_id, AdminDecision(decision="rejected", reason="Not needed."))
    assert revised.waiting_for_human and revised.state["pipeline_status"] == "awaiting_approval"
    assert revised.state["draft_version"] == 2 and revised.state["current_review_cycle"] == 1
    second = shared.calls_for("exam_generate")[1]
    assert "Use an inferior STEMI instead of an anterior one." in second.prompt
    assert "inferior STEMI" not in shared.calls_for("exam_generate")[0].prompt
    assert rejected.state["pipeline_status"] == "rejected" and not rejected.waiting_for_human


async def test_generation_failure_ends_the_run(settings: Settings, tmp_path: Path, scripted: Callable) -> None:
    scenario = tmp_path / "broken.yaml"
    scenario.write_text("exam_generate:\n  - {error: fatal, message: model offline}\n", encoding="utf-8")
    async with open_pipeline(settings, llm_factory=scripted("broken", tmp_path)) as pipeline:
        outcome = await pipeline.start({"seed_keyword": TOPIC, "model": "scripted:x"}, content_type="exam_item")
    assert outcome.state["pipeline_status"] == "failed" and not outcome.waiting_for_human
    assert "model offline" in outcome.state["error_log"][0] and outcome.state.get("current_draft_id") is None


def _cli(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("EDITORIAL_AI_")}
    env.update(EDITORIAL_AI_DATA_DIR=str(data_dir), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "editorial_ai.cli.main", *args], capture_output=True, text=True,
                          env=env, timeout=120, check=False, cwd=data_dir.parent)


def test_cli_run_then_approve_from_another_process(tmp_path: Path) -> None:
    data = tmp_path / "data"
    proc = _cli(data, "run", TOPIC, "--content-type", "exam_item", "--model", "scripted:exam_good", "--json")
    assert proc.returncode == 0, proc.stderr
    started = json.loads(proc.stdout)
    assert started["waiting_for_human"] is True and started["pipeline_status"] == "awaiting_approval"
    approved = _cli(data, "approve", started["content_id"], "--json")
    assert approved.returncode == 0, approved.stderr
    assert json.loads(approved.stdout)["content_status"] == "approved"  # publishing is its own step
    published = _cli(data, "publish", started["content_id"], "--yes", "--json")
    assert published.returncode == 0, published.stderr
    done = json.loads(published.stdout)
    assert done["content_status"] == "published" and Path(done["published_path"]).is_file()


async def test_a_crashing_correction_ends_the_run_instead_of_looping(settings: Settings, scripted: Callable,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from editorial_ai.content_types.exam_item.service import ExamItemService

    async def boom(*_args: Any, **_kwargs: Any) -> Any:
        raise RuntimeError("corrector bug")

    monkeypatch.setattr(ExamItemService, "correct", boom)
    async with open_pipeline(settings, llm_factory=scripted("exam_fixable")) as pipeline:
        outcome = await _start(pipeline, "exam_fixable")
        nodes = _nodes(pipeline, outcome)
    assert outcome.state["pipeline_status"] == "failed" and not outcome.waiting_for_human
    assert nodes == [*EXAM_NODES, "exam_correct"]
    assert "corrector bug" in outcome.state["error_log"][-1]

