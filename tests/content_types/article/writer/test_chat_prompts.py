"""The chat writer's system message: the voice says what each asked tone sounds like, and every tone the API
accepts has its description."""

from __future__ import annotations

from editorial_ai.content_types.article.writer.chat_prompts import (
    TONE_NOTES,
    fact_line,
    sentence_fix_task,
    voice,
    writer_system,
)
from editorial_ai.prompts.sanitize import TONES


def test_every_accepted_tone_says_what_it_sounds_like() -> None:
    assert set(TONE_NOTES) == set(TONES)


def test_the_voice_line_carries_the_asked_tones_and_nothing_else() -> None:
    system = writer_system(keyword="Y2K", tone="playful, bold", fact_groups=[("background", ["topic: Y2K"])])
    assert "Your voice is playful (light and teasing" in system
    assert "bold (confident and emphatic" in system
    assert "warm" not in system.split("Rules:")[0]  # no fixed voice added to the asked one
    assert voice("") == f"sophisticated ({TONE_NOTES['sophisticated']})"  # the default tone


def test_the_fixes_of_one_paragraph_open_alike_so_the_cache_serves_their_facts() -> None:
    facts = ["look of Jennie on 5 August 2025 in street style: Chanel Ballet Flats in black leather"]
    first = sentence_fix_task(number=2, sentence="Jennie smiled.", problems=["no such scene"], facts=facts)
    second = sentence_fix_task(number=2, sentence="The flats were red.", problems=["not red"], facts=facts)
    shared = first[:next(i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b)]
    assert facts[0] in shared and "Jennie smiled" not in shared


def test_a_standfirst_asked_again_opens_on_the_look_s_person_when_it_has_a_look() -> None:
    from editorial_ai.content_types.article.writer.chat_prompts import standfirst_task

    look = "Jennie wore the Chanel 22 Bag at the airport"
    again = standfirst_task(headline="Jennie Effect: the olive bag", look=look, fresh_start=True)
    assert f'"{look}"' in again and "name of the look's person" in again and '"From"' not in again
    assert '"From"' in standfirst_task(headline="Jennie Effect: the olive bag", fresh_start=True)


def test_a_paragraph_request_ends_with_its_tone_s_countable_move() -> None:
    from editorial_ai.content_types.article.writer.chat_prompts import paragraph_task, rewrite_task, tone_move

    assert '"you"' in tone_move("warm") and "exclamation" in tone_move("playful")
    assert tone_move("sophisticated") == ""  # the default prose is that voice already
    assert tone_move("warm, casual").count('"you"') == 1  # one move said once
    asked = paragraph_task(number=1, total=5, role="the opening", facts=["a fact"], move=tone_move("playful"))
    assert asked.splitlines()[-2] == tone_move("playful")  # just before the length line the model follows
    again = rewrite_task(number=1, total=5, role="the opening", findings=["x"], facts=["a fact"],
                         move=tone_move("warm"))
    assert tone_move("warm") in again


def test_a_first_seen_fact_is_told_as_who_wore_it_first() -> None:
    # "first seen: 5 April 2025, on V at the airport" came back as "V at the airport first saw this bag".
    assert fact_line("first seen: 5 April 2025, on V at the airport") == "first worn: 5 April 2025, by V at the airport"
    assert fact_line("first seen: 5 April 2025") == "first seen: 5 April 2025"
    facts = ["product: Jacquemus Le Chiquito Bag by Jacquemus", "first seen: 5 April 2025, on V at the airport"]
    system = writer_system(keyword="Gorpcore", tone="playful", fact_groups=[("a piece", facts)])
    assert "- first worn: 5 April 2025, by V at the airport" in system and "first seen" not in system
