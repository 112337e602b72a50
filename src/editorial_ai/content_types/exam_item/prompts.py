"""Exam item prompts: generation (rubric + few-shot), LLM-as-judge on the five dimensions, correction."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from editorial_ai.models.exam_item import ExamItem, ExamRequest
from editorial_ai.models.rubric import Criterion
from editorial_ai.models.state_json import FeedbackJson
from editorial_ai.prompts.feedback import format_feedback

EXAM_SYSTEM = (
    "You are an experienced medical educator who writes single-best-answer exam questions. Write one question: "
    "a clinical vignette (age, sex, presentation, history, examination and test findings), a short question stem "
    "ending with '?', four or five options of the same kind with exactly one correct, the letter of the correct "
    "option as the answer key, a one-line reason for every option and an explanation of the answer."
)

# A fictional disease and fictional drugs: a small model copies its example, and a copied key must be visibly
# wrong (no real topic is about "Harrowgate fever"), never a plausible answer that passes review.
EXAM_EXAMPLE_ITEM: dict[str, Any] = {
    "topic": "Harrowgate fever",
    "vignette": (
        "A 34-year-old lighthouse keeper from the fictional island of Varn presents with three days of fever, "
        "violet discoloration of the fingernails and a dry cough. He drank from an untreated cistern last week. "
        "Temperature is 39.4 C and pulse 104/min. A smear shows hooked rods inside neutrophils, the hallmark of "
        "Harrowgate fever in this textbook's invented world."
    ),
    "stem": "Which of the following is the drug of choice for this invented infection?",
    "options": [
        {"text": "Oral quellamycin", "is_correct": False,
         "explanation": "Quellamycin treats cistern worm, a different invented parasite; it misses the rods."},
        {"text": "Topical dravoline cream", "is_correct": False,
         "explanation": "The nail colour is a sign of the infection, not a skin disease to treat locally."},
        {"text": "Intravenous tessaline", "is_correct": True,
         "explanation": "Tessaline is the invented drug this world uses for hooked rods in neutrophils."},
        {"text": "Inhaled orvanex", "is_correct": False,
         "explanation": "The cough comes from fever, not the airways; an inhaler treats nothing here."},
    ],
    "answer_key": "C",
    "explanation": (
        "Hooked rods inside neutrophils after drinking untreated cistern water mean Harrowgate fever, and in this "
        "invented world intravenous tessaline is its treatment; the other drugs target other invented problems."
    ),
}

EXAM_EXAMPLE = (
    'Request: topic "Harrowgate fever"; student learning objective: Choose the treatment for an invented '
    "infection from its smear; target Bloom's level: apply\n"
    f"Item: {json.dumps(EXAM_EXAMPLE_ITEM, ensure_ascii=False)}"
)


def build_exam_prompt(*, request: ExamRequest, rubric_text: str, feedback_history: Sequence[FeedbackJson]) -> str:
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
