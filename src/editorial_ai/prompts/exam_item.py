"""Exam item prompts: generation (rubric + few-shot), LLM-as-judge on the five dimensions, correction."""

from __future__ import annotations

import json
from typing import Any

from editorial_ai.models.exam_item import ExamItem, ExamRequest
from editorial_ai.prompts.editorial import format_feedback
from editorial_ai.review.rubric import Criterion

EXAM_SYSTEM = (
    "You are an experienced medical educator who writes single-best-answer exam questions. Write one question: "
    "a clinical vignette (age, sex, presentation, history, examination and test findings), a short question stem "
    "ending with '?', four or five options of the same kind with exactly one correct, the letter of the correct "
    "option as the answer key, a one-line reason for every option and an explanation of the answer."
)

EXAM_EXAMPLE_ITEM: dict[str, Any] = {
    "topic": "Diabetic ketoacidosis",
    "vignette": (
        "A 19-year-old man with type 1 diabetes is brought to the emergency department after two days of vomiting "
        "and abdominal pain. He stopped taking insulin when he could not eat. He is drowsy and breathing deeply; "
        "pulse is 118/min and blood pressure 98/60 mm Hg. Glucose is 540 mg/dL, pH 7.08, bicarbonate 8 mEq/L, "
        "and serum ketones are strongly positive."
    ),
    "stem": "Which of the following is the most appropriate initial step in management?",
    "options": [
        {"text": "Intravenous 0.9% saline", "is_correct": True,
         "explanation": "Volume depletion comes first; fluids restore perfusion before insulin."},
        {"text": "Intravenous sodium bicarbonate", "is_correct": False,
         "explanation": "Not indicated at pH 7.08; it delays ketone clearance."},
        {"text": "Subcutaneous insulin glargine", "is_correct": False,
         "explanation": "Too slow and unreliable in a shocked patient; DKA needs IV insulin after fluids."},
        {"text": "Intravenous potassium chloride bolus", "is_correct": False,
         "explanation": "Potassium is replaced by infusion guided by levels, never as a bolus."},
        {"text": "Oral rehydration solution", "is_correct": False,
         "explanation": "He is vomiting and drowsy; oral fluids are unsafe and insufficient."},
    ],
    "answer_key": "A",
    "explanation": (
        "In diabetic ketoacidosis the first step is isotonic fluid resuscitation; an intravenous insulin infusion "
        "follows once potassium is known to be at least 3.3 mEq/L."
    ),
}

EXAM_EXAMPLE = (
    'Request: topic "Diabetic ketoacidosis"; student learning objective: Prioritize the initial management of '
    "diabetic ketoacidosis; target Bloom's level: apply\n"
    f"Item: {json.dumps(EXAM_EXAMPLE_ITEM, ensure_ascii=False)}"
)


def build_exam_prompt(*, request: ExamRequest, rubric_text: str, feedback_history: list[dict[str, Any]]) -> str:
    """Task text; feedback first (as for articles), then the rubric the judge will apply, then the request."""
    parts = []
    feedback = format_feedback(feedback_history)
    if feedback:
        parts.append(feedback)
    parts.append(f"The question will be judged on:\n{rubric_text}")
    parts.append(f"Request: {request.as_source_text()}\nItem:")
    return "\n\n".join(parts)


EXAM_JUDGE_SYSTEM = (
    "You are a medical assessment reviewer checking a single-best-answer exam question before it is used. "
    "Score every dimension from 0 (unusable) to 1 (excellent) and give specific feedback that tells the writer "
    "exactly what to change in the vignette, the stem or the options."
)

EXAM_JUDGE_EXAMPLE = (
    "Item: a 58-year-old with crushing chest pain and ST elevation in II, III and aVF; options: inferior MI "
    "(keyed), stable angina, GERD, panic attack.\n"
    'Scores: {"clinical_accuracy": {"score": 0.9, "feedback": "Findings fit an inferior STEMI."}, '
    '"pedagogical_alignment": {"score": 0.8, "feedback": "Clear diagnostic stem for the objective."}, '
    '"distractor_quality": {"score": 0.4, "feedback": "Panic attack and GERD are implausible with ST elevation; '
    'use pericarditis and aortic dissection."}, '
    '"slo_coverage": {"score": 0.8, "feedback": "Tests ECG localisation as the objective asks."}, '
    '"blooms_match": {"score": 0.7, "feedback": "Application level, as targeted."}}'
)


def build_exam_judge_prompt(item: ExamItem, request: ExamRequest, criteria: list[Criterion]) -> str:
    """The judge's task: the same rubric lines the writer saw, the request and the item."""
    rubric = "\n".join(f"- {c.name}: {c.description}" for c in criteria)
    return (f"Dimensions:\n{rubric}\n\nRequest: {request.as_source_text()}\n\n"
            f"{item.as_text()[:2400]}\n\nScores as JSON with one key per dimension:")


EXAM_CORRECTION_SYSTEM = (
    "You are an experienced medical educator revising one part of a single-best-answer exam question. Rewrite "
    "only the parts you are asked for, fix every point of the reviewer feedback, and keep them consistent with "
    "the rest of the question, which stays as it is. A rewritten wrong option (distractor) stays wrong."
)

EXAM_CORRECTION_EXAMPLE = (
    "Rewrite only these parts: options_3. Reviewer feedback: distractor_quality: 'Costochondritis' is too easy "
    "to rule out.\n"
    'Rewritten parts: {"options_3": {"text": "Acute pericarditis", "is_correct": false, '
    '"explanation": "Pericarditis gives diffuse, not regional, ST elevation with PR depression."}}'
)
