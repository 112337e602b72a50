"""One rubric, two readers: the critic (revision gate) and the judge (evaluation) get the same criteria text.

Both prompts are assembled from the content type's rubric YAML (`rubrics/<type>.yaml`) through
`Rubric.as_prompt_text()`, so what the writer is revised towards is exactly what it is scored on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from editorial_ai.models.rubric import Criterion, Rubric

CRITIC_SYSTEM = (
    "You are a demanding editorial reviewer. Decide whether the draft can be published as is. Answer with JSON "
    'only, exactly: {"is_publishable": true|false, "revisions_needed": ["Specific revision instruction."]}. '
    "List at most three short, actionable instructions, and none when the draft is publishable."
)

JUDGE_SYSTEM = (
    "You are an impartial evaluator. Score the final text on each criterion from 0.0 (fails completely) to 1.0 "
    "(fully meets it), say whether it passes, and give a short reason. Judge only against the criteria and the "
    "source material. Answer with JSON only: one key per criterion, then a one-sentence justification."
)

CRITIC_EXAMPLE = (
    'Example verdict: {"is_publishable": false, "revisions_needed": ["Answer the second sub-question with a '
    'named product from the sources.", "Replace the list of facts with one connected paragraph."]}'
)


def _judge_example(criteria: list[Criterion]) -> str:
    names = [c.name for c in criteria][:2] or ["criterion"]
    items = {name: {"score": 0.8 - 0.4 * i, "passed": i == 0,
                    "reason": "Specific and supported." if i == 0 else "Say what is missing and where."}
             for i, name in enumerate(names)}
    return "Example verdict: " + json.dumps({**items, "justification": "One sentence on the overall quality."})


@dataclass(frozen=True)
class PromptFragments:
    """The pieces a critic or judge prompt is made of."""

    system: str
    rubric_text: str
    example: str


def rubric_text(rubric: Rubric, checks: tuple[str, ...] = ("judge", "grounding", "format")) -> str:
    """The criteria lines (the same `- name: description` lines the writer and both reviewers read)."""
    subset = rubric.model_copy(update={"criteria": [c for c in rubric.criteria if c.check in checks]})
    return subset.as_prompt_text() if subset.criteria else rubric.as_prompt_text()


def critic_prompt_fragments(rubric: Rubric) -> PromptFragments:
    """System prompt, criteria and example for the critic."""
    return PromptFragments(CRITIC_SYSTEM, rubric_text(rubric), CRITIC_EXAMPLE)


def judge_prompt_fragments(rubric: Rubric) -> PromptFragments:
    """System prompt, criteria (those the judge scores) and example for the judge."""
    judged = rubric.by_check("judge")
    return PromptFragments(JUDGE_SYSTEM, rubric_text(rubric, ("judge",)), _judge_example(judged))


def _bullets(items: list[str], limit: int) -> str:
    return "\n".join(f"{i}. {q}" for i, q in enumerate(items[:limit], 1)) or "(none)"


def build_critic_prompt(rubric: Rubric, *, topic: str, audience: str, sub_questions: list[str], draft: str,
                        max_questions: int = 6, max_chars: int = 3500) -> str:
    """The critic's task: context, sub-questions, the rubric text and the draft."""
    return (
        f"Topic: {topic}\nTarget audience: {audience}\nSub-questions:\n{_bullets(sub_questions, max_questions)}\n\n"
        f"Criteria:\n{critic_prompt_fragments(rubric).rubric_text}\n\nDraft:\n{draft[:max_chars]}\n\nVerdict:"
    )


def build_judge_prompt(rubric: Rubric, *, final_text: str, sources_text: str, sub_questions: list[str] | None = None,
                       max_questions: int = 6, max_chars: int = 3500) -> str:
    """The judge's task: the same rubric text, the sources, the sub-questions (if any) and the final text."""
    questions = ""
    if sub_questions:
        questions = f"Sub-questions the text must answer:\n{_bullets(sub_questions, max_questions)}\n\n"
    return (
        f"Criteria:\n{judge_prompt_fragments(rubric).rubric_text}\n\nSource material:\n{sources_text[:2000]}\n\n"
        f"{questions}Final text:\n{final_text[:max_chars]}\n\nVerdict as JSON with one key per criterion:"
    )
