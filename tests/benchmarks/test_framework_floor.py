"""The framework floor replays a recorded run through LangGraph and the checkpointer, faithfully."""

from __future__ import annotations

import dataclasses

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from editorial_ai.benchmarks.framework_floor import (
    _floor_run,
    build_floor_graph,
    measure_floor,
    measure_floor_concurrency,
    record_run,
    sequential_waits,
)
from editorial_ai.config import Settings
from editorial_ai.pipeline.graph import NODE_ORDER

# Long enough that calls a node starts together still overlap on a busy machine (at 5 ms, two curation calls
# gathered at once were counted as two waits under load).
DELAY = 0.05


def test_overlapping_calls_share_one_wait() -> None:
    assert sequential_waits([(0.0, 1.0), (0.2, 1.2), (0.4, 1.4), (1.5, 2.5), (2.5, 3.5)]) == 3
    assert sequential_waits([]) == 0


async def test_recording_holds_every_step_its_model_waits_and_one_pause(settings: Settings) -> None:
    recording = await record_run(settings, DELAY)
    assert [step.node for step in recording.steps] == list(NODE_ORDER)
    waits = {step.node: step.waits for step in recording.steps}
    assert waits["curation"] == 1  # its topics' calls overlap: one wait
    assert waits["editorial"] >= 4 and waits["review"] >= 1 and waits["design_spec"] == 1
    assert waits["source"] == waits["enrich"] == waits["admin_gate"] == waits["publish"] == 0
    assert [step.node for step in recording.steps if step.pauses] == ["human_decision"]
    assert recording.final["pipeline_status"] == "published"
    assert recording.initial["curation_input"]["seed_keyword"]


async def test_replay_ends_in_the_recorded_state_and_a_diverging_one_is_refused(settings: Settings) -> None:
    recording = await record_run(settings, DELAY)
    graph = build_floor_graph(recording, 0.0).compile(checkpointer=InMemorySaver())
    started, gate, end = await _floor_run(graph, recording, check=True)
    assert started <= gate <= end
    tampered = dataclasses.replace(recording, final={**recording.final, "pipeline_status": "failed"})
    with pytest.raises(RuntimeError, match="pipeline_status"):
        await _floor_run(graph, tampered, check=True)


async def test_floor_figures_count_the_recorded_model_waits(settings: Settings) -> None:
    recording = await record_run(settings, DELAY)
    (run,) = await measure_floor(recording, settings, runs=1, delay_s=DELAY)
    assert run.total_model == pytest.approx(recording.model_calls * DELAY)
    before_gate = sum(s.waits for s in recording.steps[: [s.pauses for s in recording.steps].index(True)])
    assert run.gate_model == pytest.approx(before_gate * DELAY)
    assert run.total_wall >= run.total_model and run.gate_wall >= run.gate_model and run.cpu_s > 0
    (together,) = await measure_floor_concurrency(recording, settings, (3,), DELAY)
    assert together.runs == 3 and together.ratio > 0
