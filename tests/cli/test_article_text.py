"""`contents show` prints the article as a reader sees it."""

from __future__ import annotations

from editorial_ai.cli.article_text import article_lines


def test_a_product_whose_name_starts_with_its_brand_is_not_named_twice() -> None:
    layout = {"blocks": [{"type": "product_showcase", "products": [
        {"name": "Chanel Tweed Jacket", "brand": "Chanel", "description": "award show red carpet"},
        {"name": "Toy Pumps", "brand": "Loewe"}]}]}
    lines = article_lines(layout)
    assert "- Chanel Tweed Jacket: award show red carpet" in lines and "- Loewe Toy Pumps" in lines
