"""One rule for sentences and words, shared by the writer and the review."""

from __future__ import annotations

from editorial_ai.text import split_sentences, word_count, words


def test_a_closing_quote_or_bracket_stays_with_its_sentence_and_a_line_break_ends_one() -> None:
    assert split_sentences('She said "go." Then she left.') == ['She said "go."', "Then she left."]
    assert split_sentences("It sold out (in a day.) “Worth it,” she said. 22 Bags followed.\nA new line") == [
        "It sold out (in a day.)", "“Worth it,” she said.", "22 Bags followed.", "A new line"]
    assert split_sentences("Tiffany & Co. bracelets sold out.") == ["Tiffany & Co. bracelets sold out."]


def test_words_are_letters_and_digits_and_a_draft_counts_all_its_paragraphs() -> None:
    assert words("Pop-up store_front, 22 Bags") == ("pop", "up", "store", "front", "22", "bags")
    assert word_count("Pop-up store") == 3
    assert word_count(["Two words", "and three more"]) == 5
