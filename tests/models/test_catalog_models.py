"""The catalog's product model: what a backend's row becomes."""

from __future__ import annotations

import pytest

from editorial_ai.models.catalog import Product


@pytest.mark.parametrize(("given", "kept"), [(2350000, 2350000), ("2350000", 2350000), (0, 0), (None, None),
                                             (-1, None), ("call us", None), ("", None), (True, None)])
def test_a_price_is_a_whole_number_of_won_or_none(given: object, kept: int | None) -> None:
    product = Product(solution_id="s1", title="Chanel 22 Bag", brand="Chanel", price_krw=given)
    assert product.price_krw == kept
    assert product.title == "Chanel 22 Bag"  # a price no check can read costs the product nothing
