"""Seed 002 section 9 fixtures in Python, plus builders for driving the exam nodes directly.

The seed's `distractors` list holds every option (the correct one included) with camelCase keys; here it is
`options` with `is_correct`, as in models/exam_item.py.
"""

from __future__ import annotations

import json
import operator
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from editorial_ai.config import Settings
from editorial_ai.llm.scripted import ScriptedClient
from editorial_ai.models.exam_item import ExamItem
from editorial_ai.pipeline.deps import PipelineDeps
from editorial_ai.pipeline.runner import open_pipeline

MOCK_VALID_QUESTION: dict[str, Any] = {
    "vignette": ("A 45-year-old woman presents to the emergency department with acute onset chest pain radiating to "
                 "her left arm. She has a history of hypertension and hyperlipidemia. ECG shows ST-elevation in "
                 "leads V1-V4."),
    "stem": "Which of the following is the most likely diagnosis?",
    "options": [
        {"text": "Acute myocardial infarction", "is_correct": True,
         "explanation": "ST-elevation with classic risk factors"},
        {"text": "Pulmonary embolism", "is_correct": False, "explanation": "Would typically show right heart strain"},
        {"text": "Aortic dissection", "is_correct": False, "explanation": "Usually presents with tearing pain"},
        {"text": "Pericarditis", "is_correct": False, "explanation": "Would show diffuse ST-elevation"},
        {"text": "Costochondritis", "is_correct": False, "explanation": "Would not cause ECG changes"},
    ],
    "answer_key": "A",
    "explanation": "The combination of ST-elevation, classic risk factors, and presentation is diagnostic.",
}

MOCK_INVALID_QUESTION: dict[str, Any] = {**MOCK_VALID_QUESTION, "answer_key": None, "vignette": "Short."}

MOCK_PASSING_SCORE: dict[str, Any] = {
    "dimensions": [
        {"name": "clinical_accuracy", "score": 0.9, "feedback": "Accurate presentation", "weight": 0.3},
        {"name": "pedagogical_alignment", "score": 0.8, "feedback": "Well-aligned with SLO", "weight": 0.2},
        {"name": "distractor_quality", "score": 0.75, "feedback": "Plausible distractors", "weight": 0.2},
        {"name": "slo_coverage", "score": 0.85, "feedback": "Covers target SLO", "weight": 0.2},
        {"name": "blooms_match", "score": 0.8, "feedback": "Matches application level", "weight": 0.1},
    ],
    "compositeScore": 0.83,
    "passesThreshold": True,
    "threshold": 0.7,
}

MOCK_FAILING_SCORE: dict[str, Any] = {
    "dimensions": [
        {"name": "clinical_accuracy", "score": 0.4, "feedback": "Inaccurate ECG interpretation", "weight": 0.3},
        {"name": "pedagogical_alignment", "score": 0.6, "feedback": "Partially aligned", "weight": 0.2},
        {"name": "distractor_quality", "score": 0.5, "feedback": "Some implausible distractors", "weight": 0.2},
        {"name": "slo_coverage", "score": 0.7, "feedback": "Covers SLO", "weight": 0.2},
        {"name": "blooms_match", "score": 0.6, "feedback": "Below target Bloom level", "weight": 0.1},
    ],
    "compositeScore": 0.54,
    "passesThreshold": False,
    "threshold": 0.7,
}

MOCK_LLM_SCORE_RESPONSE: dict[str, str] = {
    "content": json.dumps({
        "clinical_accuracy": {"score": 0.9, "feedback": "Accurate presentation"},
        "pedagogical_alignment": {"score": 0.8, "feedback": "Well-aligned"},
        "distractor_quality": {"score": 0.75, "feedback": "Plausible"},
        "slo_coverage": {"score": 0.85, "feedback": "Covers target"},
        "blooms_match": {"score": 0.8, "feedback": "Matches level"},
    }),
}

MOCK_REVIEW_CONFIG: dict[str, Any] = {
    "qualityThreshold": 0.7,
    "maxCorrectionLoops": 2,
    "dimensionWeights": {
        "clinical_accuracy": 0.3,
        "pedagogical_alignment": 0.2,
        "distractor_quality": 0.2,
        "slo_coverage": 0.2,
        "blooms_match": 0.1,
    },
}

TOPIC = "Acute coronary syndrome"
REQUEST: dict[str, Any] = {"topic": TOPIC, "slo": "Recognize ST-elevation myocardial infarction on ECG",
                           "blooms_level": "apply"}


def judge_json(score: dict[str, Any]) -> dict[str, Any]:
    """A MOCK_*_SCORE fixture as the judge's structured answer."""
    return {d["name"]: {"score": d["score"], "feedback": d["feedback"]} for d in score["dimensions"]}


def uniform_judge(value: float, feedback: str = "ok") -> dict[str, Any]:
    """Every dimension scored `value`."""
    return {name: {"score": value, "feedback": feedback} for name in MOCK_REVIEW_CONFIG["dimensionWeights"]}


def exam_state(item: dict[str, Any] | None = None, *, cycle: int = 1, tenant: str | None = None,
               **extra: Any) -> dict[str, Any]:
    """A pipeline state as the exam nodes see it after generation."""
    curation_input: dict[str, Any] = {"seed_keyword": TOPIC, "model": "scripted:unused",
                                      "slo": REQUEST["slo"], "blooms_level": REQUEST["blooms_level"]}
    if tenant:
        curation_input["tenant"] = tenant
    draft = ExamItem.model_validate({**(item or MOCK_VALID_QUESTION), "topic": TOPIC}).model_dump(mode="json")
    state: dict[str, Any] = {
        "thread_id": "t-exam", "content_type": "exam_item", "curation_input": curation_input,
        "exam_request": REQUEST,
        "current_draft": draft,
        "current_review_cycle": cycle, "draft_version": cycle, "review_history": [], "feedback_history": [],
        "error_log": [], "tool_calls_log": [], "token_usage": [], "flags": [], "escalated": False,
    }
    state.update(extra)
    return state


_ADDED = ("review_history", "feedback_history", "error_log", "tool_calls_log", "token_usage")


def merge(state: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """Apply a node's update the way the graph's reducers would."""
    out = dict(state)
    for key, value in update.items():
        out[key] = operator.add(list(out.get(key) or []), list(value)) if key in _ADDED else value
    return out


@asynccontextmanager
async def exam_deps(settings: Settings, responses: dict[str, list[dict[str, Any]]]
                    ) -> AsyncIterator[tuple[PipelineDeps, ScriptedClient]]:
    """Pipeline deps whose every LLM call goes to one ScriptedClient answering `responses`."""
    client = ScriptedClient(responses)
    factory: Callable[[str], Any] = lambda _model: client  # noqa: E731
    async with open_pipeline(settings, llm_factory=factory) as pipeline:
        yield pipeline.deps, client
