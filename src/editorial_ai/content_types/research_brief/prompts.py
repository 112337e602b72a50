"""Writer prompts for research briefs: first draft and critic-driven revision."""

from __future__ import annotations

import json

from editorial_ai.prompts.sanitize import quote_as_data

BRIEF_SYSTEM = (
    "You are a research analyst. Write a short brief in English that answers each sub-question in order, "
    "using ONLY facts from the source passages. Never invent names or numbers. Return JSON with a title, one "
    "answer per sub-question (two or three sentences each) and a synthesis that connects the answers."
)
# For a chat model, which follows instructions and copies any example it is shown word for word ("Taken together,
# the posts tie Quiet Luxury to the same people and pieces ..." came back as the synthesis): no example, and the
# rules the example stood for spelled out.
BRIEF_CHAT_SYSTEM = BRIEF_SYSTEM + (
    " Each answer names the people, brands and pieces the passages give and says what they show about the "
    "sub-question, in sentences of your own: never copy a passage or a post title, and never write about "
    "\"the brief\", \"the passages\" or \"the posts\" themselves. The synthesis says why the answers fit "
    "together, naming at least one person and one piece."
)

BRIEF_EXAMPLE = "Example brief: " + json.dumps({
    "title": "Quiet Knitwear: Who Wears It and Why",
    "answers": [
        "Ana Lim leads the trend: she wore the Brand A Knit Cardigan in three street-style posts.",
        "Brand A defines the look with soft cardigans that pair with denim.",
    ],
    "synthesis": "Because Ana Lim keeps returning to one Brand A cardigan, the piece reads as a personal "
                 "uniform, which is why fans copy it rather than the season's louder pieces.",
})


def build_brief_example(topic: str, passages: list[str]) -> str:
    """A worked example made of this run's own passages (small models copy examples; copying sources is harmless)."""
    if len(passages) < 2:
        return BRIEF_EXAMPLE
    first, second = (p.split(": ", 1)[-1].rstrip(".") for p in passages[:2])
    return "Example brief: " + json.dumps({
        "title": f"{topic}: what the sources show",
        "answers": [f"The posts show {first}.", f"Another post shows {second}."],
        "synthesis": f"Taken together, the posts tie {topic} to the same people and pieces, which is why the "
                     "look is easy to recognise and to copy.",
    }, ensure_ascii=False)


def _numbered(items: list[str]) -> str:
    return "\n".join(f"{i}. {item}" for i, item in enumerate(items, 1))


def format_passages(passages: list[str], max_chars: int = 1600) -> str:
    """Numbered source passages, trimmed to a budget."""
    return _numbered(passages)[:max_chars] or "(no passages found)"


def build_brief_prompt(*, topic: str, audience: str, sub_questions: list[str], passages: list[str],
                       rubric_text: str) -> str:
    """The first-draft task: what the brief will be judged on, the sub-questions and the passages."""
    return (
        f"The brief will be judged on:\n{rubric_text}\n\n"
        f"Topic: {topic}\nAudience: {audience}\nSub-questions:\n{_numbered(sub_questions)}\n\n"
        f"Source passages:\n{format_passages(passages)}\n\nBrief:"
    )


# A chat model given "The brief will be judged on: ..." first wrote about the rubric instead of the topic ("The
# brief is structured with a clear title and one section per sub-question", the whole brief on the 1.5B default):
# it gets the passages first, then the questions, then one plain task; its rules are in the system message.
CHAT_TASK = ("Write the brief on the topic: a title, one answer per sub-question in order (two or three sentences, "
             "naming the people, brands and pieces of the passages that answer it) and a synthesis. Write about the "
             "topic and the people and pieces in the passages, never about the brief itself.")


def build_chat_brief_prompt(*, topic: str, audience: str, sub_questions: list[str], passages: list[str],
                            previous_draft: str = "", revisions: list[str] | None = None) -> str:
    """The chat model's task, first draft or revision: passages, questions, then the ask (and the critic's notes)."""
    notes = "\n".join(f"- {q}" for q in (quote_as_data(r, label="Critic's note") for r in revisions or []) if q)
    revision = (f"\n\nYour last brief:\n{previous_draft[:2500]}\n\nAn editor asked for these changes (quoted):\n"
                f"{notes}\nWrite the brief again with every change made.") if notes else ""
    return (f"Source passages:\n{format_passages(passages)}\n\n"
            f"{quote_as_data(topic, label='Topic', max_chars=120)}\nAudience: {audience}\nSub-questions:\n"
            f"{_numbered(sub_questions)}\n\n{CHAT_TASK}{revision}")


def build_revision_prompt(*, topic: str, audience: str, sub_questions: list[str], passages: list[str],
                          rubric_text: str, previous_draft: str, revisions: list[str]) -> str:
    """The revision task: the critic's instructions first (so the model attends to them), then the context."""
    # The critic reads the draft (model output), so its notes are sanitized and quoted like a reviewer's.
    instructions = "\n".join(f"- {q}" for q in (quote_as_data(r, label="Critic's note") for r in revisions) if q)
    return (
        f"REVISION REQUESTED -- address every point below (the critic's words are quoted):\n{instructions}\n\n"
        f"Previous draft:\n{previous_draft[:2500]}\n\n"
        f"The brief will be judged on:\n{rubric_text}\n\n"
        f"Topic: {topic}\nAudience: {audience}\nSub-questions:\n{_numbered(sub_questions)}\n\n"
        f"Source passages:\n{format_passages(passages)}\n\nRevised brief:"
    )
