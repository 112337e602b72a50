from __future__ import annotations

from editorial_ai.content_types.article.writer.house_style import shorten_repeated_names

PIECES = [("Dior Lady Dior Bag", "Dior"), ("Loewe Toy Pumps", "Loewe"), ("Chanel 22 Bag", "Chanel"),
          ("Maison Kitsuné Fox Head", "Maison Kitsuné")]


def test_a_piece_is_named_in_full_once_per_paragraph_then_by_its_type() -> None:
    body = ["Jennie carried the Dior Lady Dior Bag by Dior at the airport. The Dior Lady Dior Bag is black leather. "
            "Dior Lady Dior Bag lovers know Jennie's Dior Lady Dior Bag well.",
            "V wore the Loewe Toy Pumps on stage, and the Dior Lady Dior Bag came along."]
    out, count = shorten_repeated_names(body, PIECES)
    assert out[0] == ("Jennie carried the Dior Lady Dior Bag by Dior at the airport. The bag is black leather. "
                      "The bag lovers know Jennie's bag well.")
    assert out[1] == body[1]  # each paragraph names its pieces in full the first time
    assert count == 3


def test_two_pieces_of_one_type_and_names_without_a_type_stay_whole() -> None:
    body = ["The Dior Lady Dior Bag met the Chanel 22 Bag; the Dior Lady Dior Bag won. The Maison Kitsuné Fox Head "
            "shone, and the Maison Kitsuné Fox Head again."]
    out, count = shorten_repeated_names(body, PIECES)
    assert out == body and count == 0  # "the bag" would be either bag; "the head" is no garment
