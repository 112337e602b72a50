"""The writer's screen: the review's own checks, located in the body the writer is about to hand over."""

from __future__ import annotations

from editorial_ai.content_types.article.writer.chat_text import REPEATED
from editorial_ai.content_types.article.writer.screen import DraftScreen
from editorial_ai.review.rubric import load_rubric
from editorial_ai.review.source_index import cached_index

from .editorial_fixtures import CONTEXTS, TOPICS

FIRST = ("Jennie carried the Chanel 22 Bag at the airport on 14 February 2026, olive leather against a plain coat, "
         "and the photos travelled fast through every fan page that follows her airport fashion looks.")
WRONG = "Lisa wore the Chanel 22 Bag in street style as well."
OTHER = "In street style she chose the Calvin Klein 90s Straight Jeans in blue denim, cut loose and worn long."


def _screen() -> DraftScreen:
    index = cached_index(TOPICS, CONTEXTS, context=["Jennie Effect"])
    return DraftScreen(load_rubric("fashion_magazine"), index, "Jennie Effect")


def test_a_pairing_no_post_makes_is_located_in_its_paragraph_and_a_true_sentence_is_not() -> None:
    screen = _screen()
    body = [FIRST, f"{OTHER} {WRONG}"]
    assert screen.located(body, 0) == []
    assert screen.located(body, 1) == [(WRONG, ["no source post ties Lisa to Chanel 22 Bag"])]
    assert screen.flags(body, 1, WRONG) == ["no source post ties Lisa to Chanel 22 Bag"]
    assert screen.flags(body, 1, OTHER) == []


def test_a_repeat_is_fixed_where_it_is_said_again_not_where_it_is_first_said() -> None:
    screen = _screen()
    body = [FIRST, f"{OTHER} {FIRST}"]
    assert screen.located(body, 0) == []
    assert (FIRST, [REPEATED]) in screen.located(body, 1)


def test_a_body_of_fewer_than_two_paragraphs_is_left_to_the_review() -> None:
    assert _screen().findings([FIRST]) == {"source": "review", "failed_criteria": []}
    assert _screen().located([FIRST, OTHER], 5) == []
