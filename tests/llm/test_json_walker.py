"""The schema walker writes JSON syntax itself and asks the model only for values."""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from editorial_ai.llm.json_walker import JsonWalker


class Item(BaseModel):
    name: str = Field(max_length=20)
    count: int = Field(1, ge=0, le=9)


class Doc(BaseModel):
    title: str = Field(min_length=8)
    mood: Literal["calm", "bold"] = "calm"
    ok: bool = False
    tags: list[str] = Field(default_factory=list, max_length=3)
    items: list[Item] = Field(min_length=1, max_length=2)
    colour: Annotated[str, Field(pattern=r"^#[0-9a-f]{6}$")] = "#000000"


class FakeModel:
    """Answers from a queue and records what it was asked."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers
        self.calls: list[tuple[str, int, list[str], int]] = []

    def __call__(self, text: str, max_tokens: int, stop: list[str], min_tokens: int) -> tuple[str, int]:
        self.calls.append((text, max_tokens, stop, min_tokens))
        answer = self.answers.pop(0) if self.answers else ""
        return answer, max(1, len(answer.split()))


def test_walker_builds_valid_json_from_values_only() -> None:
    model = FakeModel(["A quiet evening", "bo", "true", "]", "x", "7", "]", "red"])
    text, stats = JsonWalker(Doc.model_json_schema(), model).run("Write:")
    doc = Doc.model_validate_json(text)
    assert doc.title == "A quiet evening"
    assert doc.mood == "bold"
    assert doc.ok is True
    assert doc.tags == []
    assert doc.items == [Item(name="x", count=7)]
    assert doc.colour == "#000000"  # "red" breaks the pattern: the schema default replaces it
    assert stats.calls == len(model.calls)


def test_min_length_becomes_min_tokens_and_prefill_is_copied_verbatim() -> None:
    model = FakeModel(["Long enough title", "calm", "false", "]", "y", "2", "]"])
    text, _ = JsonWalker(Doc.model_json_schema(), model, prefill={"colour": "#abcdef"}).run("Write:")
    assert json.loads(text)["colour"] == "#abcdef"
    first = model.calls[0]
    assert first[0].endswith('{"title": "')
    assert first[3] == 2  # minLength 8 -> at least 2 tokens before the value may close


def test_repeated_list_item_ends_the_list() -> None:
    class Tags(BaseModel):
        tags: list[str] = Field(min_length=1, max_length=4)

    model = FakeModel(["#a", ", ", "#b", ", ", "#a"])
    text, _ = JsonWalker(Tags.model_json_schema(), model).run("Tags:")
    assert json.loads(text) == {"tags": ["#a", "#b"]}


def test_budget_exhaustion_still_closes_the_document() -> None:
    model = FakeModel(["word " * 50])
    text, _ = JsonWalker(Doc.model_json_schema(), model, token_budget=3).run("Write:")
    data = json.loads(text)  # syntactically complete even when the budget ran out
    assert set(data) == set(Doc.model_fields)


def test_too_short_value_is_continued_until_it_fits() -> None:
    class Line(BaseModel):
        text: str = Field(min_length=20)

    model = FakeModel(["short", "and then some more words"])
    text, stats = JsonWalker(Line.model_json_schema(), model).run("Line:")
    assert Line.model_validate_json(text).text == "short and then some more words"
    assert stats.calls == 2
    assert model.calls[1][0].endswith('"text": "short ')  # the model continues its own words


class RankingModel:
    """Ranks the next character by a script: the walker's list probes are asked here, values from `FakeModel`."""

    def __init__(self, picks: list[str]) -> None:
        self.picks = picks
        self.asked: list[tuple[str, list[str]]] = []

    def __call__(self, text: str, options: list[str]) -> int:
        self.asked.append((text, options))
        return options.index(self.picks.pop(0))


def test_list_ends_are_chosen_by_ranking_without_decoding() -> None:
    class Tags(BaseModel):
        tags: list[str] = Field(max_length=4)
        items: list[Item] = Field(min_length=1, max_length=2)

    values = FakeModel(["#a", "#b", "x", "3"])
    chooser = RankingModel(['"', ",", "]", "]"])
    text, stats = JsonWalker(Tags.model_json_schema(), values, choose=chooser).run("Tags:")
    assert json.loads(text) == {"tags": ["#a", "#b"], "items": [{"name": "x", "count": 3}]}
    assert [options for _, options in chooser.asked] == [['"', "]"], [",", "]"], [",", "]"], [",", "]"]]
    assert chooser.asked[1][0].endswith('"tags": ["#a"')  # asked right after the item, before any separator
    assert stats.probes == 4 and stats.calls == len(values.calls) == 4  # no decoding spent on list ends
