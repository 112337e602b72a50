"""Answers that copy a passage are asked for again one at a time; the one that copies less is kept."""

from __future__ import annotations

from editorial_ai.content_types.research_brief.answers import clean_answer, copied_in, own_words
from editorial_ai.content_types.research_brief.models import BriefDraft, BriefRequest
from editorial_ai.content_types.research_brief.service import ResearchBriefService, default_sub_questions
from editorial_ai.llm.scripted import ScriptedClient

PASSAGES = ["V fronts the new Adidas campaign: V of BTS in a brand campaign look, wearing Adidas Gazelle Indoor "
            "(Adidas), Balenciaga Baggy Jeans (Balenciaga).",
            "IU's Gentle Monster airport look: IU in a airport fashion look, wearing Gentle Monster Musee Sunglasses "
            "(Gentle Monster), Gucci Blondie Bag (Gucci)."]
QUESTIONS = ["Who is driving the Quiet Luxury trend?", "Which brands and products define Quiet Luxury?"]
OWN = ("V of BTS and IU carry it: V in Adidas Gazelle Indoor sneakers for an Adidas campaign, IU in Gentle Monster "
       "sunglasses at the airport.")

SYNTHESIS = "Both looks pair a quiet bag or shoe with one statement piece, from V's Gazelle to IU's Blondie Bag."


def _draft(*answers: str) -> BriefDraft:
    return BriefDraft(title="Quiet Luxury: who wears it", answers=list(answers), synthesis="")


async def test_a_copied_answer_is_asked_again_with_the_copy_quoted_and_replaced_when_it_copies_less() -> None:
    writer = ScriptedClient({"brief_answer": [{"text": f"Answer: {OWN}"}]})
    draft = _draft(PASSAGES[0], "Adidas and Gentle Monster define it through sneakers and sunglasses.")
    fixed, record = await own_words(writer, draft, topic="Quiet Luxury", sub_questions=QUESTIONS, passages=PASSAGES,
                                    system="rules")
    assert fixed.answers == [OWN, draft.answers[1]]  # the label is taken off; the own-words answer is untouched
    assert record.asked == {0: (1, 0)} and record.errors == []
    (call,) = writer.calls
    assert call.purpose == "brief_answer" and call.prompt.startswith("Source passages:")
    assert QUESTIONS[0] in call.prompt and "V fronts the new Adidas campaign" in call.prompt.split("word for word")[1]


async def test_an_answer_that_copies_as_much_or_says_nothing_is_not_used() -> None:
    writer = ScriptedClient({"brief_answer": [{"text": PASSAGES[0]}, {"text": "V."}]})
    draft = _draft(PASSAGES[0])
    fixed, record = await own_words(writer, draft, topic="Quiet Luxury", sub_questions=QUESTIONS[:1],
                                    passages=PASSAGES, system="rules")
    assert fixed.answers == [PASSAGES[0]] and record.asked == {0: (1, 1)} and len(writer.calls) == 2


async def test_a_provider_error_keeps_the_answer_and_is_recorded() -> None:
    writer = ScriptedClient({"brief_draft": []})  # no response for brief_answer: the client raises
    fixed, record = await own_words(writer, _draft(PASSAGES[0]), topic="Quiet Luxury", sub_questions=QUESTIONS[:1],
                                    passages=PASSAGES, system="rules")
    assert fixed.answers == [PASSAGES[0]] and record.errors and record.errors[0].startswith("answer 1:")


def test_copies_and_labels_are_read() -> None:
    assert copied_in(PASSAGES[1], PASSAGES) and not copied_in(OWN, PASSAGES)
    assert clean_answer('  "Answer: V leads it.\n He wore Adidas."  ') == "V leads it. He wore Adidas."
    assert clean_answer("V leads it. He wore the Adidas Gazelle Indoor and the") == "V leads it."  # cut off


async def test_the_service_asks_a_chat_model_s_copied_answers_again_and_reports_it() -> None:
    copied = {"title": "Quiet Luxury: who wears it", "answers": [*PASSAGES, PASSAGES[0]], "synthesis": OWN}
    writer = ScriptedClient({"brief_draft": [{"json": copied}],
                             "brief_answer": [{"text": OWN}, {"text": OWN.replace("carry it", "lead it")},
                                              {"text": OWN.replace("carry it", "show it")}, {"text": SYNTHESIS}]})
    events: list[tuple[str, object]] = []
    request = BriefRequest(topic="Quiet Luxury", sub_questions=default_sub_questions("Quiet Luxury"),
                           passages=PASSAGES)
    outcome = await ResearchBriefService(writer, None, on_event=lambda n, p: events.append((n, p))).run(
        request, use_critic=False)
    assert "V fronts the new Adidas campaign" not in outcome.final and OWN in outcome.final
    # the synthesis said answer 1 again word for word: asked again as what the looks share, no answer shown
    assert outcome.final.rstrip().endswith(SYNTHESIS) and outcome.final.count(OWN) == 1
    assert "what these looks have in common" in writer.calls[-1].prompt and OWN not in writer.calls[-1].prompt
    (event,) = [p for n, p in events if n == "answers_asked_again"]
    assert event == {"answers": {"1": {"copied_before": 1, "copied_after": 0},
                                 "2": {"copied_before": 1, "copied_after": 0},
                                 "3": {"copied_before": 1, "copied_after": 0},
                                 "synthesis": {"copied_before": 1, "copied_after": 0}}, "errors": []}
