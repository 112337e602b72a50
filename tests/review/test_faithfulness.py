"""A brief's sentences held to their passages beyond names: reception, history, pairings."""

from __future__ import annotations

from editorial_ai.content_types.research_brief import RESEARCH_BRIEF
from editorial_ai.review.claims import text_claims
from editorial_ai.review.deterministic import text_view
from editorial_ai.review.faithfulness import check_faithfulness

PASSAGES = ["IU's Gentle Monster airport look: IU in an airport fashion look, wearing Gentle Monster Musee Sunglasses "
            "(Gentle Monster), Gucci Blondie Bag (Gucci)."]
QUESTIONS = ["Who is driving the Quiet Luxury trend?", "In which settings does it show up, and why does it resonate?"]


def _brief(answer: str) -> str:
    return (f"# Quiet Luxury\n\n## {QUESTIONS[0]}\nIU leads it, with the Gentle Monster Musee Sunglasses.\n\n"
            f"## {QUESTIONS[1]}\n{answer}\n")


def _view(text: str):
    return text_view(text, RESEARCH_BRIEF.review_profile(), passages=PASSAGES, topic="Quiet Luxury",
                     context=QUESTIONS)


def test_a_reception_or_a_history_no_passage_gives_fails_faithfulness() -> None:
    result = check_faithfulness(_view(_brief("It has gained popularity in the past few years, at the airport.")))
    assert not result.passed and result.score == 0.6667  # one of three claims (the title is one)
    assert result.evidence == ['paragraphs[1]: "It has gained popularity in the past few years, at the airport." — '
                               'no source reports how anyone received it: "gained popularity"; say what the posts '
                               'show instead; no source gives the trend a history or an age: "in the past few '
                               'years"; say what the posts show instead']


def test_a_brief_that_says_only_what_its_passages_show_passes_and_the_asker_s_questions_are_not_claims() -> None:
    result = check_faithfulness(_view(_brief("It shows up at the airport, with the Gucci Blondie Bag.")))
    assert result.passed and result.score == 1.0, result.evidence
    # "why does it resonate?" is the question asked, not a claim of the brief
    assert [c.text for c in text_claims(_brief("x"), context=QUESTIONS).claims if c.heading] == ["Quiet Luxury"]
