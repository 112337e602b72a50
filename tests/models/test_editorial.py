"""EditorialContent size limits (what a model may write before layout)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from editorial_ai.models.editorial import EditorialContent

PARAGRAPH = ("Jennie walked through the airport carrying a Chanel 22 Bag, and within days the bag had sold "
             "out across Seoul and Paris.")

ITEM: dict[str, Any] = {
    "body_paragraphs": PARAGRAPH,
    "pull_quotes": "Jennie does not follow trends; she starts them.",
    "product_mentions": {"name": "Chanel 22 Bag", "brand": "Chanel", "context": "airport"},
    "celeb_mentions": {"name": "Jennie", "context": "trendsetter"},
    "hashtags": "#JennieEffect",
    "credits": {"role": "Editor", "name": "Editorial AI"},
}


def _valid(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "keyword": "Jennie Effect", "title": "The Jennie Effect: How One Idol Dresses a Season",
        "subtitle": "Airport style that sells out", "body_paragraphs": [PARAGRAPH, PARAGRAPH],
        "pull_quotes": [ITEM["pull_quotes"]], "product_mentions": [ITEM["product_mentions"]],
        "celeb_mentions": [ITEM["celeb_mentions"]], "hashtags": ["#JennieEffect"], "credits": [ITEM["credits"]],
    }
    data.update(overrides)
    return data


def _limits(field: str) -> tuple[int, int | None]:
    schema = EditorialContent.model_json_schema()["properties"][field]
    return int(schema.get("minItems", 0)), schema.get("maxItems")


def test_a_realistic_article_is_valid() -> None:
    content = EditorialContent.model_validate(_valid())
    assert content.title.startswith("The Jennie Effect")
    assert EditorialContent.model_validate(content.model_dump()) == content


@pytest.mark.parametrize("field", sorted(ITEM))
def test_every_list_has_an_upper_bound_that_is_enforced(field: str) -> None:
    _, high = _limits(field)
    assert high is not None, f"{field} must be bounded so a small model cannot ramble"
    EditorialContent.model_validate(_valid(**{field: [ITEM[field]] * high}))
    with pytest.raises(ValidationError) as info:
        EditorialContent.model_validate(_valid(**{field: [ITEM[field]] * (high + 1)}))
    assert field in str(info.value)


def test_body_paragraphs_are_required() -> None:
    low, _ = _limits("body_paragraphs")
    assert low >= 1
    with pytest.raises(ValidationError):
        EditorialContent.model_validate(_valid(body_paragraphs=[]))
    missing = _valid()
    del missing["body_paragraphs"]
    with pytest.raises(ValidationError):
        EditorialContent.model_validate(missing)


@pytest.mark.parametrize("title", ["", "x" * 121])
def test_title_must_be_present_and_short(title: str) -> None:
    with pytest.raises(ValidationError) as info:
        EditorialContent.model_validate(_valid(title=title))
    assert "title" in str(info.value)


def test_string_limits_on_mentions() -> None:
    with pytest.raises(ValidationError):
        EditorialContent.model_validate(_valid(product_mentions=[{"name": "Bag", "brand": "B" * 61}]))
    with pytest.raises(ValidationError):
        EditorialContent.model_validate(_valid(celeb_mentions=[{"name": "J" * 61}]))
    with pytest.raises(ValidationError):
        EditorialContent.model_validate(_valid(subtitle="s" * 201))
    with pytest.raises(ValidationError):
        EditorialContent.model_validate(_valid(keyword="k" * 121))
