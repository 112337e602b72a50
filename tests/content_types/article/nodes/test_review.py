"""The article review compares the draft with the writer's fact lines as well as the prompt's examples."""

from __future__ import annotations

from editorial_ai.content_types.article.nodes.review import writer_fact_lines
from editorial_ai.review.text_checks import copied_sentences

from ..writer.editorial_fixtures import CONTEXTS, TOPICS


def test_a_sentence_that_retells_a_fact_line_word_for_word_counts_as_copied() -> None:
    lines = writer_fact_lines(TOPICS, CONTEXTS)
    assert "look of Jennie on 5 August 2025 in street style: Calvin Klein 90s Straight Jeans in blue denim" in lines
    copied = "On 5 August 2025 in street style, Jennie wore Calvin Klein 90s Straight Jeans in blue denim."
    prose = "Jennie's blue Calvin Klein jeans, straight and relaxed, came out for a street-style day in August 2025."
    assert [s for s, _ in copied_sentences([copied, prose], lines)] == [copied]


def test_a_paragraph_s_role_read_back_counts_as_copied() -> None:
    # "Where? How a reader can wear the idea?" closed a Gorpcore article that passed.
    lines = writer_fact_lines(TOPICS, CONTEXTS)
    read_back = "How a reader can wear the idea?"
    prose = "Try the jeans with flats and a plain tee, the way Jennie did in August."
    assert [s for s, _ in copied_sentences([read_back, prose], lines)] == [read_back]
